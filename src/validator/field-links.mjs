// Links from the validator's errors to the message dictionary (/docs/messages/…): the entry of the field each error
// concerns. The dictionary's generator (scripts/gen-messages.mjs) writes where each message's fields are
// (generated/message-dictionary-index.mjs); the path of a field follows the dictionary's naming (field-path.mjs).
import {fieldPathOf} from './field-path.mjs';

/**
 * @typedef {object} DictionaryMessage
 * @property {string} route the message page, under /docs
 * @property {string} prefix the alternative a line-body form is, `(RequestedSinglePlanningLine)`, else ''
 * @property {[string, string][]} parts for a message split into parts: [subtree path, part] pairs
 */

/**
 * The dictionary address (under /docs, with the anchor) of the field at `pointer`, or null when the dictionary has
 * no page for the message.
 * @param {{file: string | null, schema: string, pointer: string, message: unknown}} at
 * @param {Record<string, DictionaryMessage>} index
 * @param {Record<string, Record<string, any>>} schemas the stripped component schemas per spec file
 */
export function fieldLink({file, schema, pointer, message}, index, schemas) {
  const entry = file ? index[`${file}#${schema}`] : undefined;
  const components = file ? schemas[file] : undefined;
  if (!entry || !components) return null;
  const inner = fieldPathOf(components, schema, pointer, message);
  const path = entry.prefix && inner ? `${entry.prefix}.${inner}` : entry.prefix || inner;
  if (!path) return `/docs${entry.route}`;
  let part = null;
  let longest = -1;
  for (const [root, slug] of entry.parts) {
    const hit = path === root || path.startsWith(`${root}.`) || path.startsWith(`${root}(`);
    if (hit && root.length > longest) [part, longest] = [slug, root.length];
  }
  return `/docs${entry.route}${part ? `/${part}` : ''}#${path}`;
}
