// The search page's first script: the page opened with a query (/docs/search?q=…: a link, the search box's "all
// results") shows its first hits before the site's bundle has loaded, which on a slow connection is seconds sooner.
// The page's HTML names this script (../theme/SearchPage: `<script defer … data-first-script>`, fetched as the HTML is
// read), and the page template's loader (src/ssr-template.ts) holds the bundle until it says so ('first-script-done'),
// 3 s at most and no longer than the reader's first key or pointer press. It searches with Pagefind (./pagefind.ts),
// writes the hits as ./results.ts describes them, hands them to React (window[firstResultsKey]) and lets the bundle
// start once they are painted; React then hydrates them as they are. Once the bundle's module of this page
// (../theme/SearchPage) has loaded, it writes nothing: the page is React's.
// Bundled by esbuild into build/search-first-results.js (../index.ts), not part of the site's bundle.
import {searchSite} from './pagefind';
import {
  firstResultsKey,
  pageSize,
  reactTakesOverKey,
  resultList,
  resultsStatus,
  searchTitle,
  type FirstResults,
  type FirstScriptConfig,
  type Markup,
} from './results';

/** What the page tells this script (its element's data-first-script), read as it runs. */
const config = document.currentScript?.getAttribute('data-first-script');

/** React is about to render the page (../theme/SearchPage has loaded). */
const reactTakesOver = () => (window as unknown as Record<string, boolean | undefined>)[reactTakesOverKey] === true;

/** The markup as DOM: every text a text node, every attribute as written (no handlers: React adds them). */
function toDom(node: Markup): Node {
  if (typeof node === 'string') return document.createTextNode(node);
  const element = document.createElement(node.tag);
  for (const [name, value] of Object.entries(node.attrs)) element.setAttribute(name, value);
  element.append(...node.children.map(toDom));
  return element;
}

/**
 * Resolves once the hits are on the screen: when the browser reports the paint of one of them as the page's largest so
 * far (its largest-contentful-paint entries name the element, once the frame is presented), or else two frames and a
 * little after they were written (a browser without that timing, or a page whose heading is larger).
 */
function shown(list: Element): Promise<void> {
  return new Promise<void>((resolve) => {
    let observer: PerformanceObserver | undefined;
    const done = () => {
      observer?.disconnect();
      resolve();
    };
    if (PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) {
      observer = new PerformanceObserver((entries) => {
        if (entries.getEntries().some((entry) => list.contains((entry as PerformanceEntry & {element: Element | null}).element))) done();
      });
      observer.observe({type: 'largest-contentful-paint', buffered: true});
    }
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 100)));
  });
}

async function showFirstResults(): Promise<void> {
  const params = new URLSearchParams(window.location.search);
  const urlQuery = params.get('q') ?? '';
  const query = urlQuery.trim();
  const version = params.get('version') ?? '';
  const main = document.querySelector('main');
  const status = main?.querySelector('p[role="status"]');
  const box = main?.querySelector<HTMLInputElement>('input[type="search"]');
  // The box is the reader's once they have typed in it (a key press starts the bundle; the hits may still come first).
  let typed = box !== undefined && box !== null && box.value !== box.defaultValue;
  box?.addEventListener('input', () => (typed = true), {once: true});
  if (!query || !config || !main || !status || reactTakesOver()) return;
  const {baseUrl, classes} = JSON.parse(config) as FirstScriptConfig;
  const found = await searchSite(baseUrl, query, {limit: pageSize, filters: version ? {version} : undefined, delay: 0});
  if (!found || reactTakesOver()) return;
  const first: FirstResults = {search: window.location.search, ...found};
  (window as unknown as Record<string, FirstResults>)[firstResultsKey] = first;
  // What React renders for these results (../theme/SearchPage), in one task: the heading, the box's text, the status
  // line, the list.
  const heading = main.querySelector('h1');
  if (heading) {
    document.title = document.title.replace(heading.textContent ?? '', searchTitle(urlQuery));
    heading.textContent = searchTitle(urlQuery);
  }
  if (box && !typed) box.value = urlQuery;
  status.textContent = resultsStatus(found.total, query);
  if (found.hits.length === 0) return;
  const [list, ...rest] = resultList(found.hits, found.total, classes).map(toDom) as Element[];
  status.after(list!, ...rest);
  await shown(list!);
}

showFirstResults()
  .catch(() => undefined) // React searches again, and says what went wrong
  .finally(() => document.dispatchEvent(new Event('first-script-done')));
