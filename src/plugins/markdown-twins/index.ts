import fs from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {apis, apisWithReference, pluginIdOf} from '../../data/registry.mjs';
import {xmlExamples} from './xml-examples.mjs';
import {twinAddresses, twinPath} from './twin-path.mjs';
import prerenderedMermaid from '../../remark/prerendered-mermaid.mjs';
import {addedByPlugins, linkedFile, mdxToMarkdown, type RemarkPlugin} from './mdx-to-markdown.mjs';
import {findOperation, operationMarkdown} from './operation-markdown.mjs';
import {llmsFiles} from './llms-txt.mjs';
import {pageTwins} from './page-twins.mjs';
import {siteUrls} from './site-urls.mjs';
import {operationSample} from './operation-sample.mjs';
import type {ValidatorContent} from '../validator';

interface Doc {
  id: string;
  title: string;
  description: string;
  permalink: string;
  source: string;
  unlisted?: boolean;
}
interface DocsPluginOptions {
  id: string;
  path: string;
  beforeDefaultRemarkPlugins?: RemarkPlugin[];
  remarkPlugins?: RemarkPlugin[];
}
interface Twin {
  route: string;
  title: string;
  description: string;
  markdown: string;
  kind: 'docs' | 'reference' | 'operation' | 'page';
}

/** Twins over this size fail the build (llms-full.txt excepted): the HTML budget of a page, 150 KB. */
const maxTwinBytes = 150 * 1024;

/**
 * The Markdown twins plugin (docusaurus.config.ts lists `markdownTwins`; UPGRADING.md, "Markdown twins", lists what it
 * reads of Docusaurus): writes the Markdown twin of every page at its URL + `.md`, with and without the URL's trailing
 * slash (`/x/index.md`, `/x.md`), names it in the page's head (`<link rel="alternate" type="text/markdown">`), and writes /docs/llms.txt, /docs/llms-full.txt and, per
 * standard and version, /docs/llms-full/<standard>-<version>.txt.
 * Sources: each docs instance's MDX (all instances, so pages added later get twins too), the specs for the API
 * operation pages, and page-twins.mjs for the React pages. A page of the site without a twin fails the build.
 */
