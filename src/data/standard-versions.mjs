// Which version of which standard a route of the site belongs to, and the same place in the standard's other
// versions. Shared by the navbar's version switch (in the browser) and the notice on the pages of a previous version
// (a remark plugin, at build time); each passes the API registry and its own way of telling whether a page exists.

/** @typedef {import('./api-registry').ApiVersion} ApiVersion */

/**
 * @typedef {object} VersionPlace
 * @property {ApiVersion} api the version the route belongs to
 * @property {'docs' | 'reference'} kind whether it is a documentation page or an API reference page
 * @property {{api: ApiVersion, route: string, samePage: boolean}[]} versions every version of the standard, in registry
 *   order (newest first), with the route of the same page there, or of that version's start page when it has no such page
 */

const withSlash = (/** @type {string} */ route) => (route.endsWith('/') ? route : `${route}/`);

/** The start page of a version: its documentation or its API reference. */
export const versionRoot = (/** @type {ApiVersion} */ api, /** @type {'docs' | 'reference'} */ kind) =>
  kind === 'docs' ? api.docsRoute : api.referenceRoute;

/**
 * @param {string} route a route below the site's base URL, e.g. `/gelijkwaardige-beloning/usage-notes/rates`
 * @param {ApiVersion[]} apis the API registry
 * @param {(route: string) => boolean} exists whether the site has a page at a route
 * @returns {VersionPlace | null} null when the route belongs to no standard that has more than one version
 */
export function placeInVersions(route, apis, exists) {
  const path = withSlash(route);
  /** @type {{api: ApiVersion, kind: 'docs' | 'reference', rest: string} | null} */
  let best = null;
  let bestLength = -1;
  for (const api of apis) {
    for (const kind of /** @type {const} */ (['docs', 'reference'])) {
      const base = withSlash(versionRoot(api, kind));
      if (path.startsWith(base) && base.length > bestLength) {
        best = {api, kind, rest: path.slice(base.length).replace(/\/$/, '')};
        bestLength = base.length;
      }
    }
  }
  if (!best) return null;
  const {api, kind, rest} = best;
  const siblings = apis.filter((a) => a.standard === api.standard);
  if (siblings.length < 2) return null;
  return {
    api,
    kind,
    versions: siblings.map((other) => {
      const root = versionRoot(other, kind);
      const same = rest ? `${withSlash(root)}${rest}` : root;
      const samePage = other === api || exists(same);
      return {api: other, route: samePage ? same : root, samePage};
    }),
  };
}
