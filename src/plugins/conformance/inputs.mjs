// What the kit sends: the specification's examples, with ids of its own, and named copies of them: a broken copy (one
// required property left out), a changed copy (one free-text value changed, for an update whose spec example is the
// create's), a shorter copy (one optional property left out, for what PUT keeps). Nothing random beyond the ids: no
// fuzzing. Every body the kit means to be valid is checked with the validator before it is sent (validInput), so a
// failure is the server's, not the kit's.
import {validators} from '../../../generated/validator/validators.mjs';
import {messageTypes} from '../../../generated/validator/catalog.mjs';
import {schemas} from '../../../generated/validator/schemas.mjs';
import {businessRules} from '../../../generated/validator/rules.mjs';
import {checkMessage} from '../validator/engine/check.mjs';
import {xmlFormOf} from '../sandbox/handlers/xml-form.mjs';
import {documentReferences} from '../sandbox/handlers/document-references.mjs';

/** @typedef {import('./model.mjs').KitModel} KitModel */
/** @typedef {import('../../../generated/validator/catalog.mjs').MessageType} MessageType */

/** The validator's inputs, as the sandbox binds them (src/plugins/sandbox/handlers/handler.mjs). */
const engineDeps = {validators, messageTypes, schemas, rules: businessRules};

/** The prefix of every free-text id the kit makes up (document ids, line ids), so that a server's people can tell them. */
export const idPrefix = 'setu-conform-';

const isObject = (/** @type {unknown} */ v) => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The component schemas of a model's spec (the validator's stripped copies). */
export const componentsOf = (/** @type {KitModel} */ model) => /** @type {Record<string, any>} */ (schemas[model.specFile] ?? {});

/** The validator's message type of a component schema of a model's spec, if it has one. */
export const messageTypeOf = (/** @type {KitModel} */ model, /** @type {string} */ schema) =>
  messageTypes.find((t) => t.file === model.specFile && t.schema === schema);

/** A schema node with its local references and single-member allOfs followed. */
export function resolve(/** @type {Record<string, any>} */ components, /** @type {any} */ node) {
  let current = node;
  for (let i = 0; i < 20 && current; i++) {
    if (typeof current.$ref === 'string') current = components[current.$ref.split('/').pop()];
    else if (Array.isArray(current.allOf) && current.allOf.length === 1 && Object.keys(current).length === 1) current = current.allOf[0];
    else break;
  }
  return current;
}

/** The form of a `oneOf` schema that a value takes: the one whose properties hold all of the value's. */
function formOf(/** @type {Record<string, any>} */ components, /** @type {any} */ schema, /** @type {unknown} */ value) {
  if (!Array.isArray(schema?.oneOf)) return schema;
  const keys = isObject(value) ? Object.keys(/** @type {object} */ (value)) : [];
  const forms = schema.oneOf.map((/** @type {any} */ f) => resolve(components, f));
  return forms.find((/** @type {any} */ f) => keys.every((k) => k in (f?.properties ?? {}))) ?? forms[0];
}

/**
 * The validator's verdict on a body the kit built, as the sandbox judges a request body.
 * @param {KitModel} model
 * @param {string} schema the request body's component schema
 * @param {string} text
 * @param {'json' | 'xml'} form
 * @returns {{valid: boolean, summary: string}}
 */
export function validInput(model, schema, text, form) {
  const type = messageTypeOf(model, schema);
  if (!type) return {valid: true, summary: 'no message type to check against'};
  // The kit's own ids do not change a verdict (they replace free text): a body judged once is known under any ids.
  const key = `${type.name}\n${form}\n${text.replace(kitIds, 'ID')}`;
  const known = verdicts.get(key);
  if (known) return known;
  const result = checkMessage(text, type.name, engineDeps, {format: form});
  const verdict = {
    valid: result.valid,
    summary: result.valid ? result.summary : `${result.summary} ${result.errors[0]?.message ?? ''}`.trim(),
  };
  if (verdicts.size > 2000) verdicts.clear();
  verdicts.set(key, verdict);
  return verdict;
}

/** The ids the kit makes (UUIDs, with its prefix or without). */
const kitIds = new RegExp(`(${idPrefix})?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}`, 'g');
/** Verdicts on the kit's inputs, by type, form and text with the kit's ids left out. */
/** @type {Map<string, {valid: boolean, summary: string}>} */
const verdicts = new Map();

// A value in SETU's XML form, written as the sandbox writes its answers, or null where it has none.
export {toXml} from '../sandbox/handlers/xml-form.mjs';

/** The XML root and namespace of a message type's value, for reading an XML answer back. */
export function xmlTypeOf(/** @type {KitModel} */ model, /** @type {string} */ schema, /** @type {unknown} */ value) {
  const form = xmlFormOf(model, schema, value);
  return form ? (messageTypes.find((t) => t.file === model.specFile && t.schema === form.schema) ?? null) : null;
}

/**
 * A message with the kit's ids: its own `documentId.value` (a new one; the example's value is mapped to it in
 * `documentIds`, so that messages made later refer to it), references to documents the kit made mapped to their ids, and
 * the lines of `lines` (list property → the line's id property) under new ids.
 * @param {unknown} value the example
 * @param {{documentId?: string | null, documentIds?: Map<string, string>, lines?: Record<string, string>, newId: () => string}} ids
 * @returns {{value: any, documentId: string | null, lineIds: string[]}}
 */
