// The validator bound to the code generated from specs/ (src/plugins/validator/generate.mjs): what the
// Web Worker runs, what the page runs itself where workers are unavailable, what the command
// setu-validate runs (../command/), and what the unit tests call. Importing it loads the generated
// validators (each spec's are compiled on first use), so only the worker, the fallback path and the
// command import it, never the page's first chunk.
import {validators} from '../../../../generated/validator/validators.mjs';
import {messageTypes} from '../../../../generated/validator/catalog.mjs';
import {schemas} from '../../../../generated/validator/schemas.mjs';
import {businessRules} from '../../../../generated/validator/rules.mjs';
import {repairs} from '../../../../generated/validator/repairs.mjs';
import {checkMessage} from './check.mjs';
import {fieldLink} from './field-links.mjs';
import {dictionary} from '../../../../generated/message-dictionary-index.mjs';

/** Above this size the message is not parsed a second time for the errors' links (they then name no oneOf form). */
const reparseLimit = 1_000_000;

/**
 * @typedef {import('./check.mjs').CheckResult & {fieldLinks: (string | null)[]}} LinkedResult the verdict, with the
 * dictionary entry of each error's field (see field-links.mjs)
 */

/** What the page checks against: every generated validator, the catalog, the schemas, the business rules and the repairs. */
export const generatedDeps = /** @type {import('./check.mjs').CheckDeps} */ ({
  validators,
  messageTypes,
  schemas,
  rules: businessRules,
  repairs,
});

/**
 * Checks a message against `deps` (the generated ones, or a part of them: the command can leave out the business
 * rules or the types of other versions), and links each error to its field in the message dictionary.
 * @param {import('./check.mjs').CheckDeps} deps
 * @param {string} text the message, JSON or XML
 * @param {string} [type] "auto" (detect) or a message type name
 * @param {{format?: 'json' | 'xml' | 'auto'}} [options] `format`: what the file name says the text is
 * @returns {LinkedResult}
 */
export function validateWith(deps, text, type = 'auto', options = {}) {
  const result = checkMessage(text, type, deps, options);
  const schema = deps.messageTypes.find((t) => t.name === result.type)?.schema;
  /** @type {unknown} the JSON message parsed again for fieldLink; undefined where it is not */
  let message;
  if (result.errors.length && result.format === 'json' && text.length < reparseLimit) {
    try {
      message = JSON.parse(text);
    } catch {
      message = undefined;
    }
  }
  const fieldLinks = result.errors.map((e) =>
    schema ? fieldLink({file: result.file, schema, pointer: e.pointer, format: result.format, message}, dictionary, deps.schemas) : null,
  );
  return {...result, fieldLinks};
}

/**
 * @param {string} text the message, JSON or XML
 * @param {string} [type] "auto" (detect) or a message type name
 * @param {{format?: 'json' | 'xml' | 'auto'}} [options] `format`: what the file name says the text is
 * @returns {LinkedResult}
 */
export function validateText(text, type = 'auto', options = {}) {
  return validateWith(generatedDeps, text, type, options);
}
