// The site's search in the browser: Pagefind's own search module (/docs/pagefind/pagefind.js, written with the index
// after the build by ../build-index.mjs), loaded the first time a reader searches, never with a page (but the search
// page opened with a query, whose first script loads it: ./first-results.ts). It fetches only the parts of the index a
// query needs. A hit is the best place on a page: the heading (or dictionary entry, or business rule: see
// ../index-view.mjs) whose text matches best, with its anchor. This module is in the site's bundle and in the search
// page's first script: it imports nothing of the site but ./best-place.mjs.
import {bestPlace} from './best-place.mjs';

/** What Pagefind returns for a page (the fields the site reads). */
interface PagefindLocation {
  weight: number;
  balanced_score: number;
  location: number;
}
interface PagefindSubResult {
  title: string;
  url: string;
  excerpt: string;
  weighted_locations?: PagefindLocation[];
  locations: number[];
}
interface PagefindPage {
  url: string;
  excerpt: string;
  meta: Record<string, string | undefined>;
  sub_results: PagefindSubResult[];
}
interface PagefindResult {
  id: string;
  score: number;
  data: () => Promise<PagefindPage>;
}
interface PagefindSearch {
  results: PagefindResult[];
  unfilteredResultCount: number;
}
interface Pagefind {
  options: (options: Record<string, unknown>) => Promise<void>;
  init: () => Promise<void>;
  search: (query: string, options?: {filters?: Record<string, string>}) => Promise<PagefindSearch>;
  debouncedSearch: (query: string, options?: {filters?: Record<string, string>}, timeout?: number) => Promise<PagefindSearch | null>;
  filters: () => Promise<Record<string, Record<string, number>>>;
}

/** One result: the best matching place of a page. */
export interface SearchHit {
  /** The page's URL with the anchor of the matching heading, entry or rule (none when the match is above the first). */
  url: string;
  pageTitle: string;
  /** The matching heading, entry or rule; undefined when the match is in the page's introduction. */
  heading?: string;
  /** Where the page is: its breadcrumbs up to the page (the page's own title left out), in full. */
  context: string;
  /** The standard and version the page documents, e.g. `Inquiry Pay Equity 1.0`, with the status of an older one. */
  version?: string;
  /** True for a version older than its standard's newest (ranked lower, shown as such). */
  older: boolean;
  /** The text around the match: plain text and marked words. */
  excerpt: {text: string; marked: boolean}[];
}

export class SearchUnavailable extends Error {}

let loading: Promise<Pagefind> | undefined;

/** Pagefind's module, loaded once; `baseUrl` is the site's (`/docs/`). */
function loadPagefind(baseUrl: string): Promise<Pagefind> {
  loading ??= (async () => {
    try {
      // A file of the build, not a module of the bundle: the bundler must leave this import alone.
      const pagefind = (await import(/* webpackIgnore: true */ `${baseUrl}pagefind/pagefind.js`)) as Pagefind;
      await pagefind.options({excerptLength: 18});
      await pagefind.init();
      return pagefind;
    } catch (error) {
      loading = undefined;
      throw new SearchUnavailable(
        process.env.NODE_ENV === 'development'
          ? 'Search works in a production build only (npm run build, then npm run serve): its index is made from the built pages.'
          : `The search index could not be loaded (${String(error)}).`,
      );
    }
  })();
  return loading;
}

/** Pagefind's excerpt (HTML-escaped text with `<mark>`) as text parts, so that nothing of it is read as markup. */
function excerptParts(html: string): SearchHit['excerpt'] {
  const decode = (s: string) =>
    s.replace(/&(lt|gt|quot|#39|#x27|amp);/g, (_, e: string) => ({lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", amp: '&'})[e]!);
  return html
    .split(/(<mark>[\s\S]*?<\/mark>)/)
    .filter(Boolean)
    .map((part) => (part.startsWith('<mark>') ? {text: decode(part.slice(6, -7)), marked: true} : {text: decode(part), marked: false}));
}

/** A page's result as a hit: its best matching heading, and where the page is. */
function hitOf(page: PagefindPage): SearchHit {
  const best = bestPlace(page);
  const pageTitle = page.meta.title ?? page.url;
  const {standard, version} = page.meta;
  // The breadcrumbs without the page itself and without the standard and version, which the hit names anyway.
  const named = new Set([standard, version, `${standard} v${version}`]);
  const crumbs = (page.meta.breadcrumbs ?? '').split(' › ').filter((crumb) => crumb && !named.has(crumb));
  if (crumbs.at(-1) === pageTitle) crumbs.pop();
  const older = page.meta.latest === 'false';
  // The version's status in the registry's words (statusWording), put into the index by ../index-view.mjs.
  const status = older ? (page.meta.status ?? '') : '';
  return {
    url: best.url,
    pageTitle,
    heading: best.heading?.replace(/\u200b/g, '').trim(),
    context: crumbs.join(' › '),
    version: standard && version ? `${standard} ${version}${status ? `, ${status}` : ''}` : undefined,
    older,
    excerpt: excerptParts(best.excerpt),
  };
}

/**
 * The first `limit` hits for a query, best first; null when a newer query superseded this one (typing: a search with a
 * delay).
 * @param filters Pagefind filters, e.g. `{version: 'Inquiry Pay Equity 2.0'}`
 */
export async function searchSite(
  baseUrl: string,
  query: string,
  {limit, filters, delay = 120}: {limit: number; filters?: Record<string, string>; delay?: number},
): Promise<{total: number; hits: SearchHit[]} | null> {
  const pagefind = await loadPagefind(baseUrl);
  // Without a delay, a search of its own: Pagefind's debounced searches (one Pagefind for the page) give way to the next,
  // and the search page's first script and React may search at once, each waiting for its own hits.
  const search = delay > 0 ? await pagefind.debouncedSearch(query, {filters}, delay) : await pagefind.search(query, {filters});
  if (search === null) return null;
  const pages = await Promise.all(search.results.slice(0, limit).map((r) => r.data()));
  return {total: search.results.length, hits: pages.map(hitOf)};
}

/** The values of a filter (e.g. `version`) with their number of pages. */
export async function filterValues(baseUrl: string, name: string): Promise<Record<string, number>> {
  const pagefind = await loadPagefind(baseUrl);
  return (await pagefind.filters())[name] ?? {};
}
