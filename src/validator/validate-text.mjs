// The validator bound to the code generated from specs/ (scripts/gen-validators.mjs): what the
// Web Worker runs, what the page runs itself where workers are unavailable, and what the unit tests
// call. Importing it loads the generated validators (each spec's are compiled on first use), so only
// the worker and the fallback path import it, never the page's first chunk. The command setu-validate
// (src/cli/) binds validate-with.mjs to the validators of the types it checks instead.
import {validators} from '../../generated/validator/validators.mjs';
import {messageTypes} from '../../generated/validator/catalog.mjs';
import {schemas} from '../../generated/validator/schemas.mjs';
import {businessRules} from '../../generated/validator/rules.mjs';
import {validateWith} from './validate-with.mjs';

/** @typedef {import('./validate-with.mjs').LinkedResult} LinkedResult */

/** What the page checks against: every generated validator, the catalog, the schemas and the business rules. */
const generatedDeps = /** @type {import('./check.mjs').CheckDeps} */ ({validators, messageTypes, schemas, rules: businessRules});

/**
 * @param {string} text the message, JSON or XML
 * @param {string} [type] "auto" (detect) or a message type name
 * @param {{format?: 'json' | 'xml' | 'auto'}} [options] `format`: what the file name says the text is
 * @returns {LinkedResult}
 */
export function validateText(text, type = 'auto', options = {}) {
  return validateWith(generatedDeps, text, type, options);
}
