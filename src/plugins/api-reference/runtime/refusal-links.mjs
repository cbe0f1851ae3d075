// The message dictionary's entry of each error of a refused body, as the validator page links it
// (src/plugins/validator/engine/validate-text.mjs): the field of the error's path in the message type the body was checked as, with
// the message parsed again where it is JSON and not too large; the same for the warnings of a body the sandbox stored.
// Loaded by the answer panel only when an answer lists errors or warnings: it carries the catalog, the schemas and the
// dictionary's index (~50 KB compressed).
import {fieldLink} from '../../validator/engine/field-links.mjs';
import {messageTypes} from '../../../../generated/validator/catalog.mjs';
import {schemas} from '../../../../generated/validator/schemas.mjs';
import {dictionary} from '../../../../generated/message-dictionary-index.mjs';

/** Above this size the message is not parsed again (validate-text.mjs: the links then name no oneOf form). */
const reparseLimit = 1_000_000;

/** @typedef {{format: 'json' | 'xml', body: string | undefined}} Sent the form and text of the body that was sent */
/** @typedef {{file: string, schema: string}} MessageType */

/**
 * The dictionary's entry of each path, in the message type the body was checked as.
 * @param {MessageType | undefined} type
 * @param {(string | null)[]} pointers JSON pointers, or for an XML body element paths; null for no path
 * @param {Sent} sent
 * @returns {(string | null)[]}
 */
function fieldLinks(type, pointers, {format, body}) {
  if (!type) return pointers.map(() => null);
  /** @type {unknown} */
  let message;
  if (format === 'json' && body && body.length < reparseLimit) {
    try {
      message = JSON.parse(body);
    } catch {
      message = undefined;
    }
  }
  return pointers.map((pointer) =>
    pointer === null ? null : fieldLink({file: type.file, schema: type.schema, pointer, format, message}, dictionary, schemas),
  );
}

/**
 * @param {import('./refusal-errors.mjs').Refusal} refusal
 * @param {Sent} sent the body that was refused
 * @returns {(string | null)[]} each error's address under /docs, or null where the dictionary has no page for it
 */
export function refusalLinks(refusal, sent) {
  const type = messageTypes.find((t) => t.name === refusal.type);
  return fieldLinks(
    type,
    refusal.errors.map((e) => e.pointer),
    sent,
  );
}

/**
 * The warnings of a body the sandbox accepted, linked as the errors of a refused one; notes name no path.
 * @param {import('./validator-findings.mjs').Findings} findings
 * @param {import('./validator-findings.mjs').RequestMessage | undefined} requestMessage the operation's request message
 * @param {Sent} sent
 * @returns {(string | null)[]} each warning's address under /docs, or null
 */
export function warningLinks(findings, requestMessage, sent) {
  const type = requestMessage && messageTypes.find((t) => t.file === requestMessage.file && t.schema === requestMessage.schema);
  return fieldLinks(
    type,
    findings.warnings.map((w) => w.pointer),
    sent,
  );
}
