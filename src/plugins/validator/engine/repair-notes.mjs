// Notes on values that are valid only under one of the site's repairs of SETU's published schemas (the specs'
// `x-deviations` of kind `repair`): a receiver that checks a message against SETU's published file rejects such a
// value, and the sender must learn that before sending. The generated validators mark each repair site
// (src/build/repair-sites.mjs, src/plugins/validator/generate.mjs); called with a context that holds a list, a validator
// adds each place where our form of a site accepts the value and the published form does not.
import {preview, valueAt} from './errors.mjs';
import {escapeToken} from './json-scanner.mjs';

/**
 * @typedef {object} RepairEntry an `x-deviations` repair
 * @property {string} at its JSON pointer in the spec
 * @property {string} summary what the published file says and what ours does, in our words
 * @property {string} published the published node there, as short JSON (`nothing` where it has none)
 */

/**
 * @typedef {object} SpecRepairs the repair sites of a spec, in the order its validators number them
 * @property {string | null} route the section of the site that lists the spec's differences from the published one
 * @property {{repairs: RepairEntry[], source: string | null}[]} sites each site's repairs, and the file SETU publishes its
 *   component in (null: not known)
 */

/**
 * @typedef {object} RepairNote what a note on a repair names: the spec, its repairs' pointers and where the site lists them
 * @property {string} spec the spec file
 * @property {string[]} at the repairs' JSON pointers in it
 * @property {string | null} route
 * @property {string[]} paths every value that relies on it, as a JSON pointer (the note's words name the first)
 */

const code = (/** @type {string} */ s) => `\`${s}\``;
const schemaPrefix = '/components/schemas/';
const hasOwn = Object.prototype.hasOwnProperty;

/**
 * How a note on a repair begins. On a valid message, that it is valid only under the repair; on one that is not valid
 * anyway (its errors are elsewhere), that it relies on the repair: fixing its errors leaves it to the repair.
 */
const opening = (/** @type {boolean} */ valid) => (valid ? 'Valid only under our repair of' : 'Relies on our repair of');

/** `a`, `a and b`, `a, b and c`. */
const listed = (/** @type {string[]} */ words) =>
  words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;

/**
 * The field a repair is at, as the dictionary writes paths: `Single.date` for `/components/schemas/Single/properties/date/format`
 * (the keyword is the published words' to name), `TimePeriod.start`, `InquiryPayEquity.allowance[].line[].amount.value`.
 */
function fieldOf(/** @type {string} */ at) {
  const tokens = at.slice(schemaPrefix.length).split('/');
  let field = tokens[0];
  for (let i = 1; i < tokens.length; i++) {
    if (tokens[i] === 'properties' && i + 1 < tokens.length) field += `.${tokens[++i]}`;
    else if (tokens[i] === 'items') field += '[]';
    else break;
  }
  return field;
}

/** What the published file has at a repair: `format: "date-time"` where a keyword was repaired, else nothing to quote. */
function publishedWords(/** @type {RepairEntry} */ entry) {
  const keyword = entry.at.slice(entry.at.lastIndexOf('/') + 1);
  if (!/^[a-zA-Z$]+$/.test(keyword) || ['properties', 'items'].includes(keyword)) return null;
  // A whole schema object (the repaired node itself) is the summary's to describe.
  if (entry.published.startsWith('{') && !/^(additionalProperties|not|items)$/.test(keyword)) return null;
  return entry.published === 'nothing' ? `no ${code(keyword)}` : code(`${keyword}: ${entry.published}`);
}

/**
 * The notes on the values of a message that rely on a repair: one per repair (or repairs of one place), naming it, the
 * first such value and how many more there are, and what SETU's published file says there.
 * @param {{repairs: [number, string][]}[]} contexts per item, what the type's validator recorded when called with it
 *   (`validate.call(context, item)`): the site and the instance path of each value valid only under a repair
 * @param {unknown[]} items the message, or the items of a list of messages
 * @param {(i: number) => string} prefixOf the pointer prefix of item i
 * @param {{file: string, publishedSchema?: string | null}} type
 * @param {SpecRepairs | undefined} specRepairs
 * @param {boolean} valid whether the message is valid (the note's words)
 * @returns {(import('./check.mjs').CheckNote & {repair: RepairNote})[]}
 */