export function withIds(value, {documentId = null, documentIds = new Map(), lines = {}, newId}) {
  const copy = structuredClone(value);
  /** @type {string[]} */
  const lineIds = [];
  let own = null;
  if (isObject(copy)) {
    const top = /** @type {Record<string, any>} */ (copy);
    if (documentId !== null && isObject(top.documentId) && typeof top.documentId.value === 'string') {
      if (!documentIds.has(top.documentId.value)) documentIds.set(top.documentId.value, documentId);
      top.documentId.value = documentId;
      own = documentId;
    }
    for (const [property, idProperty] of Object.entries(lines)) {
      for (const line of Array.isArray(top[property]) ? top[property] : []) {
        if (isObject(line?.[idProperty]) && typeof line[idProperty].value === 'string') {
          line[idProperty].value = `${idPrefix}${newId()}`;
          lineIds.push(line[idProperty].value);
        }
      }
    }
  }
  // References below the top level: `documentId` objects that name a document the kit made from an example.
  for (const reference of documentReferences(copy))
    if (typeof reference.value === 'string' && documentIds.has(reference.value)) reference.value = documentIds.get(reference.value);
  return {value: copy, documentId: own, lineIds};
}

/**
 * A copy of a value without its first required property found breadth-first (the top level first), which the schema
 * must refuse: the "broken copy" of an example. Null where the schema requires nothing the value holds.
 * @param {Record<string, any>} components
 * @param {string} schemaName
 * @param {unknown} value
 * @returns {{copy: unknown, name: string, pointer: string} | null}
 */
export function brokenCopy(components, schemaName, value) {
  const copy = structuredClone(value);
  /** @type {{schema: any, value: any, pointer: string, top: boolean}[]} */
  const queue = [{schema: resolve(components, components[schemaName]), value: copy, pointer: '', top: true}];
  while (queue.length > 0) {
    const {schema: node, value: v, pointer, top} = /** @type {(typeof queue)[number]} */ (queue.shift());
    // A body of two forms (a planning line body) is told apart by its top-level property: leaving that one out breaks no
    // field of the form, so a field inside it is left out instead.
    const twoForms = top && Array.isArray(node?.oneOf);
    const schema = formOf(components, node, v);
    if (Array.isArray(v)) {
      v.forEach((item, i) => queue.push({schema: resolve(components, schema?.items), value: item, pointer: `${pointer}/${i}`, top: false}));
      continue;
    }
    if (!isObject(v)) continue;
    const required = twoForms ? undefined : (schema?.required ?? []).find((/** @type {string} */ name) => name in v);
    if (required) {
      delete v[required];
      return {copy, name: required, pointer: `${pointer}/${required}`};
    }
    for (const [key, child] of Object.entries(v)) {
      if (child && typeof child === 'object')
        queue.push({schema: resolve(components, schema?.properties?.[key]), value: child, pointer: `${pointer}/${key}`, top: false});
    }
  }
  return null;
}

/** Names of string properties that identify rather than describe: their values are not changed. */
const identifying = new Set(['value', 'schemeAgencyId', 'id', 'lineId', 'code', 'orderType', 'actionCode', 'languageCode', 'currency']);

/**
 * Copies of a value with one free-text string changed (a string of the schema without enum, format, pattern or const,
 * outside identifiers), first candidate first; the caller takes the first the validator accepts.
 * @param {Record<string, any>} components
 * @param {string} schemaName
 * @param {unknown} value
 * @returns {Generator<{copy: unknown, pointer: string}>}
 */
export function* changedCopies(components, schemaName, value) {
  /** @type {{schema: any, value: any, pointer: string, path: (string | number)[]}[]} */
  const queue = [{schema: resolve(components, components[schemaName]), value, pointer: '', path: []}];
  while (queue.length > 0) {
    const {schema: node, value: v, pointer, path} = /** @type {(typeof queue)[number]} */ (queue.shift());
    const schema = formOf(components, node, v);
    if (Array.isArray(v)) {
      v.forEach((item, i) =>
        queue.push({schema: resolve(components, schema?.items), value: item, pointer: `${pointer}/${i}`, path: [...path, i]}),
      );
      continue;
    }
    if (!isObject(v)) continue;
    for (const [key, child] of Object.entries(v)) {
      const property = resolve(components, schema?.properties?.[key]);
      if (typeof child === 'string' && !identifying.has(key) && property?.type === 'string') {
        if (property.enum || property.format || property.pattern || property.const !== undefined) continue;
        const marker = ' (changed by setu-conform)';
        const changed =
          property.maxLength && child.length + marker.length > property.maxLength ? `${child.slice(0, 1)}~` : `${child}${marker}`;
        const copy = structuredClone(value);
        let at = /** @type {any} */ (copy);
        for (const step of path) at = at[step];
        at[key] = changed;
        yield {copy, pointer: `${pointer}/${key}`};
      } else if (child && typeof child === 'object') {
        queue.push({schema: property, value: child, pointer: `${pointer}/${key}`, path: [...path, key]});
      }
    }
  }
}

/**
 * Copies of a message without one optional top-level property (not its document id, nor a list of lines), for the check
 * of what a PUT keeps; the caller takes the first the validator accepts.
 * @param {Record<string, any>} components
 * @param {string} schemaName
 * @param {unknown} value
 * @param {string[]} lineProperties
 * @returns {Generator<{copy: unknown, name: string}>}
 */
export function* shorterCopies(components, schemaName, value, lineProperties) {
  if (!isObject(value)) return;
  const schema = resolve(components, components[schemaName]);
  const required = new Set(schema?.required ?? []);
  for (const name of Object.keys(/** @type {object} */ (value))) {
    if (required.has(name) || name === 'documentId' || lineProperties.includes(name)) continue;
    const copy = /** @type {Record<string, unknown>} */ (structuredClone(value));
    delete copy[name];
    yield {copy, name};
  }
}
