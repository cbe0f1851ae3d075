// The API registry (apis.json), typed, and the one way to read it: docusaurus.config.ts, sidebars.ts, the components,
// the remark plugins, the scripts and the tests all import this module. Plain JavaScript with JSDoc types, so that
// Node runs it without a TypeScript loader; the JSON import attribute is understood by Node (20.10 and later), by
// Docusaurus' config loader (jiti) and by its bundler (Rspack). To add a field: describe it in `ApiVersion` below
// (optional unless every entry has it) and in the `$comment` of apis.json.
import registry from './apis.json' with {type: 'json'};
import {locateRoute} from './standard-versions.mjs';

/**
 * The XML form of the messages of one API version, from SETU's published XSDs (see the `$comment` of apis.json); the
 * datatypes and code lists of their elements are facts in src/data/published-forms/.
 * @typedef {object} XmlForm
 * @property {string} namespace the XSDs' target namespace, the exact string (Planning 1.0: `https://ontology.setu.nl/planning#`)
 * @property {Record<string, string>} [roots] message type → its root element, for the messages an XSD defines
 *   (checked against the spec's `xml.name`)
 * @property {Record<string, Record<string, string>>} [rootAliases] message type → another root element accepted too →
 *   the note the validator shows with it
 */

/**
 * One version of one SETU API, as listed in apis.json.
 * @typedef {object} ApiVersion
 * @property {string} id folder under api-reference/ and, through pluginIdOf, the plugin ids (`api-<id>`, `openapi-<id>`)
 * @property {string} standard name of the standard, the same for all its versions
 * @property {string} [standardShortName] its name where there is little room (the navbar's version switch on a narrow
 *   desktop screen), the same for all its versions; absent: `standard`
 * @property {string} standardSlug the standard in URLs of the message dictionary (`/messages/<standardSlug>/…`) and in
 *   the key of the remembered version; the same for all its versions
 * @property {string} version
 * @property {'current' | 'previous' | 'referenced' | 'message-model'} status `current`: the release implementers build
 *   today; `previous`: an older release still in production; `referenced`: the version the standard's published API
 *   references, while a newer message model exists; `message-model`: published as messages only, which no published
 *   API references yet
 * @property {false} [api] `false`: the version has messages but no API specification (no operations, no reference,
 *   no `referenceRoute`)
 * @property {string} title title of the reference's landing page: the spec's `info.title`
 * @property {string} docsLabel how links and the sidebar name the standard's documentation pages
 * @property {string} summary what the API exchanges, in a few words
 * @property {string} specFile file in specs/, published at /docs/specs/<specFile>
 * @property {string} [referenceRoute] route under /docs of the generated reference (absent where `api` is false)
 * @property {string} docsRoute route under /docs of the standard's documentation
 * @property {string} specPageRoute route under /docs of the standard's specification page
 * @property {string[]} messageTypes component schemas the message validator offers
 * @property {XmlForm} [xml] the XML form of the messages; absent: JSON only
 * @property {string} [businessRules] file in src/data/ with the business rules published beside the spec, which the
 *   validator checks
 * @property {Record<string, string>} [exampleVariants] message types whose examples differ by the value of one
 *   top-level property (type → property): the validator offers one example per value
 */

/** An API version that has an API specification, and so a generated reference at `referenceRoute`.
 * @typedef {ApiVersion & {referenceRoute: string}} ApiWithReference
 */

/**
 * The root element of a message in its XML form: the one SETU's XSD gives (the registry's `xml.roots`), else the spec's
 * `xml.name`, else the message type's name. (src/plugins/validator/generate.mjs checks that the spec agrees with the XSD.)
 * @param {ApiVersion} api
 * @param {string} name the message type
 * @param {{xml?: {name?: string}}} [schema] its schema in the spec
 */
export const xmlRootOf = (api, name, schema) => api.xml?.roots?.[name] ?? schema?.xml?.name ?? name;

/** Every API version, standards in the registry's order, each standard's versions newest first. */
export const apis = /** @type {ApiVersion[]} */ (registry.apis);

/** The versions with an API specification: those the reference plugins, menus and search cover. */
export const apisWithReference = /** @type {ApiWithReference[]} */ (
  apis.filter((api) => api.api !== false && api.referenceRoute !== undefined)
);

/**
 * The version of a standard that links without a chosen version lead to: its current release, else (a standard
 * without one, as Planning and Scheduling: v1.0 `referenced`, v2.0 `message-model`) the version its published API
 * references, else its newest.
 * @param {string | undefined} standard
 * @returns {ApiVersion | undefined}
 */
export function defaultVersionOf(standard) {
  const versions = apis.filter((a) => a.standard === standard);
  return versions.find((a) => a.status === 'current') ?? versions.find((a) => a.status === 'referenced') ?? versions[0];
}

/**
 * How the site words each `status`, the one place for these words. `label` follows a version where versions are listed
 * (the navbar's version switch, search results, llms.txt, the validator page's Markdown twin); `note` says why a
 * version other than the one readers start from is still documented (the announcement bar, llms.txt).
 * @type {Record<ApiVersion['status'], {label: string, note: string}>}
 */
export const statusWording = {
  current: {label: 'current', note: ''},
  previous: {label: 'previous version', note: 'still in production'},
  referenced: {label: 'published API', note: 'the version of the published API'},
  'message-model': {label: 'message model', note: 'messages only'},
};

/**
 * Every standard, in the registry's order: its versions (newest first) and `main`, the one that links without a chosen
 * version lead to (defaultVersionOf).
 * @type {{standard: string, versions: ApiVersion[], main: ApiVersion}[]}
 */
export const standards = [...new Set(apis.map((api) => api.standard))].map((standard) => ({
  standard,
  versions: apis.filter((api) => api.standard === standard),
  // A standard of the registry has a version, so a default one.
  main: /** @type {ApiVersion} */ (defaultVersionOf(standard)),
}));

/** The spec files of specs/, one per API version. */
export const specFiles = apis.map((api) => api.specFile);

/**
 * The part of the plugin ids (`api-<…>`, `openapi-<…>`) that names an API version: its registry id with every
 * character Docusaurus does not allow in a plugin id (anything but letters, digits, `_` and `-`) replaced by `-`, so
 * that `gelijkwaardige-beloning-2.0` becomes `gelijkwaardige-beloning-2-0`.
 * @param {Pick<ApiVersion, 'id'>} api
 */
export const pluginIdOf = (api) => api.id.replace(/[^\w-]/g, '-');

/**
 * How links name an API: its title, with the version where its standard is documented in several.
 * @param {ApiVersion} api
 */
export const apiLabel = (api) =>
  apis.filter((other) => other.standard === api.standard).length > 1 ? `${api.title} ${api.version}` : api.title;

/**
 * The API version whose documentation contains the page at `route` (under /docs): the longest matching `docsRoute`.
 * @param {string} route
 * @param {ApiVersion[]} [entries] the registry's entries (tests pass others)
 * @returns {ApiVersion | undefined}
 */
export function apiOfRoute(route, entries = apis) {
  const found = locateRoute(route, entries);
  return found?.kind === 'docs' ? found.api : undefined;
}
