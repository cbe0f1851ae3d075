// The message dictionary's naming of fields (/docs/messages/…), shared by its generator (src/plugins/message-dictionary/generate.mjs)
// and the validator page, which links each error to the entry of the field it concerns.
//
// A field path is the dotted JSON path of a field: property names joined by `.`, `[]` after a list's name for its
// items (`positionProfile.positionLocation.item.id[].value`). Where a schema is a `oneOf`, each alternative is named
// after its component schema in parentheses (`conditions[](AgeCondition).age`, `(RequestedSinglePlanningLine)…` at
// the root of a line body), because the alternatives share property names with different meanings. A structure that
// contains itself (a pay-equity condition inside an `AllOf` condition) is documented once, where it first occurs; a
// path that goes deeper continues from there.
import {resolveSchema} from './xml-model.mjs';

/**
 * A schema with its $refs followed and allOf parts merged, keeping a oneOf that a single allOf part or a $ref
 * brings (resolveSchema merges properties only).
 */
export function resolveField(/** @type {any} */ node, /** @type {Record<string, any>} */ components) {
  for (let guard = 0; node && guard < 32; guard++) {
    if (typeof node.$ref === 'string') node = components[node.$ref.replace('#/components/schemas/', '')];
    else if (Array.isArray(node.allOf) && node.allOf.length === 1 && !node.properties) node = node.allOf[0];
    else return resolveSchema(node, components);
  }
  return null;
}

/** The component name of a `#/components/schemas/<Name>` reference, or null (the engine's own: see json-scanner.mjs). */
const refName = (/** @type {unknown} */ ref) =>
  typeof ref === 'string' && ref.startsWith('#/components/schemas/') ? ref.slice('#/components/schemas/'.length) : null;

/**
 * The name an alternative of a oneOf gets in a path: its component name, else its position (1-based).
 * @param {any} alternative
 * @param {number} index
 */
export const alternativeName = (alternative, index) => refName(alternative?.$ref) ?? String(index + 1);

/**
 * The component schemas a property schema refers to directly (itself a $ref, or an allOf of $refs), for the
 * detection of recursion.
 * @param {any} node
 * @returns {string[]}
 */
export function componentNamesOf(node) {
  if (!node || typeof node !== 'object') return [];
  const own = refName(node.$ref);
  return [...(own ? [own] : []), ...(Array.isArray(node.allOf) ? node.allOf.flatMap(componentNamesOf) : [])];
}

/**
 * Which alternative of a oneOf a value is: the first whose `const` properties the value matches, whose required
 * properties it has and, where the alternative is closed, whose properties include all of the value's; failing
 * that, the one alternative that knows most of the value's properties.
 * @param {any[]} alternatives resolved alternatives
 * @param {unknown} value
 * @returns {number} the index, or -1
 */
export function alternativeOf(alternatives, value) {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return -1;
  const record = /** @type {Record<string, unknown>} */ (value);
  const keys = Object.keys(record);
  const exact = alternatives.findIndex((alt) => {
    if (!alt || typeof alt !== 'object') return false;
    const properties = alt.properties ?? {};
    for (const [key, prop] of Object.entries(properties)) {
      const constant =
        /** @type {any} */ (prop)?.const ?? /** @type {any} */ (prop?.enum?.length === 1 ? /** @type {any} */ (prop).enum[0] : undefined);
      if (constant !== undefined && key in record && record[key] !== constant) return false;
    }
    if (!(alt.required ?? []).every((/** @type {string} */ k) => keys.includes(k))) return false;
    return alt.additionalProperties !== false || keys.every((k) => k in properties);
  });
  if (exact >= 0) return exact;
  // An invalid value (the validator's errors are about such values): the alternative that knows most of its
  // properties, where exactly one does.
  const known = alternatives.map((alt) => keys.filter((k) => k in (alt?.properties ?? {})).length);
  const best = Math.max(0, ...known);
  return best > 0 && known.filter((n) => n === best).length === 1 ? known.indexOf(best) : -1;
}

/**
 * The dictionary path of the field a JSON pointer points at in a message, walking the message's schema (and the
 * message, to tell oneOf alternatives apart). Stops at the deepest field the schema knows: an error about an unknown
 * property links to its parent's entry. '' is the message itself.
 * @param {Record<string, any>} components the spec's component schemas (stripped ones will do)
 * @param {string} typeName the message's component schema
 * @param {string} pointer e.g. /positionProfile/workingPeriods/item/0/workDuration
 * @param {unknown} message the parsed message, or undefined
 * @returns {string}
 */
export function fieldPathOf(components, typeName, pointer, message) {
  const segments =
    pointer === ''
      ? []
      : pointer
          .slice(1)
          .split('/')
          .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  let path = '';
  let node = /** @type {any} */ ({$ref: `#/components/schemas/${typeName}`});
  let value = message;
  /** Path at which each component schema on the way was first documented. */
  const seen = new Map([[typeName, '']]);
  const enter = (/** @type {any} */ schema) => {
    // A component that is already an ancestor: the dictionary documents it there, so continue from that path.
    for (const name of componentNamesOf(schema)) {
      if (seen.has(name) && seen.get(name) !== path) {
        path = /** @type {string} */ (seen.get(name));
        break;
      }
      seen.set(name, path);
    }
    let resolved = resolveField(schema, components);
    while (resolved?.oneOf) {
      const alternatives = resolved.oneOf.map((/** @type {any} */ a) => resolveField(a, components));
      const index = alternativeOf(alternatives, value);
      if (index < 0) return resolved;
      const chosen = resolved.oneOf[index];
      path = `${path}(${alternativeName(chosen, index)})`;
      for (const name of componentNamesOf(chosen)) if (!seen.has(name)) seen.set(name, path);
      resolved = alternatives[index];
    }
    return resolved;
  };
  node = enter(node);
  for (let i = 0; i < segments.length && node; i++) {
    const segment = segments[i];
    const type = Array.isArray(node.type) ? node.type.find((/** @type {string} */ t) => t !== 'null') : node.type;
    if ((type === 'array' || node.items) && /^\d+$/.test(segment)) {
      // The list's entry (`name[]`) already stands for its items.
      value = Array.isArray(value) ? value[Number(segment)] : undefined;
      node = enter(node.items);
      continue;
    }
    const property = node.properties?.[segment];
    if (!property) break;
    value = value && typeof value === 'object' ? /** @type {any} */ (value)[segment] : undefined;
    const resolved = resolveField(property, components);
    const isList =
      resolved && (resolved.type === 'array' || (Array.isArray(resolved.type) && resolved.type.includes('array')) || resolved.items);
    path = `${path ? `${path}.` : ''}${segment}${isList ? '[]' : ''}`;
    node = isList ? resolved : enter(property);
  }
  return path;
}
