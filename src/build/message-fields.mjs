// The fields of a message, one entry per dictionary path (the naming of src/plugins/validator/engine/field-path.mjs), walked from a
// spec's component schemas. The message dictionary (src/plugins/message-dictionary/generate.mjs) renders them and the version diff
// compares them.
import {
  alternativeName,
  alternativeOf as alternativeOfValue,
  componentNamesOf,
  resolveField,
} from '../plugins/validator/engine/field-path.mjs';

export {resolveField};

const typeList = (schema) => (Array.isArray(schema?.type) ? schema.type : schema?.type ? [schema.type] : []);

/** An element name other than the property's, or null. */
const otherName = (/** @type {unknown} */ name, /** @type {string} */ key) => (typeof name === 'string' && name !== key ? name : null);

/** Whether a (resolved) schema is a list. */
const isList = (schema) => Boolean(schema) && (typeList(schema).includes('array') || Boolean(schema.items));

/** The JSON type of a resolved schema, as the dictionary names it (`string`, `object`, `string|null`, …). */
function jsonTypeOf(schema, components) {
  if (!schema) return 'any';
  const types = typeList(schema);
  if (types.length) return types.join('|');
  if (schema.properties) return 'object';
  if (schema.items) return 'array';
  const sample = schema.const ?? schema.enum?.[0];
  if (sample !== undefined) return sample === null ? 'null' : typeof sample === 'number' ? 'number' : typeof sample;
  if (schema.oneOf || schema.anyOf) {
    const kinds = [...new Set((schema.oneOf ?? schema.anyOf).map((alt) => jsonTypeOf(resolveField(alt, components), components)))];
    return kinds.join('|');
  }
  return 'any';
}

/**
 * @typedef {object} FieldEntry
 * @property {string} path dictionary path ('' never: the message itself has no entry)
 * @property {string} name the property name, or `(Alternative)` for a oneOf alternative
 * @property {string | null} xmlName the element's name in XML where the spec gives another (`xml.name` of the property,
 *   else of its schema, as the validator reads it: src/build/published-forms.mjs specXmlFormOf), else null
 * @property {string | null} parent path of the parent entry ('' for the message)
 * @property {number} depth
 * @property {boolean} required whether the field must be present (a required list may still be empty: its `min` is
 *   its minItems, 0 where it has none)
 * @property {number} min
 * @property {number | '*'} max
 * @property {string} type
 * @property {string | null} itemType for a list: the type of its items
 * @property {any} schema the resolved schema (for a list: the list; its items are `itemSchema`)
 * @property {any} itemSchema
 * @property {string | null} description the property's own description, else its schema's
 * @property {string | null} component the component schema the field is (or, for a list, its items are)
 * @property {string | null} alternative for an alternative of a oneOf: its name
 * @property {string[]} alternatives paths of the alternatives of a oneOf field
 * @property {string | null} recursionOf where the structure of this field is documented, when it contains itself
 */

/**
 * Every field of a message, in document order (depth first, the schema's property order).
 * @param {Record<string, any>} components
 * @param {string} message component name
 * @returns {{entries: FieldEntry[], root: {schema: any, alternatives: string[], description: string | null}}}
 */
