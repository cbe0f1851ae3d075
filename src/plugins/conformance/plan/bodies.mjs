// The bodies of the plan's requests: the spec's examples (under the kit's ids, inputs.mjs) as JSON or in their XML
// form, each with a label that says which example it is; and whether a message the kit means to be valid is.
import {toXml, validInput} from '../inputs.mjs';

/** @typedef {import('../model.mjs').KitModel} KitModel */
/** @typedef {import('../model.mjs').KitOperation} KitOperation */

export const isObject = (/** @type {unknown} */ v) => v !== null && typeof v === 'object' && !Array.isArray(v);
export const jsonText = (/** @type {unknown} */ value) => JSON.stringify(value, null, 2);

/** An operation's first request example, which the plan sends (under its own ids). */
export const example = (/** @type {KitOperation} */ op) => op.examples[0];

/**
 * The request body of a message, with its label (which example, which ids); null where the message has no XML form.
 * @param {KitModel} model
 * @param {unknown} value
 * @param {string} label
 * @param {'json' | 'xml'} [form]
 * @param {string} [schema] the message's schema, for its XML form
 */
export function bodyOf(model, value, label, form = 'json', schema = '') {
  if (form === 'json') return {text: jsonText(value), form, label};
  const text = toXml(model, schema, value);
  return text === null ? null : {text, form, label};
}

/** Whether a message the kit means to be valid is: checked with the validator before it is planned (a kit fault otherwise). */
export const valid = (/** @type {KitModel} */ model, /** @type {KitOperation} */ op, /** @type {unknown} */ value) =>
  !op.requestBody || op.requestBody.opaque || validInput(model, op.requestBody.schema, jsonText(value), 'json').valid;

/**
 * The first item of a generator that passes a test (the rest are not made): the first copy of a message the
 * validator accepts.
 * @template T
 * @param {Generator<T>} items
 * @param {(item: T) => boolean} test
 * @returns {T | undefined}
 */
export function firstOf(items, test) {
  for (const item of items) if (test(item)) return item;
  return undefined;
}
