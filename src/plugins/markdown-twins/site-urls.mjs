// How the Markdown twins make a site route an absolute URL (the plugin, index.ts; the React pages' twins, page-twins.mjs;
// and components such as <ConformanceWorkflow/>): in one place, so that a test makes the twins' URLs as the build does.

/**
 * @param {string} siteUrl the site's origin, `https://setu-standards.github.io`
 * @param {string} baseUrl the path it is served under, `/docs/`
 */
export function siteUrls(siteUrl, baseUrl) {
  /** A route under the base URL: `/validator` → `/docs/validator`; one already under it stays. */
  const siteRoute = (/** @type {string} */ route) => (route.startsWith(baseUrl) ? route : `${baseUrl}${route.replace(/^\//, '')}`);
  /** A path of the site as an absolute URL (a URL object's, so characters a URL cannot hold are percent-encoded). */
  const pageUrl = (/** @type {string} */ route) => new URL(route, siteUrl).href;
  return {siteRoute, pageUrl, url: (/** @type {string} */ route) => pageUrl(siteRoute(route))};
}