export function repairNotes(contexts, items, prefixOf, type, specRepairs, valid) {
  if (!specRepairs) return [];
  /** @type {Map<string, {site: number, values: {item: unknown, path: string, prefix: string}[], seen: Set<string>}>} */
  const groups = new Map();
  for (let i = 0; i < items.length; i++) {
    for (const [site, path] of contexts[i].repairs) {
      const entries = specRepairs.sites[site]?.repairs ?? [];
      // A oneOf of repaired alternatives is a site of its own: its values are its alternatives', noted once.
      const key = entries.map((e) => e.at).join(' ');
      const group = groups.get(key) ?? {site, values: [], seen: new Set()};
      const at = `${prefixOf(i)}${path}`;
      if (!group.seen.has(at)) {
        group.seen.add(at);
        group.values.push({item: items[i], path, prefix: prefixOf(i)});
      }
      groups.set(key, group);
    }
  }
  return [...groups.values()].map(({site, values}) => {
    const {repairs, source} = specRepairs.sites[site];
    const [first] = values;
    const more = values.length - 1;
    const file = source ?? type.publishedSchema ?? null;
    const published = repairs.map(publishedWords).filter(Boolean);
    const fields = [...new Set(repairs.map((r) => fieldOf(r.at)))];
    const value = valueAt(first.item, first.path);
    const pointer = `${first.prefix}${first.path}`;
    const place = pointer ? code(pointer) : 'the message';
    return {
      message:
        `${opening(valid)} ${fields.map(code).join(' and ')} (specs/${type.file}): ` +
        `${value !== null && typeof value === 'object' ? place : `${place} is ${preview(value)}`}` +
        `${more > 0 ? ` (and ${more} more like it)` : ''}, ` +
        `which SETU's published schema${file ? ` (${file})` : ''} rejects${published.length ? `: it has ${published.join(' and ')} there` : ''}. ` +
        `The repair: ${repairs[0].summary}`,
      repair: {spec: type.file, at: repairs.map((r) => r.at), route: specRepairs.route, paths: values.map((v) => `${v.prefix}${v.path}`)},
    };
  });
}

/**
 * The notes on the elements of an XML message that only our repair of the XML form accepts: elements where SETU's XSD
 * has a strict wildcard (`xs:any`), which accepts only the XSD's global elements; one note per repair, at the first
 * such element.
 * @param {import('./xml-model.mjs').WildcardExtra[]} extras in the order of the text
 * @param {import('../../../../generated/validator/catalog.mjs').MessageType} type
 * @param {string | null} route
 * @param {boolean} valid whether the message is valid (the note's words)
 * @returns {(import('./check.mjs').CheckNote & {repair: RepairNote})[]}
 */
export function wildcardNotes(extras, type, route, valid) {
  /** @type {Map<string, import('./xml-model.mjs').WildcardExtra[]>} */
  const byRepair = new Map();
  for (const extra of extras) {
    const repair = type.xml?.wildcards?.[extra.place]?.repair;
    if (!repair) continue;
    byRepair.set(repair.at, [...(byRepair.get(repair.at) ?? []), extra]);
  }
  return [...byRepair.entries()].map(([at, found]) => {
    const wildcard = /** @type {NonNullable<NonNullable<typeof type.xml>['wildcards']>[string]} */ (type.xml?.wildcards?.[found[0].place]);
    const more = found.length - 1;
    return {
      message:
        `${opening(valid)} ${code(fieldOf(at))} in the XML form (specs/${type.file}): the element ${code(found[0].path)}` +
        `${more > 0 ? ` (and ${more} more like it)` : ''}, which SETU's published XSD${type.xml?.xsd ? ` (${type.xml.xsd})` : ''} rejects: ` +
        `it has ${code(wildcard.repair.published)} there, which accepts only ${wildcard.global.map(code).join(' and ')}. The repair: ${wildcard.repair.summary}`,
      repair: {spec: type.file, at: [at], route, paths: found.map((f) => f.path)},
      line: found[0].line,
      column: found[0].column,
    };
  });
}