export function markdownTwins(context: LoadContext): Plugin {
  const {siteDir, siteConfig} = context;
  const base = siteConfig.baseUrl; // `/docs/`
  const {pageUrl, siteRoute, url} = siteUrls(siteConfig.url, base);

  return {
    name: 'markdown-twins',
    // "Copy page as Markdown" above every docs page's content (theme/DocItem/Content).
    getThemePath: () => path.join(__dirname, 'theme'),
    async postBuild({outDir, plugins, routesPaths}) {
      const started = Date.now();
      const docsInstances = plugins
        .filter((p) => p.name === 'docusaurus-plugin-content-docs')
        .map((p) => ({
          options: p.options as unknown as DocsPluginOptions,
          docs: (p.content as {loadedVersions: {docs: Doc[]}[]}).loadedVersions.flatMap((v) => v.docs).filter((d) => !d.unlisted),
        }));
      const fileOf = (doc: Doc) => path.join(siteDir, doc.source.replace(/^@site\//, ''));
      const permalinkOfFile = new Map(docsInstances.flatMap((i) => i.docs.map((d) => [fileOf(d), d.permalink] as const)));

      /** A link of a page as an absolute URL: page files by their permalink, site paths under the base URL. */
      const absoluteUrl = (docsDir: string, pagePermalink: string) => (url: string, fromFile: string) => {
        if (url.startsWith('pathname://')) return pageUrl(siteRoute(url.slice('pathname://'.length)));
        if (/^[a-z][a-z\d+.-]*:/i.test(url)) return url;
        if (url.startsWith('#')) return `${pageUrl(pagePermalink)}${url}`;
        const [target, hash] = url.split('#');
        const suffix = hash === undefined ? '' : `#${hash}`;
        if (/\.mdx?$/.test(target)) {
          const file = linkedFile(url, fromFile, docsDir);
          const permalink = permalinkOfFile.get(file);
          if (!permalink) throw new Error(`${path.relative(siteDir, fromFile)}: the link ${url} names no page`);
          return `${pageUrl(permalink)}${suffix}`;
        }
        if (target.startsWith('/')) return `${pageUrl(siteRoute(target))}${suffix}`;
        return new URL(url, pageUrl(pagePermalink)).href;
      };

      // The published commands' versions and checksums, as the validator plugin bundled them for this build.
      const releases = (plugins.find((p) => p.name === 'validator')?.content as ValidatorContent | undefined)?.releases ?? [];
      const commands = {releases, url};

      const twins: Twin[] = [];
      for (const {options, docs} of docsInstances) {
        const docsDir = path.resolve(siteDir, options.path);
        // The remark plugins that change what a page says; the diagram renderer only changes how it looks.
        const remarkPlugins = [...(options.beforeDefaultRemarkPlugins ?? []), ...(options.remarkPlugins ?? [])].filter(
          (p) => p !== prerenderedMermaid && !(Array.isArray(p) && p[0] === prerenderedMermaid),
        );
        const api = apisWithReference.find((a) => `api-${pluginIdOf(a)}` === options.id);
        const spec = api ? JSON.parse(await fs.readFile(path.join(siteDir, 'specs', api.specFile), 'utf8')) : null;
        for (const doc of docs) {
          const filePath = fileOf(doc);
          const links = absoluteUrl(docsDir, doc.permalink);
          if (api && spec && findOperation(spec, doc.id)) {
            const notice = await addedByPlugins({filePath, absoluteUrl: links, remarkPlugins});
            const body = operationMarkdown(spec, doc.id, {
              title: doc.title,
              apiTitle: `${api.title} (${api.standard} v${api.version})`,
              apiUrl: pageUrl(siteRoute(api.referenceRoute)),
              specUrl: pageUrl(siteRoute(`/specs/${api.specFile}`)),
              absolute: (url: string) => pageUrl(siteRoute(url)),
              xmlOf: xmlExamples(api, spec),
              // The page's curl sample, for the site's sandbox on the reader's machine.
              sample: await operationSample(api.id, doc.id, url),
            });
            const [h1, ...rest] = body.split('\n');
            twins.push({
              route: doc.permalink,
              title: doc.title,
              description: `${findOperation(spec, doc.id)!.method.toUpperCase()} ${findOperation(spec, doc.id)!.route}`,
              markdown: [h1, '', notice, ...rest].join('\n'),
              kind: 'operation',
            });
            continue;
          }
          const source = await fs.readFile(filePath, 'utf8');
          const markdown = await mdxToMarkdown(source, {filePath, title: doc.title, absoluteUrl: links, remarkPlugins, commands});
          twins.push({route: doc.permalink, title: doc.title, description: doc.description, markdown, kind: api ? 'reference' : 'docs'});
        }
      }
      for (const [route, page] of Object.entries(pageTwins({apis, releases, url}))) {
        if (routesPaths.includes(siteRoute(route))) twins.push({route: siteRoute(route), kind: 'page', ...page});
      }

      // Every page of the site has a twin (the not-found page is not a page of the sitemap).
      const withTwin = new Set(twins.map((t) => t.route));
      const missing = routesPaths.filter((r) => !withTwin.has(r) && !/\/404(\.html)?$/.test(r));
      if (missing.length) {
        throw new Error(
          `markdown-twins: no Markdown twin for ${missing.join(', ')}. A React page gets one in src/plugins/markdown-twins/page-twins.mjs.`,
        );
      }

      for (const twin of twins) {
        const bytes = Buffer.byteLength(twin.markdown);
        if (bytes > maxTwinBytes) throw new Error(`markdown-twins: the twin of ${twin.route} has ${bytes} bytes, over ${maxTwinBytes}`);
        // At each of its addresses, so that a static host (GitHub Pages) answers them all. The home page's `/docs.md` is
        // outside the build: the hosts' configurations serve it (deploy/, scripts/static-server.mjs).
        for (const address of twinAddresses(twin.route).filter((a) => a.startsWith(base))) {
          const file = path.join(outDir, ...address.slice(base.length).split('/'));
          await fs.mkdir(path.dirname(file), {recursive: true});
          await fs.writeFile(file, twin.markdown);
        }
        await nameTwinInPage(outDir, base, twin.route);
      }
      const {llmsTxt, llmsFullTxt, byVersion} = llmsFiles({
        twins,
        apis,
        baseUrl: base,
        twinUrl: (route: string) => pageUrl(twinPath(route)),
        pageUrl,
      });
      await fs.writeFile(path.join(outDir, 'llms.txt'), llmsTxt);
      await fs.writeFile(path.join(outDir, 'llms-full.txt'), llmsFullTxt);
      await fs.mkdir(path.join(outDir, 'llms-full'), {recursive: true});
      for (const {name, text} of byVersion) await fs.writeFile(path.join(outDir, name), text);
      console.log(
        `[markdown-twins] ${twins.length} twins, llms.txt, llms-full.txt and ${byVersion.length} llms-full/ files in ${Date.now() - started} ms`,
      );
    },
  };
}

/** Adds `<link rel="alternate" type="text/markdown">` to the head of the page at `route`. */
async function nameTwinInPage(outDir: string, base: string, route: string): Promise<void> {
  const relative = route.slice(base.length);
  const candidates = [path.join(outDir, relative, 'index.html'), path.join(outDir, `${relative.replace(/\/$/, '')}.html`)];
  for (const file of candidates) {
    let html: string;
    try {
      html = await fs.readFile(file, 'utf8');
    } catch {
      continue;
    }
    const tag = `<link rel="alternate" type="text/markdown" href="${twinPath(route)}" title="This page as Markdown">`;
    if (!html.includes('</head>')) throw new Error(`markdown-twins: ${file} has no </head>`);
    // Written aside and renamed: other plugins' postBuild steps (the search index) read the pages at the same time.
    await fs.writeFile(`${file}.twin-tmp`, html.replace('</head>', `${tag}</head>`));
    await fs.rename(`${file}.twin-tmp`, file);
    return;
  }
  throw new Error(`markdown-twins: no HTML file for ${route}`);
}
