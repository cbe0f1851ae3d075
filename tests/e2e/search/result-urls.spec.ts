import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {test, expect} from '../fixtures';
import {sitePages} from '../pages';
import {bestPlace} from '../../../src/plugins/search/client/best-place.mjs';

// Every URL a search result can lead to, for the whole index of the build (build/pagefind/, src/plugins/search/): each
// page's and each of its places' (a heading with an id, a dictionary entry, a business rule), as the search box and the
// search page link them (bestPlace, the function they use), opens a page of the sitemap at its own address and an
// element with that id on it. Node only: Pagefind's own search module runs here on the built index, no page is loaded.

const buildDir = path.resolve(__dirname, '../../../build');
const baseUrl = '/docs/';

interface Anchor {
  element: string;
  id: string;
  text?: string;
  title?: string;
}
interface PagefindModule {
  options: (options: Record<string, unknown>) => Promise<void>;
  init: () => Promise<void>;
  search: (term: string | null) => Promise<{results: {data: () => Promise<PagefindData>}[]}>;
  destroy?: () => Promise<void>;
}
interface PagefindData {
  url: string;
  excerpt: string;
  anchors: Anchor[];
  sub_results: {title: string; url: string; excerpt: string}[];
}

/**
 * Pagefind's search module of the build, run in Node: a copy of pagefind.js in a folder of its own (an ES module there,
 * without Node's warning about the repository's package.json), its fetches of `<folder>/…` answered from build/pagefind/.
 * Returns the module and a function that restores `fetch`.
 */
async function loadPagefind(): Promise<{pagefind: PagefindModule; restore: () => void}> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'setu-pagefind-'));
  fs.mkdirSync(path.join(folder, 'pagefind'));
  fs.writeFileSync(path.join(folder, 'package.json'), '{"type": "module"}');
  fs.copyFileSync(path.join(buildDir, 'pagefind/pagefind.js'), path.join(folder, 'pagefind/pagefind.js'));
  const served = `${pathToFileURL(path.join(folder, 'pagefind')).href}/`;
  const originalFetch = globalThis.fetch;
  globalThis.fetch = async (input: string | URL | Request) => {
    const url = String(input instanceof Request ? input.url : input);
    if (!url.startsWith(served)) return originalFetch(input);
    const file = path.join(buildDir, 'pagefind', fileURLToPath(url).slice(fileURLToPath(served).length));
    return fs.existsSync(file) ? new Response(fs.readFileSync(file)) : new Response('', {status: 404});
  };
  const restore = () => {
    globalThis.fetch = originalFetch;
    fs.rmSync(folder, {recursive: true, force: true});
  };
  try {
    const pagefind = (await import(`${served}pagefind.js`)) as PagefindModule;
    // In the browser Pagefind takes its base URL from where pagefind.js is served (/docs/pagefind/ → /docs/).
    await pagefind.options({baseUrl});
    await pagefind.init();
    return {pagefind, restore};
  } catch (error) {
    restore();
    throw error;
  }
}

/**
 * The places Pagefind makes of a page: its sub-results are the page (the text before the first anchor) and each anchor
 * that is a heading with text or has a title, at the page's URL with the anchor's id as its fragment (Pagefind's
 * calculate_sub_results in pagefind.js; the test checks this against Pagefind's own results of real queries below).
 */
function placesOf(page: PagefindData): {title: string; url: string}[] {
  const anchored = page.anchors.filter((a) => (a.title && /\S/.test(a.title)) || (/h\d/i.test(a.element) && a.text && /\S/.test(a.text)));
  return [
    {title: '', url: page.url},
    ...anchored.map((a) => {
      const url = new URL(`https://example.com${page.url}`);
      url.hash = a.id;
      return {title: a.title ?? a.text ?? '', url: url.href.slice('https://example.com'.length)};
    }),
  ];
}

const idsCache = new Map<string, Set<string>>();
/** The ids of the elements of a built page (attributes quoted or not: the build minifies its HTML). */
function idsOf(route: string): Set<string> {
  const cached = idsCache.get(route);
  if (cached) return cached;
  const relative = route.slice(baseUrl.length);
  const file = [path.join(buildDir, relative, 'index.html'), path.join(buildDir, `${relative.replace(/\/$/, '')}.html`)].find((f) =>
    fs.existsSync(f),
  );
  const html = file ? fs.readFileSync(file, 'utf8') : '';
  const ids = new Set(
    [...html.matchAll(/\sid=(?:"([^"]*)"|'([^']*)'|([^\s>"']+))/g)].map((m) =>
      (m[1] ?? m[2] ?? m[3])
        .replace(/&amp;/g, '&')
        .replace(/&quot;/g, '"')
        .replace(/&#x27;|&#39;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>'),
    ),
  );
  idsCache.set(route, ids);
  return ids;
}

test('every result URL of the search index opens a page of the site at its own address, and its anchor', async () => {
  const pages = new Set(sitePages());
  expect(pages.size, 'the sitemap of the build').toBeGreaterThan(100);
  const {pagefind, restore} = await loadPagefind();
  try {
    // A search for nothing (filters only, none given) returns every page of the index.
    const all = await pagefind.search(null);
    const indexed = await Promise.all(all.results.map((r) => r.data()));
    expect(indexed.length, 'pages in the index').toBeGreaterThan(150);

    const broken: string[] = [];
    const reachable = new Set<string>();
    let places = 0;
    for (const page of indexed) {
      for (const place of placesOf(page)) {
        places++;
        // The URL the search box and the search page link: the one bestPlace gives for a result whose best place is this.
        const {url} = bestPlace({url: page.url, excerpt: '', sub_results: place.url === page.url ? [] : [{...place, excerpt: ''}]});
        reachable.add(place.url);
        // Docusaurus' Link prefixes a URL that does not start with the base URL with it again, the navbar box's
        // keyboard (history.push) does not: only a URL under the base URL is the same for both.
        if (!url.startsWith(baseUrl)) {
          broken.push(`${url} (${place.url} in the index): not under ${baseUrl}`);
          continue;
        }
        const target = new URL(url, 'https://site');
        if (!pages.has(target.pathname)) {
          broken.push(`${url} (${place.url} in the index): ${target.pathname} is not a page of the sitemap`);
          continue;
        }
        const anchor = decodeURIComponent(target.hash.slice(1));
        if (anchor && !idsOf(target.pathname).has(anchor)) broken.push(`${url}: no element with id "${anchor}" on ${target.pathname}`);
      }
    }
    expect(places, 'places: pages, headings, dictionary entries, business rules').toBeGreaterThan(3000);
    expect(broken.length, `${broken.length} result URLs lead nowhere:\n${broken.slice(0, 50).join('\n')}`).toBe(0);

    // The places computed above are the ones Pagefind gives: every sub-result of real queries is among them.
    for (const query of ['feedback', 'introduction', 'BR285', 'positionLocation', 'mime type', 'timecard', 'pay equity conditions']) {
      const found = await pagefind.search(query);
      for (const result of await Promise.all(found.results.slice(0, 20).map((r) => r.data()))) {
        for (const sub of result.sub_results) expect(reachable, `"${query}": ${sub.url}`).toContain(sub.url);
      }
    }
  } finally {
    await pagefind.destroy?.();
    restore();
  }
});
