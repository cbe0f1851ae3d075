// Ajv's errors in words for implementers: for each the JSON path of the offending field, the rule
// broken (with the allowed values, the expected type or format, the limit) and the value found.
import {escapeToken, pointerSegments, toPointer} from './json-scanner.mjs';

/**
 * @typedef {object} AjvError
 * @property {string} instancePath
 * @property {string} schemaPath
 * @property {string} keyword
 * @property {Record<string, any>} params
 */

/**
 * @typedef {object} MessageError
 * @property {string} pointer JSON pointer of the offending field (for a missing or unknown property: the property itself)
 * @property {string} jsonPath the same as a JSONPath, e.g. $.customer.id[2]
 * @property {string} rule the rule broken: required, unknown property, enum, type, format, maxItems, …
 * @property {string} message what is wrong, in words
 * @property {string} locate the pointer whose line is shown (for a missing property: its object)
 * @property {number | null} line
 * @property {number | null} column
 */

const hasOwn = Object.prototype.hasOwnProperty;

/** "$.customer.id[2]['mime type']" for "/customer/id/2/mime type". */
export function toJsonPath(/** @type {string} */ pointer) {
  let out = '$';
  for (const s of pointerSegments(pointer)) {
    if (/^(0|[1-9]\d*)$/.test(s)) out += `[${s}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(s)) out += `.${s}`;
    else out += `[${JSON.stringify(s)}]`;
  }
  return out;
}

/** The value at a JSON pointer, or undefined; own properties only. */
export function valueAt(/** @type {unknown} */ root, /** @type {string} */ pointer) {
  /** @type {any} */
  let node = root;
  for (const s of pointerSegments(pointer)) {
    if (node === null || typeof node !== 'object' || !hasOwn.call(node, s)) return undefined;
    node = node[s];
  }
  return node;
}

/** A short description of a value for a message; never serialises deep structures. */
export function preview(/** @type {unknown} */ value) {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (typeof value === 'string')
    return value.length > 60 ? `${JSON.stringify(value.slice(0, 57))}… (${value.length} characters)` : JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value))
    return value.length === 0 ? 'an empty list' : `a list of ${value.length} ${value.length === 1 ? 'item' : 'items'}`;
  if (typeof value === 'object') return Object.keys(value).length === 0 ? 'an empty object' : 'an object';
  return typeof value;
}

/** The JSON type of a value: string, number (integer), boolean, null, array, object. */
function jsonType(/** @type {unknown} */ value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

const typeWords = /** @type {Record<string, string>} */ ({
  string: 'a string (text in double quotes)',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  null: 'null',
  array: 'a list ([ … ])',
  object: 'an object ({ … })',
});

/** What a JSON Schema format asks, in words, with examples of the valid form (two, so that one always differs from the value found). */
const formatHints = /** @type {Record<string, [string, string[]]>} */ ({
  date: ['a date as YYYY-MM-DD, without a time zone', ['2025-03-31', '2025-10-01']],
  'date-time': ['a date and time with its UTC offset', ['2025-03-31T08:00:00+02:00', '2025-10-01T17:30:00Z']],
  time: ['a time as hh:mm:ss with its UTC offset (Z or ±hh:mm)', ['08:00:00Z', '17:30:00+01:00']],
  uri: ['an absolute URI', ['https://example.com/file.pdf', 'https://example.org/terms']],
  'uri-reference': ['a URI or relative reference', []],
  byte: ['base64-encoded content', []],
  email: ['an e-mail address', []],
});

/** A format in words, with an example that is not `value` (the value an error found must never be shown as the valid form). */
function formatWords(/** @type {string} */ format, /** @type {unknown} */ value) {
  const hint = formatHints[format];
  if (!hint) return `in the format "${format}"`;
  const [words, examples] = hint;
  const example = examples.find((e) => e !== value);
  return example ? `${words}, for example "${example}"` : words;
}

/** Edit distance, for "did you mean" (short strings only). */
function distance(/** @type {string} */ a, /** @type {string} */ b) {
  if (Math.abs(a.length - b.length) > 3) return 99;
  let prev = Array.from({length: b.length + 1}, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length];
}

/** The closest allowed name to a misspelt one, if close enough. */
function suggest(/** @type {string} */ name, /** @type {string[]} */ allowed) {
  const lower = name.toLowerCase();
  const same = allowed.find((a) => a.toLowerCase() === lower || a.replace(/[\s_-]/g, '').toLowerCase() === lower.replace(/[\s_-]/g, ''));
  if (same) return same;
  let best = null;
  let bestD = name.length <= 4 ? 1 : 2;
  for (const a of allowed) {
    const d = distance(lower, a.toLowerCase());
    if (d <= bestD) {
      bestD = d;
      best = a;
    }
  }
  return best;
}

/**
 * The property names a schema allows at a place of a message, from the stripped component
 * schemas; null where that cannot be told (a oneOf, or a place the schema does not describe).
 * @param {Record<string, Record<string, any>>} schemas stripped component schemas per spec file
 * @param {string} file
 * @param {string} typeName
 * @param {string} pointer relative to the message root
 */
function allowedPropertiesAt(schemas, file, typeName, pointer) {
  const components = schemas[file] ?? {};
  const resolve = (/** @type {any} */ node) => {
    for (let guard = 0; node && guard < 32; guard++) {
      if (typeof node.$ref === 'string') node = components[node.$ref.replace('#/components/schemas/', '')];
      else if (Array.isArray(node.allOf)) {
        const parts = node.allOf.map(resolve);
        const properties = {...node.properties};
        for (const p of parts) Object.assign(properties, p?.properties ?? {});
        return {...node, allOf: undefined, properties};
      } else return node;
    }
    return null;
  };
  let node = resolve(components[typeName]);
  for (const s of pointerSegments(pointer)) {
    if (!node || node.oneOf || node.anyOf) return null;
    if (node.properties && hasOwn.call(node.properties, s)) node = resolve(node.properties[s]);
    else if (node.items && /^\d+$/.test(s)) node = resolve(node.items);
    else return null;
  }
  return node && node.properties && !node.oneOf ? Object.keys(node.properties) : null;
}

/**
 * One Ajv error in words.
 * @param {AjvError} e
 * @param {unknown} message the message validated (or the list item, for lists)
 * @param {{schemas: Record<string, Record<string, any>>, file: string, type: string}} context
 * @returns {Omit<MessageError, 'line' | 'column'>}
 */
export function describeError(e, message, context) {
  const at = e.instancePath;
  const value = valueAt(message, at);
  const where = at === '' ? 'the message' : `\`${at}\``;
  const p = e.params ?? {};
  /** @type {Omit<MessageError, 'line' | 'column'>} */
  const base = {pointer: at, jsonPath: toJsonPath(at), rule: e.keyword, message: '', locate: at};
  switch (e.keyword) {
    case 'required': {
      const pointer = `${at}/${escapeToken(p.missingProperty)}`;
      return {...base, pointer, jsonPath: toJsonPath(pointer), message: `Missing required property "${p.missingProperty}" in ${where}.`};
    }
    case 'additionalProperties': {
      const name = String(p.additionalProperty);
      const pointer = toPointer([...pointerSegments(at), name]);
      const allowed = allowedPropertiesAt(context.schemas, context.file, context.type, at);
      let message = `Unknown property "${name}": the schema does not allow it in ${where}.`;
      if (allowed) {
        const close = suggest(name, allowed);
        if (close) message += ` Did you mean "${close}"?`;
        message += ` Allowed here: ${allowed.join(', ')}.`;
      }
      return {...base, pointer, jsonPath: toJsonPath(pointer), rule: 'unknown property', message, locate: pointer};
    }
    case 'enum': {
      const allowed = /** @type {unknown[]} */ (p.allowedValues ?? []);
      const shown =
        allowed.length > 25
          ? [...allowed.slice(0, 25).map((v) => JSON.stringify(v)), `… (${allowed.length} values)`]
          : allowed.map((v) => JSON.stringify(v));
      let message = `Must be one of ${shown.join(', ')}; found ${preview(value)}.`;
      if (typeof value === 'string') {
        const close = suggest(value, allowed.filter((v) => typeof v === 'string').map(String));
        if (close && close !== value) message += ` Did you mean "${close}"?`;
      }
      return {...base, message};
    }
    case 'type': {
      const expected = String(p.type)
        .split(',')
        .map((t) => typeWords[t] ?? t)
        .join(' or ');
      return {
        ...base,
        message: `Must be ${expected}; found ${jsonType(value) === 'string' ? `the string ${preview(value)}` : preview(value)}.`,
      };
    }
    case 'format':
      return {...base, message: `Must be ${formatWords(String(p.format), value)}; found ${preview(value)}.`};
    case 'maxItems':
      return {
        ...base,
        message: `At most ${p.limit} ${p.limit === 1 ? 'item is' : 'items are'} allowed here; found ${Array.isArray(value) ? value.length : preview(value)}.`,
      };
    case 'minItems':
      return {
        ...base,
        message: `At least ${p.limit} ${p.limit === 1 ? 'item is' : 'items are'} required here; found ${Array.isArray(value) ? value.length : preview(value)}.`,
      };
    case 'maxLength':
      return {
        ...base,
        message: `At most ${p.limit} characters are allowed; found ${typeof value === 'string' ? [...value].length : preview(value)}.`,
      };
    case 'minLength':
      return {
        ...base,
        message: `At least ${p.limit} ${p.limit === 1 ? 'character is' : 'characters are'} required; found ${preview(value)}.`,
      };
    case 'pattern':
      return {...base, message: `Must match the pattern ${p.pattern}; found ${preview(value)}.`};
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return {...base, message: `Must be ${p.comparison} ${p.limit}; found ${preview(value)}.`};
    case 'multipleOf':
      return {...base, message: `Must be a multiple of ${p.multipleOf}; found ${preview(value)}.`};
    case 'uniqueItems':
      return {...base, message: `The items must all differ; items ${p.j} and ${p.i} are the same.`};
    case 'oneOf':
      return {
        ...base,
        message: p.passingSchemas
          ? `Matches more than one of the alternative forms allowed here.`
          : `Matches none of the alternative forms allowed here.`,
      };
    case 'anyOf':
      return {...base, message: 'Matches none of the alternative forms allowed here.'};
    case 'const':
      return {...base, message: `Must be ${JSON.stringify(p.allowedValue)}; found ${preview(value)}.`};
    default:
      return {
        ...base,
        message: `Breaks the rule "${e.keyword}"${
          Object.keys(p).length
            ? ` (${Object.entries(p)
                .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : v}`)
                .join(', ')})`
            : ''
        }.`,
      };
  }
}
