// The validator bound to the code generated from specs/ (scripts/gen-validators.mjs): what the
// Web Worker runs, what the page runs itself where workers are unavailable, and what the unit
// tests call. Importing it loads the compiled validators, so only the worker and the fallback
// path import it, never the page's first chunk.
import {validators} from '../../../generated/validator/validators.mjs';
import {messageTypes} from '../../../generated/validator/catalog.mjs';
import {schemas} from '../../../generated/validator/schemas.mjs';
import {checkMessage} from './check.mjs';

/**
 * @param {string} text the message
 * @param {string} [type] "auto" (detect) or a message type name
 * @returns {import('./check.mjs').CheckResult}
 */
export function validateText(text, type = 'auto') {
  return checkMessage(text, type, {validators, messageTypes, schemas});
}

export {messageTypes};
