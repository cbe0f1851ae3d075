// Links from the validator's errors to the message dictionary (/docs/messages/…): the entry of the field each error
// concerns. The dictionary's generator (src/plugins/message-dictionary/generate.mjs) writes where each message's fields are
// (generated/message-dictionary-index.mjs); the path of a field follows the dictionary's naming (field-path.mjs).
import {fieldPathOf} from './field-path.mjs';

/**
 * @typedef {object} DictionaryMessage
 * @property {string} route the message page, under /docs
 * @property {string} prefix the alternative a line-body form is, `(RequestedSinglePlanningLine)`, else ''
 * @property {[string, string][]} parts for a message split into parts: [subtree path, part] pairs
 */

/**
 * The message model's JSON pointer of an XML error's element path (check.mjs names XML errors by element, with
 * XPath's 1-based positions in lists): `/PlanningRequest/positionProfile/workingPeriods/item[1]/workDuration` →
 * `/positionProfile/workingPeriods/item/0/workDuration`. The root element is the message itself.
 * @param {string} elementPath
 */
export function pointerOfElementPath(elementPath) {
  return elementPath
    .split('/')
    .slice(2)
    .map((step) => {
      const [, name, position] = /^(.*?)(?:\[(\d+)\])?$/.exec(step) ?? [];
      const escaped = `/${(name ?? step).replace(/~/g, '~0').replace(/\//g, '~1')}`;
      return position ? `${escaped}/${Number(position) - 1}` : escaped;
    })
    .join('');
}

/**
 * A stand-in for the message where it is not at hand (an XML message, a JSON one too large to parse twice): the
 * objects and lists along the pointer, with the names it passes. It is enough to tell which alternative of a oneOf
 * the pointer is in (a planning line body's `periodicPlanningLine` is a periodic line's), which fieldPathOf decides by
 * the names an object has.
 * @param {string} pointer
 * @returns {unknown}
 */
function skeletonOf(pointer) {
  const steps = pointer === '' ? [] : pointer.slice(1).split('/');
  /** @type {any} */
  let value = {};
  for (const step of steps.reverse()) {
    const name = step.replace(/~1/g, '/').replace(/~0/g, '~');
    if (/^\d+$/.test(name)) {
      const list = [];
      list[Number(name)] = value;
      value = list;
    } else value = Object.fromEntries([[name, value]]); // an own property even for `__proto__`
  }
  return value;
}

/**
 * The dictionary address (under /docs, with the anchor) of the field an error concerns, or null when the dictionary
 * has no page for the message.
 * @param {{file: string | null, schema: string, pointer: string, format?: 'json' | 'xml', message: unknown}} at
 *   `pointer`: the error's JSON pointer, or for an XML message (`format` 'xml') its element path
 * @param {Record<string, DictionaryMessage>} index
 * @param {Record<string, Record<string, any>>} schemas the stripped component schemas per spec file
 */
export function fieldLink({file, schema, pointer, format = 'json', message}, index, schemas) {
  const entry = file ? index[`${file}#${schema}`] : undefined;
  const components = file ? schemas[file] : undefined;
  if (!entry || !components) return null;
  const modelPointer = format === 'xml' ? pointerOfElementPath(pointer) : pointer;
  const inner = fieldPathOf(components, schema, modelPointer, message ?? skeletonOf(modelPointer));
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
