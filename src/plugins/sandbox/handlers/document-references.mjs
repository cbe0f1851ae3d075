// The references a message makes to other documents: every `documentId` object below its top level (its own
// `documentId` left out). The sandbox reads them to list the messages that refer to a request (resources.mjs); the
// conformance kit rewrites them to the documents it made (src/plugins/conformance/inputs.mjs).
import {isObject} from './refusals.mjs';

/**
 * Each `documentId` object below the message's top level, as it is in the message (a caller may change it).
 * @param {unknown} message
 * @returns {Generator<Record<string, unknown>>}
 */
export function* documentReferences(message) {
  /** @type {unknown[]} */
  const stack = isObject(message)
    ? Object.entries(/** @type {object} */ (message))
        .filter(([k]) => k !== 'documentId')
        .map(([, v]) => v)
    : [];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) stack.push(...node);
    else if (isObject(node)) {
      const reference = /** @type {any} */ (node).documentId;
      if (isObject(reference)) yield reference;
      stack.push(...Object.values(/** @type {object} */ (node)));
    }
  }
}
