// Where each check comes from, and whether it tests the standard or our reading of it. A check cites the spec's
// operation and response (its page in the API reference), the usage note or business rules it rests on, and, when it
// is our reading, why: an entry of the sandbox's list of what it does where the standard is silent
// (src/plugins/sandbox/handlers/behaviour.mjs), or what this site's spec adds to the published one (its `x-deviations`, kind `addition`).
import {oursWhereSilent} from '../sandbox/handlers/behaviour.mjs';
import {deviationAt} from './model.mjs';

/** @typedef {import('./model.mjs').KitModel} KitModel */
/** @typedef {import('./model.mjs').KitOperation} KitOperation */

/**
 * @typedef {object} Source where a check comes from: a page of the site (`route`, under /docs) and what on it
 * @property {string} label
 * @property {string} route
 */

/**
 * @typedef {object} Check a named check of the kit
 * @property {string} id `<registry id>.<operationId>.<name>`, stable
 * @property {string} api the registry id
 * @property {string} operationId
 * @property {string} name e.g. `status`, `xml.body`
 * @property {string} title what it checks
 * @property {'standard' | 'our-reading'} kind
 * @property {Source[]} sources
 * @property {string | null} reason for our reading: why the standard does not settle it
 */

/** The usage notes the checks rest on (routes under /docs). */
export const notes = {
  status: {label: 'Response codes: status codes', route: '/api/usage-notes/response-codes#status-codes'},
  errorBody: {label: 'Response codes: error body', route: '/api/usage-notes/response-codes#error-body'},
  xml: {label: 'The XML form', route: '/api/usage-notes/xml-form'},
  identifiers: {label: 'Identifiers', route: '/api/usage-notes/identifiers'},
};

/** The sandbox's choices where the standard is silent that checks follow, by the start of their title in behaviour.mjs. */
const behaviourTitles = {
  exists: 'A create at an id that is already in use is refused',
  location: 'A Location header on every create',
  replaces: 'A PUT replaces the whole message',
  lines: 'A line is found by its identifier',
  delete: 'DELETE answers 204 where declared',
  errors: 'Our error codes',
  lists: 'The lists: which messages belong',
};

/**
 * An entry of the sandbox's list of what it does where the standard is silent, as a source and a reason.
 * @param {keyof typeof behaviourTitles} key
 * @returns {{source: Source, reason: string}}
 */
export function behaviour(key) {
  const entry = oursWhereSilent.find((e) => e.title.startsWith(behaviourTitles[key]));
  if (!entry)
    throw new Error(`src/plugins/sandbox/handlers/behaviour.mjs has no entry "${behaviourTitles[key]}…", which the conformance kit cites`);
  return {
    source: {label: `What the sandbox does where the standard is silent: ${entry.title}`, route: '/sandbox#ours'},
    reason: entry.title,
  };
}

/** The source of an operation: its page in the API reference, naming the response or part meant. */
export function operationSource(/** @type {KitModel} */ model, /** @type {KitOperation} */ op, /** @type {string} */ part = '') {
  return {
    label: `${op.method} ${op.path}${part ? `, ${part}` : ''} (${model.standard} ${model.version})`,
    route: `${model.referenceRoute}/${op.operationId}`,
  };
}

/**
 * A check's kind from where the spec declares what it tests: our reading where this site's spec adds it to the published
 * one (an `addition` of its x-deviations at or above one of `pointers`), with the deviation as its reason; the
 * standard otherwise (a `repair`, what the standard evidently intends, is named among the sources).
 * @param {KitModel} model
 * @param {string[]} pointers
 * @returns {{kind: 'standard' | 'our-reading', reason: string | null, sources: Source[]}}
 */
export function kindAt(model, pointers) {
  const deviation = deviationAt(model, pointers);
  if (!deviation) return {kind: 'standard', reason: null, sources: []};
  const source = {
    label: `${deviation.kind === 'addition' ? 'Added by this site’s specification' : 'Repaired in this site’s specification'}: ${deviation.summary}`,
    route: `${model.specPageRoute}#deviations`,
  };
  return deviation.kind === 'addition'
    ? {kind: 'our-reading', reason: deviation.summary, sources: [source]}
    : {kind: 'standard', reason: null, sources: [source]};
}
