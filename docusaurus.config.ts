import type {Config} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import {spawnSync} from 'node:child_process';
import path from 'node:path';
import {themes as prismThemes} from 'prism-react-renderer';
import {siteUrl, baseUrl, repositoryUrl} from './src/data/site.mjs';
import {apiReference} from './src/plugins/api-reference';
import {languageTabs} from './src/plugins/api-reference/language-tabs.mjs';
import {messageDictionary} from './src/plugins/message-dictionary';
import {validator} from './src/plugins/validator';
import {markdownTwins} from './src/plugins/markdown-twins';
import {codeBlocks} from './src/plugins/code-blocks';
import {sandbox} from './src/plugins/sandbox';
import {conformance} from './src/plugins/conformance';
import {search} from './src/plugins/search';
import {publishSpecs} from './src/plugins/publish-specs';
import {announcementBar, announcementBarIdCheck} from './src/plugins/announcement-bar';
import {renderingOnServer} from './src/plugins/rendering-on-server';
import {referenceSiteRedirects} from './src/plugins/reference-site-redirects';
import {accessiblePrismTheme, classColouredTheme, plainColouredTypes} from './src/prism/contrast';
import {ssrTemplate} from './src/ssr-template';
import {navbar, footer} from './src/site-navigation';
import {mermaidTheme} from './src/diagram-rendering.mjs';
import prerenderedMermaid from './src/remark/prerendered-mermaid.mjs';
import versionNotice from './src/remark/version-notice.mjs';
import specDeviations from './src/remark/spec-deviations.mjs';

const editUrl = `${repositoryUrl}/edit/main/`;

// Pages show their last-updated date from git history; a copy without it (a downloaded ZIP) builds without dates.
const insideGitWorktree = spawnSync('git', ['rev-parse', '--is-inside-work-tree'], {cwd: __dirname}).status === 0;

// Code colours, adjusted to 4.5:1 on the code background and on highlighted lines (custom.css). The tokens are
// coloured by CSS classes (src/plugins/code-blocks) rather than inline styles: see classColouredTheme.
const codeThemes = {
  light: accessiblePrismTheme(prismThemes.github, ['rgba(11, 92, 173, 0.12)']),
  dark: accessiblePrismTheme(prismThemes.dracula, ['rgba(124, 196, 255, 0.16)']),
};