/**
 * @typedef {object} CodeRepairValue a value of an XML message at a field whose XSD code list a repair widens, and
 *   none of the XSD's codes
 * @property {string} key the field's element path below the root (its key in the catalog's `xml.repairedCodes`)
 * @property {string} pointer its model pointer
 * @property {string} value
 */

/**
 * The values of an XML message that none of the XSD's codes allow, at the fields whose code list a repair of the spec
 * widens (the catalog's `xml.repairedCodes`: a list ending in a placeholder such as `[other]`, which the XSD takes
 * literally). Only those fields' paths in the model are walked.
 * @param {unknown} model the message model
 * @param {NonNullable<import('../../../../generated/validator/catalog.mjs').MessageType['xml']>['repairedCodes']} repairedCodes
 * @returns {CodeRepairValue[]}
 */
export function codeRepairValues(model, repairedCodes) {
  /** @type {CodeRepairValue[]} */
  const found = [];
  for (const [key, entry] of Object.entries(repairedCodes ?? {})) {
    const keys = entry.field.split('.').map((k) => k.replace(/\[\]$/, ''));
    const walk = (/** @type {unknown} */ v, /** @type {number} */ depth, /** @type {string} */ pointer) => {
      if (Array.isArray(v)) v.forEach((item, i) => walk(item, depth, `${pointer}/${i}`));
      else if (depth === keys.length) {
        if (typeof v === 'string' && !entry.codes.includes(v)) found.push({key, pointer, value: v});
      } else if (v !== null && typeof v === 'object' && hasOwn.call(v, keys[depth]))
        walk(/** @type {Record<string, unknown>} */ (v)[keys[depth]], depth + 1, `${pointer}/${escapeToken(keys[depth])}`);
    };
    walk(model, 0, '');
  }
  return found;
}

/**
 * The notes on the values of an XML message that only our repair of a code list accepts (codeRepairValues): one per
 * repair, at the first such value in the text, naming it and what SETU's XSD allows there.
 * @param {{value: CodeRepairValue, path: string, line: number, column: number}[]} values each with its element path
 *   and place
 * @param {import('../../../../generated/validator/catalog.mjs').MessageType} type
 * @param {string | null} route
 * @param {boolean} valid whether the message is valid (the note's words)
 * @returns {(import('./check.mjs').CheckNote & {repair: RepairNote})[]}
 */
export function codeRepairNotes(values, type, route, valid) {
  const repaired = type.xml?.repairedCodes ?? {};
  /** @type {Map<string, typeof values>} */
  const byRepair = new Map();
  const inText = [...values].sort((a, b) => a.line - b.line || a.column - b.column);
  for (const v of inText) {
    const {at} = repaired[v.value.key];
    byRepair.set(at, [...(byRepair.get(at) ?? []), v]);
  }
  return [...byRepair.entries()].map(([at, found]) => {
    const [first] = found;
    const {summary, codes} = repaired[first.value.key];
    const more = found.length - 1;
    return {
      message:
        `${opening(valid)} ${code(fieldOf(at))} (specs/${type.file}): the element ${code(first.path)} is ${preview(first.value.value)}` +
        `${more > 0 ? ` (and ${more} more like it)` : ''}, which SETU's published XSD${type.xml?.xsd ? ` (${type.xml.xsd})` : ''} rejects: ` +
        `it allows only ${listed(codes.map(code))} there. The repair: ${summary}`,
      repair: {spec: type.file, at: [at], route, paths: found.map((f) => f.path)},
      line: first.line,
      column: first.column,
    };
  });
}
