import type {Config} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import {spawnSync} from 'node:child_process';
import path from 'node:path';
import {themes as prismThemes} from 'prism-react-renderer';
import {apis, apisWithReference, apiLabel, standards, statusWording} from './src/data/registry.mjs';
import {siteUrl, baseUrl} from './src/data/site.mjs';
import {apiReference} from './src/plugins/api-reference';
import {messageDictionary} from './src/plugins/message-dictionary';
import {validatorCommand} from './src/plugins/validator-command';
import {markdownTwins} from './src/plugins/markdown-twins';
import {codeBlocks} from './src/plugins/code-blocks';
import {sandbox} from './src/plugins/sandbox';
import {conformance} from './src/plugins/conformance';
import {search} from './src/plugins/search';
import {publishSpecs} from './src/plugins/publish-specs';
import {announcementBarIdCheck} from './src/plugins/announcement-bar';
import {renderingOnServer} from './src/plugins/rendering-on-server';
import {accessiblePrismTheme, classColouredTheme, plainColouredTypes} from './src/prism/contrast';
import {ssrTemplate} from './src/ssr-template';
import {mermaidTheme} from './src/diagram-rendering.mjs';
import prerenderedMermaid from './src/remark/prerendered-mermaid.mjs';
import versionNotice from './src/remark/version-notice.mjs';
import specDeviations from './src/remark/spec-deviations.mjs';

// The one place that names this site's source repository ("Edit this page" links, navbar, footer).
const repositoryUrl = 'https://github.com/setu-standards/documentation';
const editUrl = `${repositoryUrl}/edit/main/`;

// Pages show their last-updated date from git history; a copy without it (a downloaded ZIP) builds without dates.
const insideGitWorktree = spawnSync('git', ['rev-parse', '--is-inside-work-tree'], {cwd: __dirname}).status === 0;

// Code colours, adjusted to 4.5:1 on the code background and on highlighted lines (custom.css). The tokens are
// coloured by CSS classes (src/plugins/code-blocks) rather than inline styles: see classColouredTheme.
const codeThemes = {
  light: accessiblePrismTheme(prismThemes.github, ['rgba(11, 92, 173, 0.12)']),
  dark: accessiblePrismTheme(prismThemes.dracula, ['rgba(124, 196, 255, 0.16)']),
};

