// The message dictionary's entry of each error of a refused body, as the validator page links it
// (src/plugins/validator/engine/validate-text.mjs): the field of the error's path in the message type the body was checked as, with
// the message parsed again where it is JSON and not too large. Loaded by the answer panel only when a refusal lists
// errors: it carries the catalog, the schemas and the dictionary's index (~50 KB compressed).
import {fieldLink} from '../../validator/engine/field-links.mjs';
import {messageTypes} from '../../../../generated/validator/catalog.mjs';
import {schemas} from '../../../../generated/validator/schemas.mjs';
import {dictionary} from '../../../../generated/message-dictionary-index.mjs';

/** Above this size the message is not parsed again (validate-text.mjs: the links then name no oneOf form). */
const reparseLimit = 1_000_000;

/**
 * @param {import('./refusal-errors.mjs').Refusal} refusal
 * @param {{format: 'json' | 'xml', body: string | undefined}} sent the form and text of the body that was refused
 * @returns {(string | null)[]} each error's address under /docs, or null where the dictionary has no page for it
 */
export function refusalLinks(refusal, {format, body}) {
  const type = messageTypes.find((t) => t.name === refusal.type);
  if (!type) return refusal.errors.map(() => null);
  /** @type {unknown} */
  let message;
  if (format === 'json' && body && body.length < reparseLimit) {
    try {
      message = JSON.parse(body);
    } catch {
      message = undefined;
    }
  }
  return refusal.errors.map((e) =>
    fieldLink({file: type.file, schema: type.schema, pointer: e.pointer, format, message}, dictionary, schemas),
  );
}
