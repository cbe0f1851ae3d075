// Which version of which standard a route of the site belongs to, and the same place in the standard's other
// versions: in its documentation, its API reference or its message dictionary (/messages/<standardSlug>/<version>/…).
// Shared by the navbar's version switch (in the browser) and the notice on the pages of a previous version (a remark
// plugin, at build time); each passes the API registry and its own way of telling whether a page exists.

/** @typedef {import('./registry.mjs').ApiVersion} ApiVersion */

/**
 * @typedef {object} VersionPlace
 * @property {ApiVersion} api the version the route belongs to
 * @property {PageKind} kind whether it is a documentation page, an API reference page or a message dictionary page
 * @property {{api: ApiVersion, route: string, samePage: boolean}[]} versions every version of the standard, in registry
 *   order (newest first), with the route of the same page there, or of that version's start page when it has no such page
 *   (in the dictionary: the nearest page above it there, else that version's first message)
 */

/** @typedef {'docs' | 'reference' | 'messages'} PageKind */

const withSlash = (/** @type {string} */ route) => (route.endsWith('/') ? route : `${route}/`);

/**
 * The start of a version's pages of a kind: its documentation, its API reference (undefined for a version without an
 * API) or its message dictionary's folder (undefined for a version without one; the folder itself is no page).
 */
export const versionRoot = (
  /** @type {Pick<ApiVersion, 'docsRoute' | 'referenceRoute'> & Partial<Pick<ApiVersion, 'standardSlug' | 'version'>>} */ api,
  /** @type {PageKind} */ kind,
) =>
  kind === 'docs'
    ? api.docsRoute
    : kind === 'reference'
      ? api.referenceRoute
      : api.standardSlug
        ? `/messages/${api.standardSlug}/${api.version}/`
        : undefined;

const kinds = /** @type {const} */ (['docs', 'reference', 'messages']);

/** The route of a content page from its path in the docs folder: `a/b.mdx` → `/a/b`, `a/index.mdx` → `/a/`, `index.mdx` → `/`. */
export function routeOfPage(/** @type {string} */ relativePath) {
  return `/${relativePath.replace(/\.mdx?$/, '').replace(/(^|\/)index$/, '$1')}`;
}

/**
 * The API version whose documentation or API reference holds a route (the longest matching route wins, so that
 * `/gelijkwaardige-beloning/2.0/x` belongs to v2.0, not to v1.0 at `/gelijkwaardige-beloning/`), and the rest of the
 * route below that version's start page. The entries need only their routes (llms.txt passes the registry's fields it reads).
 * @template {Pick<ApiVersion, 'docsRoute' | 'referenceRoute'> & Partial<Pick<ApiVersion, 'standardSlug' | 'version'>>} A
 * @param {string} route
 * @param {A[]} apis
 * @returns {{api: A, kind: PageKind, rest: string} | null}
 */
export function locateRoute(route, apis) {
  const path = withSlash(route);
  /** @type {{api: A, kind: PageKind, rest: string} | null} */
  let best = null;
  let bestLength = -1;
  for (const api of apis) {
    for (const kind of kinds) {
      const root = versionRoot(api, kind);
      if (!root) continue; // an entry without that kind of page
      const base = withSlash(root);
      if (path.startsWith(base) && base.length > bestLength) {
        best = {api, kind, rest: path.slice(base.length).replace(/\/$/, '')};
        bestLength = base.length;
      }
    }
  }
  return best;
}

/**
 * @param {string} route a route below the site's base URL, e.g. `/gelijkwaardige-beloning/usage-notes/rates`
 * @param {ApiVersion[]} apis the API registry
 * @param {(route: string) => boolean} exists whether the site has a page at a route
 * @returns {VersionPlace | null} null when the route belongs to no standard that has more than one version
 */
export function placeInVersions(route, apis, exists) {
  const found = locateRoute(route, apis);
  if (!found) return null;
  const {api, kind, rest} = found;
  // Only the versions with this kind of page: a version without an API specification has no reference.
  const siblings = apis.filter((a) => a.standard === api.standard && versionRoot(a, kind));
  if (siblings.length < 2) return null;
  return {
    api,
    kind,
    versions: siblings.map((other) => {
      // Every sibling has this kind of page (the filter above), so a start page of that kind.
      const root = /** @type {string} */ (versionRoot(other, kind));
      const same = rest ? `${withSlash(root)}${rest}` : root;
      const samePage = other === api || exists(same);
      return {api: other, route: samePage ? same : kind === 'messages' ? dictionaryStart(other, root, rest, exists) : root, samePage};
    }),
  };
}

/**
 * Where the dictionary of another version has no page of the same address: the nearest page above it there (a
 * message's page for one of its parts), else that version's first message with a page.
 * @param {ApiVersion} api
 * @param {string} root the version's dictionary folder, ending in `/`
 * @param {string} rest the address below the folder
 * @param {(route: string) => boolean} exists
 */
function dictionaryStart(api, root, rest, exists) {
  const segments = rest.split('/');
  for (let n = segments.length - 1; n > 0; n--) {
    const above = `${root}${segments.slice(0, n).join('/')}`;
    if (exists(above)) return above;
  }
  return api.messageTypes.map((m) => `${root}${m}`).find(exists) ?? '/messages/';
}