// Names each standard's versions and what each one is, from the API registry (its `status`, worded by statusWording).
// Shown until dismissed; its id names the versions, so that readers see it again when a version is added. The bar has
// one line on wide screens: a few words per version; the notice on each page says more.
const standardsLine = standards.map(({standard, versions, main}) => {
  const others = versions
    .filter((api) => api !== main)
    .map((api) => [api.version, statusWording[api.status].note].filter(Boolean).join(', '))
    .join('; ');
  return `<a href="/docs${main.docsRoute}">${standard}</a> <b>${main.version}</b>${others ? ` (and ${others})` : ''}`;
});
const announcement = {
  id: `versions-${apis.map((api) => `${api.id}-${api.version}`).join('-')}`,
  // One line from 1024 px while each standard has at most two versions (the navbar links the validator).
  content: `This site documents ${standardsLine.slice(0, -1).join(', ')} and ${standardsLine.at(-1)}.`,
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
    // The command setu-validate as one file, /docs/tools/setu-validate.mjs, bundled after the build.
    validatorCommand,
    // Every page as Markdown at its URL + `.md`, named in its head; /docs/llms.txt and /docs/llms-full.txt.
    markdownTwins,
    codeBlocks(codeThemes),
    // The API sandbox: its service worker (/docs/sandbox-worker.js) and its page (/docs/sandbox).
    sandbox,
    // The conformance kit setu-conform: the lists of checks on its page (docs/conformance.mdx).
    conformance,
    publishSpecs,
    renderingOnServer,
    announcementBarIdCheck(announcement.id),
    [
      '@docusaurus/plugin-client-redirects',
      {
        redirects: [
          {
            // The reference site published this page under a path with spaces.
            from: '/gelijkwaardige-beloning/sequence diagrams/sequence diagrams',
            to: '/gelijkwaardige-beloning/sequence-diagrams',
          },
        ],
      },
    ],
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
    announcementBar: {
      id: announcement.id,
      content: announcement.content,
      isCloseable: true,
      // Colours per colour mode (src/css/custom.css); Docusaurus sets these inline, white and black by default.
      backgroundColor: 'var(--site-announcement-bar-background)',
      textColor: 'var(--site-announcement-bar-color)',
    },
    docs: {
      sidebar: {hideable: false, autoCollapseCategories: false},
    },
    tableOfContents: {minHeadingLevel: 2, maxHeadingLevel: 3},
    navbar: {
      title: 'SETU',
      hideOnScroll: true,
      logo: {alt: 'SETU documentation home', src: 'img/logo.svg', srcDark: 'img/logo-dark.svg', width: 32, height: 32},
      items: [
        {type: 'docSidebar', sidebarId: 'docs', position: 'left', label: 'Documentation'},
        {to: '/api/', label: 'API reference', position: 'left', activeBaseRegex: '^/docs/api/'},
        // The message dictionary: every field of every message, and what changed between versions.
        // Left out between 997 and 1700 px (src/css/custom.css), where it would overlap the version switch.
        {
          to: '/messages/',
          label: 'Messages',
          position: 'left',
          activeBaseRegex: '^/docs/messages/',
          className: 'navbar__item--dictionary',
        },
        {to: '/validator', label: 'Validator', position: 'left'},
        // On the pages of a standard documented in several versions: a switch to the same page in another version
        // (src/components/StandardVersionsNavbarItem). Elsewhere nothing.
        {type: 'custom-standardVersions', position: 'right'},
        {type: 'localeDropdown', position: 'right'},
        {href: 'https://www.setu.nl', label: 'SETU website', position: 'right'},
        {href: 'https://setu.semantic-treehouse.nl', label: 'Standards portal', position: 'right'},
        {href: 'https://github.com/setu-standards', label: 'GitHub', position: 'right'},
      ],
    },
    footer: {
      style: 'dark',
      links: [
        {
          title: 'Standards',
          items: [...apis.map((api) => ({label: api.docsLabel, to: api.docsRoute}))],
        },
        {
          title: 'API reference',
          items: [
            {label: 'API overview', to: '/api/'},
            ...apisWithReference.map((api) => ({label: apiLabel(api), to: api.referenceRoute})),
            {label: 'Message dictionary', to: '/messages/'},
            {label: 'Message validator', to: '/validator'},
            {label: 'API sandbox', to: '/sandbox'},
            {label: 'Conformance kit', to: '/conformance'},
          ],
        },
        {
          title: 'Usage notes',
          items: [
            {label: 'Synchronous and asynchronous', to: '/api/usage-notes/synchronous'},
            {label: 'Identifiers', to: '/api/usage-notes/identifiers'},
            {label: 'Response codes', to: '/api/usage-notes/response-codes'},
            {label: 'Attachments', to: '/api/usage-notes/attachment'},
            {label: 'PUT behavior', to: '/api/usage-notes/put-behavior'},
            {label: 'The XML form', to: '/api/usage-notes/xml-form'},
          ],
        },
        {
          title: 'SETU',
          items: [
            {label: 'SETU website', href: 'https://www.setu.nl'},
            {label: 'Standards portal', href: 'https://setu.semantic-treehouse.nl'},
            {label: 'SETU on GitHub', href: 'https://github.com/setu-standards'},
            {label: 'Edit this site', href: repositoryUrl},
          ],
        },
      ],
      // The year of the standard's documentation, deliberately not computed from the build date.
      copyright: 'Copyright © 2025 SETU',
    },
    // Shared with the build-time renderer (scripts/render-diagrams.mjs); `npm start` renders with it live.
    mermaid: mermaidTheme,
    // Token types both code themes colour as plain text: code blocks write them without a span (src/theme/CodeBlock/Content).
    codeBlockPlainTokens: plainColouredTypes(codeThemes),
    prism: {
      theme: classColouredTheme(codeThemes.light),
      darkTheme: classColouredTheme(codeThemes.dark),
      additionalLanguages: ['bash', 'http', 'json', 'java', 'csharp'],
    },
    // Request samples of the API reference: curl plus four common client languages.
    languageTabs: [
      {highlight: 'bash', language: 'curl', logoClass: 'curl'},
      {highlight: 'python', language: 'python', logoClass: 'python', variant: 'requests'},
      {highlight: 'javascript', language: 'javascript', logoClass: 'javascript', variant: 'fetch'},
      {highlight: 'java', language: 'java', logoClass: 'java', variant: 'okhttp'},
      {highlight: 'csharp', language: 'csharp', logoClass: 'csharp', variant: 'httpclient'},
    ],
  } satisfies Preset.ThemeConfig,
};

export default config;
