// Where a spec repairs SETU's published schemas (its `x-deviations` of kind `repair`), as the message validator marks
// them in its generated validators (src/plugins/validator/generate.mjs), so that a verdict names the repair a value
// relies on: a message valid only under one of our repairs is one a receiver that checks against SETU's published
// file would reject, and the sender must learn that before sending.
//
// A site is the schema object a repair changes (the one holding the repaired keyword, or the repaired node itself), with
// our form of it and the published one (the spec with its repairs reverted, deviations.mjs). A value relies on the
// repair where our form accepts it and the published one does not. Where a repaired component is an alternative of a
// `oneOf`, a published form that accepts more can make the `oneOf` fail (a value then matches two alternatives): the
// `oneOf` is a site too, whose published form has the published alternatives.
import jsonPointer from 'json-pointer';
import {deviationsOf, resolvePointer, revertDeviations} from './deviations.mjs';
import {componentNameOf} from '../spec-refs.mjs';

/**
 * @typedef {object} RepairEntry an `x-deviations` repair, as a verdict's note names it
 * @property {string} at its JSON pointer in the spec
 * @property {string} summary what the published file says and what ours does, in our words
 * @property {string} published the published node, as short JSON
 */

/**
 * @typedef {object} RepairSite
 * @property {string} pointer the schema object in the spec
 * @property {RepairEntry[]} repairs the repairs a value there relies on
 * @property {any} ours our form of the schema object
 * @property {any} published the published form
 */

const schemaPrefix = '/components/schemas/';

/** Keywords whose value is a schema, or an object or list of schemas (the walk from a component to a keyword). */
const schemaMaps = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
const schemaLists = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
const schemaValues = new Set([
  'items',
  'additionalProperties',
  'not',
  'contains',
  'propertyNames',
  'if',
  'then',
  'else',
  'unevaluatedProperties',
]);

/** The schema object a repair at `at` changes: the one holding the keyword it names, or the node itself. */
function siteOf(/** @type {string} */ at) {
  const tokens = jsonPointer.parse(at);
  // components, schemas, the component's name: the component is a schema object.
  let site = 3;
  for (let i = 3; i < tokens.length;) {
    const token = tokens[i];
    if (schemaMaps.has(token) || schemaLists.has(token)) {
      if (i + 1 >= tokens.length) break;
      site = i + 2;
      i += 2;
    } else if (schemaValues.has(token)) {
      site = i + 1;
      i += 1;
    } else break;
  }
  return jsonPointer.compile(tokens.slice(0, site));
}

/** The JSON of a node without what does not change a verdict: annotations, and the identifiers of a stand-alone schema. */
function constraintsOf(/** @type {unknown} */ node) {
  return JSON.stringify(node, (key, value) =>
    ['description', 'example', 'examples', 'xml', 'externalDocs', 'title', '$id', '$schema', '$comment'].includes(key) ? undefined : value,
  );
}

const short = (/** @type {unknown} */ node) => {
  const text = node === undefined ? 'nothing' : constraintsOf(node);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
};

/**
 * The repair sites of a spec. A repair that changes no constraint (an `$id`, an XML name) has none; a repair of the XML
 * form only (`form: "xml"`) is the XSD's, not the JSON Schema's.
 * @param {any} spec
 * @returns {RepairSite[]}
 */
export function repairSitesOf(spec) {
  const repairs = deviationsOf(spec).filter((e) => e.kind === 'repair' && !e.form && e.at.startsWith(schemaPrefix));
  if (repairs.length === 0) return [];
  const published = revertDeviations(spec, new Set(deviationsOf(spec).filter((e) => !repairs.includes(e))));
  /** @type {Map<string, RepairSite>} */
  const sites = new Map();
  for (const entry of repairs) {
    const pointer = siteOf(entry.at);
    const site = sites.get(pointer) ?? {
      pointer,
      repairs: [],
      ours: resolvePointer(spec, pointer).value,
      published: resolvePointer(published, pointer).value,
    };
    const before = resolvePointer(published, entry.at);
    site.repairs.push({at: entry.at, summary: entry.summary, published: short(before.found ? before.value : undefined)});
    sites.set(pointer, site);
  }
  // A node the published file lacks accepts anything there: our form can only be stricter.
  const found = [...sites.values()].filter((s) => s.published !== undefined && constraintsOf(s.ours) !== constraintsOf(s.published));
  // The oneOfs whose alternatives are repaired components.
  const repairedComponents = new Map(
    found.filter((s) => jsonPointer.parse(s.pointer).length === 3).map((s) => [jsonPointer.parse(s.pointer)[2], s]),
  );
  if (repairedComponents.size === 0) return found;
  for (const [name, schema] of Object.entries(spec.components?.schemas ?? {})) {
    (function visit(/** @type {any} */ node, /** @type {string} */ pointer) {
      if (Array.isArray(node)) return node.forEach((n, i) => visit(n, `${pointer}/${i}`));
      if (!node || typeof node !== 'object') return;
      if (Array.isArray(node.oneOf)) {
        const alternatives = node.oneOf.map((/** @type {any} */ alt) => repairedComponents.get(componentNameOf(alt?.$ref) ?? ''));
        if (alternatives.some(Boolean)) {
          found.push({
            pointer,
            repairs: alternatives.flatMap((/** @type {RepairSite | undefined} */ s) => s?.repairs ?? []),
            ours: node,
            published: {
              ...node,
              oneOf: node.oneOf.map((/** @type {any} */ alt, /** @type {number} */ i) => alternatives[i]?.published ?? alt),
            },
          });
        }
      }
      for (const [key, child] of Object.entries(node)) visit(child, `${pointer}/${jsonPointer.escape(key)}`);
    })(schema, `${schemaPrefix}${jsonPointer.escape(name)}`);
  }
  return found;
}
