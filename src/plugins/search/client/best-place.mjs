// Where a search hit leads: the place of a page that matches best. The navbar box, the search page and the test of
// every result URL the index can give (tests/e2e/search/result-urls.spec.ts) all take it from here.

/**
 * What Pagefind returns for a place of a page (the fields read here).
 * @typedef {{title: string, url: string, excerpt: string, weighted_locations?: {balanced_score: number}[]}} SubResult
 */

/** @param {SubResult} sub */
const bestScore = (sub) => Math.max(0, ...(sub.weighted_locations ?? []).map((l) => l.balanced_score));

/**
 * The page's best matching place (Pagefind splits a page into places at headings with ids): its URL, its heading when
 * it has an anchor, and the words around the match. The URL is Pagefind's as it is: the page's route under the base URL
 * (../build-index.mjs), which Docusaurus' Link and the router's history.push both take unchanged. (Changed here, the
 * home page's `/docs/#feedback` became `/docs#feedback`, which Link, seeing no `/docs/`, prefixed: `/docs/docs#feedback`.)
 * @param {{url: string, excerpt: string, sub_results: SubResult[]}} page
 * @returns {{url: string, heading?: string, excerpt: string}}
 */
export function bestPlace(page) {
  const best = [...page.sub_results].sort((a, b) => bestScore(b) - bestScore(a))[0];
  const anchored = best?.url.includes('#') ?? false;
  return {
    url: best?.url ?? page.url,
    heading: anchored ? best?.title : undefined,
    excerpt: best?.excerpt ?? page.excerpt,
  };
}
