// The search index: after a production build, Pagefind indexes every page of the site (the index view of each,
// ./index-view.mjs) and writes its index and search module to build/pagefind/. Run by the `search` plugin (./index.ts)
// as a Node process of its own: Pagefind's Node API is an ES module only, which Docusaurus' config loader (jiti,
// which turns imports into require calls) cannot load.
// Usage: node src/plugins/search/build-index.mjs < options.json   (prints its result as JSON)
import fs from 'node:fs/promises';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import * as pagefind from 'pagefind';
import {apis} from '../../data/registry.mjs';
import {indexView, versionOfRoute} from './index-view.mjs';

/** What Pagefind reads of a page: its main content, without the navigation around it and the text that is not prose. */
const pagefindConfig = {
  rootSelector: 'main',
  excludeSelectors: [
    '.theme-doc-breadcrumbs', // kept as metadata instead (index-view.mjs)
    '.theme-doc-toc-mobile',
    '.theme-doc-toc-desktop',
    '.theme-doc-footer',
    '.pagination-nav',
    '.hash-link',
    // The "Copy page as Markdown" bar carries data-pagefind-ignore, which Pagefind honours itself.
    // Diagrams are in the HTML twice (light and dark SVG); their labels would only repeat the page's words.
    '.docusaurus-mermaid-container',
    // A dictionary entry is found by its heading (the field's path); its facts, description, values and examples
    // would make every field name match on every page that mentions it.
    '.dict-noindex',
  ],
  forceLanguage: 'en',
};

/** Pagefind's files the site does not use (its ready-made interfaces; the site has its own, ./theme). */
const unusedFiles = /^pagefind-(ui|component-ui|modular-ui|highlight)\.(js|css)$/;

/**
 * @param {{outDir: string, baseUrl: string, routesPaths: string[], skip: string[]}} options routes under the base URL;
 *   `skip`: routes not to index (the search page, the not-found page)
 * @returns {Promise<{pages: number, files: number, bytes: number}>}
 */
export async function buildSearchIndex({outDir, baseUrl, routesPaths, skip}) {
  const {index, errors} = await pagefind.createIndex(pagefindConfig);
  if (!index) throw new Error(`Pagefind: ${errors.join('; ')}`);
  let pages = 0;
  try {
    const routes = [...new Set(routesPaths)]
      .filter((route) => route.startsWith(baseUrl))
      .map((route) => `/${route.slice(baseUrl.length)}`)
      .filter((route) => !skip.includes(route));
    for (const route of routes) {
      const file = path.join(outDir, route, 'index.html');
      const html = await fs.readFile(file, 'utf8').catch(() => null);
      if (html === null) continue; // a route without a page of its own (a redirect)
      const view = indexView(html, versionOfRoute(route, apis));
      if (view === null) continue;
      // The page's route under the base URL, as the sitemap has it (`/planning/`, `/planning/FAQ`): Pagefind prefixes the
      // folder its search module is served from (`/docs/`), and the search links its URLs as they are (client/best-place.mjs).
      const added = await index.addHTMLFile({url: route, content: view});
      if (added.errors.length > 0) throw new Error(`Pagefind could not index ${path.relative(outDir, file)}: ${added.errors.join('; ')}`);
      pages += 1;
    }
    const outputPath = path.join(outDir, 'pagefind');
    const written = await index.writeFiles({outputPath});
    if (written.errors.length > 0) throw new Error(`Pagefind could not write its index: ${written.errors.join('; ')}`);
    for (const name of await fs.readdir(outputPath)) if (unusedFiles.test(name)) await fs.rm(path.join(outputPath, name));
    const files = await fs.readdir(outputPath, {recursive: true, withFileTypes: true});
    let bytes = 0;
    let count = 0;
    for (const entry of files.filter((f) => f.isFile())) {
      bytes += (await fs.stat(path.join(entry.parentPath, entry.name))).size;
      count += 1;
    }
    return {pages, files: count, bytes};
  } finally {
    await pagefind.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let input = '';
  for await (const chunk of process.stdin) input += chunk;
  process.stdout.write(JSON.stringify(await buildSearchIndex(JSON.parse(input))));
}
