// What the search index sees of a built page (its "index view"), made from the page's HTML before Pagefind reads it.
// The page on disk is not changed. Pagefind splits a page into results at headings that have an id; two kinds of
// anchors the site links to are not headings, so here they become headings:
//   - an entry of the message dictionary (`<section id="<path>" data-field-path>`, src/plugins/message-dictionary/theme/MessageField):
//     its heading (the field's path) takes the entry's id, so that a search for the field's name or path lands on it;
//   - a planning business rule (`<tr id="br-285">`, src/components/BusinessRules): its row heading ("BR 285") becomes
//     a heading with the row's id, followed by the number written as one word ("BR285"), as implementers type it.
// And each page gets its place in the site as Pagefind metadata and filters: the standard and version it documents
// (from the API registry), with the version's status (in the registry's words), and its breadcrumbs.
import * as cheerio from 'cheerio';
import {statusWording} from '../../data/registry.mjs';
import {locateRoute} from '../../data/standard-versions.mjs';

/**
 * @typedef {import('../../data/registry.mjs').ApiVersion} ApiVersion
 * @typedef {{standard: string, version: string, status: ApiVersion['status'], latest: boolean}} PageVersion
 */

/**
 * The standard and version a route (under the base URL) documents: its documentation or API reference (the registry's
 * routes), or its pages in the message dictionary (`/messages/<standardSlug>/<version>/…`; a diff between two versions,
 * `/messages/<standardSlug>/changes/<from>-to-<to>`, counts as the newer one). Undefined for pages of no version.
 * @param {string} route
 * @param {ApiVersion[]} apis the registry, each standard's versions newest first
 * @returns {PageVersion | undefined}
 */
export function versionOfRoute(route, apis) {
  let api = locateRoute(route, apis)?.api;
  const dictionary = /^\/messages\/([^/]+)\/([^/]+)(?:\/([^/]+))?/.exec(route);
  if (dictionary) {
    const [, slug, version, diff] = dictionary;
    const wanted = version === 'changes' ? diff?.split('-to-')[1] : version;
    api = apis.find((a) => a.standardSlug === slug && a.version === wanted);
  }
  if (!api) return undefined;
  const latest = apis.find((a) => a.standard === api.standard) === api;
  return {standard: api.standard, version: api.version, status: api.status, latest};
}

/** How much a match counts on the pages of a version older than its standard's newest: current versions rank first. */
export const olderVersionWeight = 0.5;

/**
 * The index view of a page.
 * @param {string} html the built page
 * @param {PageVersion | undefined} version what versionOfRoute says of its route
 * @returns {string | null} the HTML for Pagefind, or null for a page without content to index (no `<main>`)
 */
export function indexView(html, version) {
  const $ = cheerio.load(html);
  const main = $('main').first();
  if (main.length === 0) return null;

  $('section[data-field-path][id]').each((_, el) => {
    const section = $(el);
    const id = section.attr('id');
    section.removeAttr('id');
    // Pagefind drops the whitespace of an id (the field `mime type` of an Attachment became `#mimetype`, which no element
    // has): written percent-encoded, the result's URL holds `#mime%20type`, which the browser decodes to the entry's id.
    section.children('h2,h3,h4,h5,h6').first().attr('id', id?.replace(/\s/g, encodeURIComponent));
  });
  $('tr[id]').each((_, el) => {
    const row = $(el);
    const id = row.attr('id');
    const header = row.children('th').first();
    if (header.length === 0 || !id) return;
    const label = header.text().replace(/\s+/g, ' ').trim();
    row.removeAttr('id');
    const joined = /^([A-Za-z]+) (\d+)$/.exec(label);
    header.html(`<h3 id="${id}">${$('<i>').text(label).html()}</h3>${joined ? `<span>${joined[1]}${joined[2]}</span>` : ''}`);
  });

  const meta = (/** @type {string} */ key, /** @type {string} */ value) =>
    $('<meta>').attr('data-pagefind-meta', `${key}[content]`).attr('content', value);
  const filter = (/** @type {string} */ key, /** @type {string} */ value) =>
    $('<meta>').attr('data-pagefind-filter', `${key}[content]`).attr('content', value);
  const crumbs = $('.theme-doc-breadcrumbs .breadcrumbs__item')
    .map((_, li) => $(li).text().replace(/\s+/g, ' ').trim())
    .get()
    .filter(Boolean);
  if (crumbs.length > 0) main.prepend(meta('breadcrumbs', crumbs.join(' › ')));
  if (version) {
    main.prepend(
      meta('standard', version.standard),
      meta('version', version.version),
      // In the registry's words, as a hit shows an older version's (client/pagefind.ts): the browser needs no registry.
      meta('status', statusWording[version.status].label),
      meta('latest', String(version.latest)),
      filter('standard', version.standard),
      filter('version', `${version.standard} ${version.version}`),
    );
    if (!version.latest) main.attr('data-pagefind-weight', String(olderVersionWeight));
  }
  return $.html();
}