export function fieldsOf(components, message) {
  /** @type {FieldEntry[]} */
  const entries = [];

  /** Adds the children of a resolved schema at `path` (its properties, or its oneOf alternatives). */
  const children = (schema, path, depth, ancestors) => {
    const alternatives = [];
    if (schema?.oneOf) {
      schema.oneOf.forEach((alt, index) => {
        const name = alternativeName(alt, index);
        const altPath = `${path}(${name})`;
        alternatives.push(altPath);
        const resolved = resolveField(alt, components);
        const recursion = componentNamesOf(alt).find((n) => ancestors.has(n));
        /** @type {FieldEntry} */
        const entry = {
          path: altPath,
          name: `(${name})`,
          parent: path,
          depth,
          required: false,
          min: 0,
          max: 1,
          type: jsonTypeOf(resolved, components),
          itemType: null,
          schema: resolved,
          itemSchema: null,
          description: alt.description ?? resolved?.description ?? null,
          xmlName: null,
          component: componentNamesOf(alt)[0] ?? null,
          alternative: name,
          alternatives: [],
          recursionOf: recursion ? ancestors.get(recursion) : null,
        };
        entries.push(entry);
        if (!recursion) {
          const inner = new Map(ancestors);
          for (const n of componentNamesOf(alt)) inner.set(n, altPath);
          entry.alternatives = children(resolved, altPath, depth + 1, inner);
        }
      });
    }
    const required = schema?.required ?? [];
    for (const [key, property] of Object.entries(schema?.properties ?? {})) {
      const resolved = resolveField(property, components);
      const list = isList(resolved);
      const childPath = `${path ? `${path}.` : ''}${key}${list ? '[]' : ''}`;
      const target = list ? resolved.items : property;
      const targetResolved = list ? resolveField(resolved.items, components) : resolved;
      const names = componentNamesOf(target);
      const recursion = names.find((n) => ancestors.has(n));
      // A required list must be present but may be empty, unless its minItems says otherwise; an optional one may be
      // absent, whatever its minItems.
      const isRequired = required.includes(key);
      const min = isRequired ? (list ? (resolved.minItems ?? 0) : 1) : 0;
      /** @type {FieldEntry} */
      const entry = {
        path: childPath,
        name: key,
        parent: path,
        depth,
        required: isRequired,
        min,
        max: list ? (resolved.maxItems ?? '*') : 1,
        type: jsonTypeOf(resolved, components),
        itemType: list ? jsonTypeOf(targetResolved, components) : null,
        schema: resolved,
        itemSchema: list ? targetResolved : null,
        description: property.description ?? resolved?.description ?? null,
        xmlName: otherName(property.xml?.name ?? resolved?.xml?.name, key),
        component: names[0] ?? null,
        alternative: null,
        alternatives: [],
        recursionOf: recursion ? ancestors.get(recursion) : null,
      };
      entries.push(entry);
      if (!recursion) {
        const inner = new Map(ancestors);
        for (const n of names) inner.set(n, childPath);
        entry.alternatives = children(targetResolved, childPath, depth + 1, inner);
      }
    }
    return alternatives;
  };

  const rootSchema = resolveField({$ref: `#/components/schemas/${message}`}, components);
  if (!rootSchema) throw new Error(`no component schema ${message}`);
  const alternatives = children(rootSchema, '', 0, new Map([[message, '']]));
  return {entries, root: {schema: rootSchema, alternatives, description: rootSchema.description ?? null}};
}

/**
 * The first value each path takes in a message (primitives and short lists of primitives), walking the message
 * along its schema with the dictionary's naming.
 * @param {Record<string, any>} components
 * @param {string} message
 * @param {unknown} value
 * @param {Map<string, unknown>} into
 */
export function collectValues(components, message, value, into = new Map()) {
  const visit = (schema, path, v, ancestors) => {
    if (v === undefined) return;
    let resolved = resolveField(schema, components);
    if (resolved?.oneOf && v && typeof v === 'object' && !Array.isArray(v)) {
      const alts = resolved.oneOf.map((a) => resolveField(a, components));
      const index = alternativeOfValue(alts, v);
      if (index < 0) return;
      const alt = resolved.oneOf[index];
      path = `${path}(${alternativeName(alt, index)})`;
      resolved = alts[index];
    }
    if (!resolved || !v || typeof v !== 'object' || Array.isArray(v)) return;
    for (const [key, property] of Object.entries(resolved.properties ?? {})) {
      if (!(key in v)) continue;
      const propResolved = resolveField(property, components);
      const list = isList(propResolved);
      const childPath = `${path ? `${path}.` : ''}${key}${list ? '[]' : ''}`;
      const child = v[key];
      const names = componentNamesOf(list ? propResolved.items : property);
      const recursion = names.find((n) => ancestors.has(n));
      const at = recursion ? ancestors.get(recursion) : childPath;
      if (list && Array.isArray(child)) {
        if (!into.has(at) && child.length && child.every((x) => x === null || typeof x !== 'object')) into.set(at, child);
        const inner = new Map(ancestors);
        for (const n of names) inner.set(n, at);
        for (const item of child) visit(propResolved.items, at, item, inner);
      } else {
        if (!into.has(at) && (child === null || typeof child !== 'object')) into.set(at, child);
        const inner = new Map(ancestors);
        for (const n of names) inner.set(n, at);
        visit(property, at, child, inner);
      }
    }
  };
  visit({$ref: `#/components/schemas/${message}`}, '', value, new Map([[message, '']]));
  return into;
}
