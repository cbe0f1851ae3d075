// How the kit judges what came back: a body by the message validator's engine (JSON and XML, business rules included,
// exactly as the validator page and the sandbox judge a message), a read-back value against what was sent, SETU's error
// object, and the few schemas that are no message type (the attachment's answer, the invoice the invoicing standard
// defines, the error object) by their structure.
import {validateWith, generatedDeps} from '../validator/engine/validate-text.mjs';
import {parseJson} from '../validator/engine/json-scanner.mjs';
import {parseXml} from '../validator/engine/xml-parser.mjs';
import {xmlToModel} from '../validator/engine/xml-model.mjs';
import {componentsOf, messageTypeOf, resolve, xmlTypeOf} from './inputs.mjs';

/** @typedef {import('./model.mjs').KitModel} KitModel */

/**
 * What a check found: `pass`, `fail` or `skip` (the check could not be made: no answer, nothing to compare), what came
 * back in a few words, and the problems found (at most a few), each with the dictionary entry of its field where there
 * is one.
 * @typedef {{result: 'pass' | 'fail' | 'skip', detail: string, problems?: {text: string, field?: string | null}[]}} Verdict
 */

/** The most problems a verdict lists: the rest are counted. */
const listed = 5;
const plural = (/** @type {number} */ n, /** @type {string} */ word) => `${n} ${word}${n === 1 ? '' : 's'}`;
const isObject = (/** @type {unknown} */ v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const an = (/** @type {string} */ word) => `${/^[AEIOU]/i.test(word) ? 'an' : 'a'} ${word}`;

/** The media type of a Content-Type header, lower case, without parameters ('' without one). */
export const mediaTypeOf = (/** @type {string | null} */ header) => (header ?? '').split(';')[0].trim().toLowerCase();

/**
 * A body against the schema its answer declares: a message type with the validator's engine (in the form it was asked
 * for), a list item by item, any other schema by its structure.
 * @param {KitModel} model
 * @param {{schema: string | null, list: {schema: string} | null}} declared the declared body (from operations.mjs)
 * @param {string} text
 * @param {'json' | 'xml'} form
 * @returns {Verdict}
 */
export function judgeBody(model, declared, text, form) {
  const schema = declared.list?.schema ?? declared.schema;
  if (!schema) return {result: 'skip', detail: 'the specification declares no schema for this body'};
  const type = messageTypeOf(model, schema);
  if (!type) return judgeStructure(model, schema, text, form);
  if (form === 'xml' && declared.list) return {result: 'skip', detail: 'a list in XML, which the validator does not check'};
  // An empty list is a list: the validator, which checks messages, calls it no message.
  if (declared.list && form === 'json' && /^\s*\[\s*\]\s*$/.test(text)) return {result: 'pass', detail: `an empty list of ${type.schema}`};
  const result = validateWith(generatedDeps, text, type.name, {format: form});
  if (declared.list && result.valid && result.stats.items === null)
    return {result: 'fail', detail: `one ${type.schema}, where the specification declares a list of them`};
  if (!declared.list && result.stats.items !== null)
    return {result: 'fail', detail: `a list of ${result.stats.items}, where the specification declares one ${type.schema}`};
  if (result.valid) {
    const what = declared.list ? `a list of ${plural(result.stats.items ?? 0, type.schema)}, each valid` : `a valid ${result.type}`;
    const warnings = result.warnings.length ? ` (${plural(result.warnings.length, 'warning')}: ${result.warnings[0].message})` : '';
    return {result: 'pass', detail: `${what}${warnings}`};
  }
  const problems = result.errors.slice(0, listed).map((e, i) => ({
    text: `${e.pointer || '/'}${e.line ? ` (line ${e.line})` : ''}: ${e.message}${/^BR /.test(e.rule ?? '') ? ` [${e.rule}]` : ''}`,
    field: result.fieldLinks[i] ?? null,
  }));
  if (result.errorCount > problems.length) problems.push({text: `and ${result.errorCount - problems.length} more`, field: null});
  const summary =
    result.status === 'invalid' ? `not a valid ${result.type ?? type.schema}: ${plural(result.errorCount, 'error')}` : result.summary;
  return {result: 'fail', detail: summary, problems};
}

/**
 * A body whose schema is no message type, by its structure: an object with the declared properties of the declared
 * types (a string `url` for the attachment's answer, any object for the invoice).
 * @param {KitModel} model
 * @param {string} schemaName
 * @param {string} text
 * @param {'json' | 'xml'} form
 * @returns {Verdict}
 */
function judgeStructure(model, schemaName, text, form) {
  const value = parsed(text, form);
  if ('error' in value) return {result: 'fail', detail: /** @type {string} */ (value.error)};
  const schema = resolve(componentsOf(model), componentsOf(model)[schemaName]);
  if (form === 'xml') return {result: 'pass', detail: `well-formed XML (${an(schemaName)}, whose XML form the validator does not check)`};
  if (!isObject(value.value)) return {result: 'fail', detail: `not a JSON object, which ${an(schemaName)} is`};
  const problems = [];
  for (const name of schema?.required ?? []) if (!(name in value.value)) problems.push({text: `/${name}: required, missing`});
  for (const [name, property] of Object.entries(schema?.properties ?? {})) {
    const v = value.value[name];
    if (v === undefined) continue;
    const type = /** @type {any} */ (property).type;
    if (type === 'string' && typeof v !== 'string') problems.push({text: `/${name}: not a string`});
    else if (/** @type {any} */ (property).format === 'uri' && typeof v === 'string' && !URL.canParse(v))
      problems.push({text: `/${name}: not an absolute URI`});
  }
  return problems.length
    ? {result: 'fail', detail: `not a valid ${schemaName}: ${plural(problems.length, 'error')}`, problems}
    : {result: 'pass', detail: `${an(schemaName)} object`};
}

/** A JSON or XML text parsed: its JSON value, or the XML model-free root; or why it cannot be read. */
function parsed(/** @type {string} */ text, /** @type {'json' | 'xml'} */ form) {
  try {
    if (form === 'json') return {value: /** @type {any} */ (parseJson(text).value)};
    return {value: parseXml(text).root};
  } catch (error) {
    return {error: `not well-formed ${form.toUpperCase()}: ${error instanceof Error ? error.message : String(error)}`};
  }
}

/**
 * The message model of an answer, for comparing what was sent with what came back: JSON as it is, XML mapped to the
 * model with the validator's own mapping (its XSD datatypes included).
 * @param {KitModel} model
 * @param {string} schema the component schema the answer declares
 * @param {string} text
 * @param {'json' | 'xml'} form
 * @param {unknown} expected what was sent, to tell which form of a two-form body the answer takes
 * @returns {{value: unknown} | {error: string}}
 */
export function modelOfAnswer(model, schema, text, form, expected) {
  const read = parsed(text, form);
  if ('error' in read || form === 'json') return read;
  const type = xmlTypeOf(model, schema, expected);
  if (!type?.xml) return {error: `${schema} has no XML form to read back`};
  const mapping = xmlToModel(read.value, {
    typeName: type.schema,
    components: componentsOf(model),
    namespace: read.value.uri,
    datatypes: type.xml.datatypes,
  });
  return {value: mapping.value};
}

/**
 * The differences between what was sent and what came back, as JSON pointers: values that differ, properties missing or
 * added. Property order does not matter, nor the order of keys; list order does.
 * @param {unknown} expected
 * @param {unknown} actual
 * @returns {string[]}
 */
export function differences(expected, actual) {
  /** @type {string[]} */
  const found = [];
  const show = (/** @type {unknown} */ v) => {
    const text = JSON.stringify(v) ?? 'undefined';
    return text.length > 60 ? `${text.slice(0, 57)}…` : text;
  };
  /** @type {[unknown, unknown, string][]} */
  const stack = [[expected, actual, '']];
  while (stack.length > 0 && found.length <= 20) {
    const [e, a, at] = /** @type {[unknown, unknown, string]} */ (stack.pop());
    if (Array.isArray(e) && Array.isArray(a)) {
      if (e.length !== a.length) found.push(`${at || '/'}: ${e.length} items sent, ${a.length} read back`);
      for (let i = Math.min(e.length, a.length) - 1; i >= 0; i--) stack.push([e[i], a[i], `${at}/${i}`]);
    } else if (isObject(e) && isObject(a)) {
      const ek = /** @type {Record<string, unknown>} */ (e);
      const ak = /** @type {Record<string, unknown>} */ (a);
      for (const key of Object.keys(ak).reverse()) if (!(key in ek)) found.push(`${at}/${key}: not sent, read back ${show(ak[key])}`);
      for (const key of Object.keys(ek).reverse()) {
        if (!(key in ak)) found.push(`${at}/${key}: sent ${show(ek[key])}, missing`);
        else stack.push([ek[key], ak[key], `${at}/${key}`]);
      }
    } else if (!(e === a || (typeof e === 'number' && typeof a === 'number' && Math.abs(e - a) < 1e-9))) {
      found.push(`${at || '/'}: sent ${show(e)}, read back ${show(a)}`);
    }
  }
  return found;
}

/**
 * SETU's error object in an error answer: a JSON object (or an XML element) whose `code` and `description`, where
 * present, are text. `named`: whether it has both, which the schema leaves optional.
 * @param {string} text
 * @param {string | null} contentType
 * @returns {{object: boolean, named: boolean, detail: string}}
 */
export function errorObjectOf(text, contentType) {
  const trimmed = text.trim();
  if (trimmed === '') return {object: false, named: false, detail: 'no body'};
  const form = trimmed.startsWith('<') || mediaTypeOf(contentType).endsWith('xml') ? 'xml' : 'json';
  const read = parsed(trimmed, form);
  if ('error' in read) return {object: false, named: false, detail: `no error object: ${read.error}`};
  /** @type {{code?: unknown, description?: unknown}} */
  let fields;
  if (form === 'json') {
    if (!isObject(read.value)) return {object: false, named: false, detail: 'a JSON value that is not an object'};
    fields = read.value;
  } else {
    const root = /** @type {import('../validator/engine/xml-parser.mjs').XmlElement} */ (read.value);
    fields = Object.fromEntries(root.children.filter((c) => ['code', 'description'].includes(c.local)).map((c) => [c.local, c.text]));
  }
  const wrong = ['code', 'description'].filter(
    (k) => fields[/** @type {'code'} */ (k)] !== undefined && typeof fields[/** @type {'code'} */ (k)] !== 'string',
  );
  if (wrong.length) return {object: false, named: false, detail: `${wrong.map((k) => `\`${k}\``).join(' and ')} not text`};
  const missing = ['code', 'description'].filter((k) => !fields[/** @type {'code'} */ (k)]);
  const shown = typeof fields.code === 'string' ? `code ${fields.code}` : 'no code';
  return {
    object: true,
    named: missing.length === 0,
    detail: missing.length ? `an error object without ${missing.map((k) => `\`${k}\``).join(' or ')}` : `error object, ${shown}`,
  };
}