const config: Config = {
  title: 'SETU',
  tagline: 'Documentation of the SETU standards for data exchange in the Dutch staffing industry',
  favicon: 'img/favicon.svg',
  url: siteUrl,
  baseUrl,
  trailingSlash: undefined,
  organizationName: 'setu-standards',
  projectName: 'documentation',

  // A broken link or anchor fails the build. The published specs are static files, which Docusaurus cannot check
  // (`pathname:///specs/<file>` in Markdown, `<a href="/docs/specs/<file>">`); the page check (scripts/lib/mdx-pages.mjs) does.
  onBrokenLinks: 'throw',
  onBrokenAnchors: 'throw',
  onDuplicateRoutes: 'throw',
  // Docusaurus' page template, with the scripts loaded after the first paint (see src/ssr-template.ts).
  ssrTemplate,
  markdown: {
    mermaid: true,
    hooks: {onBrokenMarkdownLinks: 'throw'},
  },
  future: {
    // Every Docusaurus Faster option is on (v4.fasterByDefault below) except Rspack's persistent cache: it saves
    // ~7 s of a warm build but adds ~650 MB to the peak memory (2.6 instead of ~2 GB), and CI always builds cold.
    faster: {rspackPersistentCache: false},
    experimental_vcs: insideGitWorktree,
    // v4 behaviour where it is harmless; siteStorageNamespacing stays off so the colour mode is stored under `theme`.
    v4: {
      removeLegacyPostBuildHeadAttribute: true,
      useCssCascadeLayers: false,
      siteStorageNamespacing: false,
      fasterByDefault: true,
      mdx1CompatDisabledByDefault: false, // keeps `## Heading {#id}` explicit anchors
    },
  },

  i18n: {
    defaultLocale: 'en',
    locales: ['en'],
    localeConfigs: {en: {label: 'EN', direction: 'ltr', htmlLang: 'en'}},
  },

  presets: [
    [
      'classic',
      {
        docs: {
          routeBasePath: '/',
          sidebarPath: './sidebars.ts',
          editUrl,
          showLastUpdateTime: insideGitWorktree,
          // Folder names such as `2.0` (Inquiry Pay Equity v2.0) are part of the route, not an ordering prefix.
          numberPrefixParser: false,
          // Diagrams as SVGs drawn at build time (`npm run generate diagrams`), before Docusaurus hands them to theme-mermaid.
          // On the pages of a previous version of a standard: a notice that links the same page in the current version.
          beforeDefaultRemarkPlugins: [prerenderedMermaid, [versionNotice, {kind: 'docs', docsDir: path.join(__dirname, 'docs')}]],
          // `::spec-deviations{spec="…"}`: the differences a spec records in x-deviations, as a list in the page.
          remarkPlugins: [specDeviations],
        },
        blog: false,
        theme: {customCss: './src/css/custom.css'},
        sitemap: {changefreq: 'weekly', priority: 0.5, ignorePatterns: ['/docs/404']},
      } satisfies Preset.Options,
    ],
  ],

  // Accessibility repairs the markup needs; the version a version notice's link leads to, remembered.
  clientModules: ['./src/client/a11y.ts', './src/client/remember-version-links.ts'],

  // The integrations, each a local plugin of src/plugins/ that owns its theme components, runtime code and part of
  // UPGRADING.md: the API reference (the OpenAPI plugin's pages and theme), the message dictionary, the Markdown twins
  // with llms.txt, and code blocks highlighted by the server with Prism loaded on demand.
  plugins: [
    ...apiReference(),
    ...messageDictionary(),
    // Search with Pagefind: the index is made from the built pages; the box and the search page load nothing until used.
    search,
    // The message validator: its page (/docs/validator) and the command setu-validate as one file,
    // /docs/tools/setu-validate.mjs, bundled after the build.
    validator,
    // Every page as Markdown at its URL + `.md`, named in its head; /docs/llms.txt and /docs/llms-full.txt.
    markdownTwins,
    codeBlocks(codeThemes),
    // The API sandbox: its service worker (/docs/sandbox-worker.js) and its page (/docs/sandbox).
    sandbox,
    // The conformance kit setu-conform: the lists of checks on its page (docs/conformance.mdx).
    conformance,
    publishSpecs,
    renderingOnServer,
    announcementBarIdCheck,
    // The old addresses of SETU's reference site that are not pages here, redirected to where their content is now.
    referenceSiteRedirects,
  ],

  themes: ['@docusaurus/theme-mermaid'],

  themeConfig: {
    image: 'img/social-card.png',
    metadata: [{name: 'keywords', content: 'SETU, API, OpenAPI, staffing, uitzenden, purchase-to-pay, planning, gelijkwaardige beloning'}],
    colorMode: {
      defaultMode: 'light',
      disableSwitch: false,
      respectPrefersColorScheme: true,
    },
    // Each standard's versions, from the API registry; shown until dismissed (src/plugins/announcement-bar.ts).
    announcementBar,
    docs: {
      sidebar: {hideable: false, autoCollapseCategories: false},
    },
    tableOfContents: {minHeadingLevel: 2, maxHeadingLevel: 3},
    // The navbar and the footer, with the standards and API references of the registry (src/site-navigation.ts).
    navbar,
    footer,
    // Shared with the build-time renderer (scripts/render-diagrams.mjs); `npm start` renders with it live.
    mermaid: mermaidTheme,
    // Token types both code themes colour as plain text: code blocks write them without a span (src/plugins/code-blocks/theme/CodeBlock/Content).
    codeBlockPlainTokens: plainColouredTypes(codeThemes),
    prism: {
      theme: classColouredTheme(codeThemes.light),
      darkTheme: classColouredTheme(codeThemes.dark),
      additionalLanguages: ['bash', 'http', 'json', 'java', 'csharp'],
    },
    // Request samples of the API reference: curl plus four common client languages.
    languageTabs,
  } satisfies Preset.ThemeConfig,
};

export default config;
