// The routes SETU's reference documentation site served its pages at (./reference-site-pages.json), derived from their
// files with Docusaurus' own function (the docs plugin's getSlug, the same since that site's 2.4): `README.md`,
// `index.md` and a file named like its folder (`folder/folder.md`) are the folder's page (`folder/`), other files keep
// their path without the extension, case and spaces as in the file, and a front-matter slug replaces the route.
import path from 'node:path';
import getSlug from '@docusaurus/plugin-content-docs/lib/slug.js';
import referenceSite from './reference-site-pages.json';

export interface ReferenceSitePage {
  /** The file under the site's docs folder. */
  file: string;
  /** Its front matter's `slug` and `id`, where it sets them. */
  slug?: string;
  id?: string;
  /** Where its content is now, for a page whose old route is not a page here: a route under the base URL. */
  now?: string;
  /** A phrase of that content, which the page here holds. */
  content?: string;
  why?: string;
}

/** A page of the reference site and its route under the base URL (spaces stay spaces: `%20` in a URL). */
export type OldRoute = ReferenceSitePage & {route: string};

/** The route Docusaurus gives a file of a docs folder (its path in the folder, `/`-separated), as the reference site had it. */
export function routeOfDocFile({file, slug, id}: ReferenceSitePage): string {
  return getSlug({
    baseID: id ?? path.posix.parse(file).name,
    frontMatterSlug: slug,
    source: `@site/docs/${file}`,
    sourceDirName: path.posix.dirname(file),
  });
}

/** Every page of the reference site with its old route. */
export const oldRoutes: OldRoute[] = (referenceSite.pages as ReferenceSitePage[]).map((page) => ({...page, route: routeOfDocFile(page)}));

/**
 * Addresses this site itself has answered with a redirect that no reference-site route accounts for: every URL the site
 * has had keeps working, so each still leads where the old route it stands for (`as`) leads.
 */
export const formerRedirects: {from: string; as: string; why: string}[] = [
  {
    from: '/gelijkwaardige-beloning/sequence diagrams/sequence diagrams',
    as: '/gelijkwaardige-beloning/sequence diagrams/',
    why: "The file's path as a route: this site redirected it until ad2d77e, so bookmarks and links to it may exist.",
  },
];

/** Where an old route that is not a page here leads. */
function nowOf(route: string): string {
  const now = oldRoutes.find((r) => r.route === route)?.now;
  if (!now) throw new Error(`reference-site-redirects: ${route} is not an old route with a page it moved to`);
  return now;
}

/**
 * For the client-redirects plugin: from each old route that is not a page here to where its content is now, and from
 * each of this site's former redirects to the same place.
 */
export const redirects = [
  ...oldRoutes.flatMap(({route, now}) => (now ? [{from: route, to: now}] : [])),
  ...formerRedirects.map(({from, as}) => ({from, to: nowOf(as)})),
];
