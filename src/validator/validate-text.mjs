// The validator bound to the code generated from specs/ (scripts/gen-validators.mjs): what the
// Web Worker runs, what the page runs itself where workers are unavailable, and what the unit
// tests call. Importing it loads the compiled validators, so only the worker and the fallback
// path import it, never the page's first chunk.
import {validators} from '../generated/validator/validators.mjs';
import {messageTypes} from '../generated/validator/catalog.mjs';
import {schemas} from '../generated/validator/schemas.mjs';
import {businessRules} from '../generated/validator/rules.mjs';
import {checkMessage} from './check.mjs';

/**
 * @param {string} text the message, JSON or XML
 * @param {string} [type] "auto" (detect) or a message type name
 * @param {{format?: 'json' | 'xml' | 'auto'}} [options] `format`: what the file name says the text is
 * @returns {import('./check.mjs').CheckResult}
 */
export function validateText(text, type = 'auto', options = {}) {
  return checkMessage(text, type, {validators, messageTypes, schemas, rules: businessRules}, options);
}
