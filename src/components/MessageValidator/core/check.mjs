// Checking one pasted message: from raw text to a verdict that the page shows as it is.
// Pure and synchronous (no DOM): the page runs it in a Web Worker, the unit tests in Node.
import {parseJson, locatePointers, positionOf, JsonSyntaxError} from './json-scanner.mjs';
import {detectType, variantOf} from './detect.mjs';
import {describeError, preview} from './errors.mjs';

/** @typedef {import('../../../generated/validator/catalog.mjs').MessageType} MessageType */
/** @typedef {import('./errors.mjs').MessageError} MessageError */
/** @typedef {import('./errors.mjs').AjvError} AjvError */
/** @typedef {import('./json-scanner.mjs').ScanWarning} ScanWarning */

/**
 * @typedef {object} CheckDeps
 * @property {Record<string, ((data: unknown) => boolean) & {errors?: AjvError[] | null}>} validators
 * @property {MessageType[]} messageTypes
 * @property {Record<string, Record<string, any>>} schemas
 */

/**
 * @typedef {'empty' | 'too-large' | 'binary' | 'syntax' | 'not-object' | 'unknown-type' | 'valid' | 'invalid'} CheckStatus
 */

/**
 * @typedef {object} CheckResult
 * @property {CheckStatus} status
 * @property {boolean} valid
 * @property {string} summary one sentence for the status line (and screen readers)
 * @property {string | null} type the type checked against (for a oneOf type: the form that fits best)
 * @property {string | null} variant e.g. "Order" or "RFQ"
 * @property {string | null} standard
 * @property {string | null} file the spec file
 * @property {boolean} detected whether the type was detected (not chosen)
 * @property {string} reason why this type: the detection reason, or a note on the chosen type
 * @property {string | null} hint a suggestion, e.g. another type the message looks like
 * @property {MessageError[]} errors at most `maxErrors`, in the order of the text
 * @property {number} errorCount all errors
 * @property {ScanWarning[]} warnings
 * @property {{line: number, column: number} | null} position where a syntax error or binary data is
 * @property {{characters: number, depth: number, items: number | null, ms: number}} stats
 */

export const maxErrors = 500;
export const maxCharacters = 50 * 1024 * 1024;

const plural = (/** @type {number} */ n, /** @type {string} */ word) => `${n} ${word}${n === 1 ? '' : 's'}`;
const mb = (/** @type {number} */ chars) => `${(chars / 1024 / 1024).toFixed(1)} MB`;

/** Where binary data starts, if the text looks like a binary file rather than text. */
function binaryAt(/** @type {string} */ text) {
  const head = text.slice(0, 65536);
  // NUL never occurs in text; control characters and U+FFFD (undecodable bytes) in numbers do.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this looks for
  const suspicious = head.match(/[\u0000-\u0008\u000e-\u001f\ufffd]/g);
  if (!suspicious) return -1;
  // eslint-disable-next-line no-control-regex -- as above
  if (head.includes('\u0000') || suspicious.length >= 4) return head.search(/[\u0000-\u0008\u000e-\u001f\ufffd]/);
  return -1;
}

/**
 * Checks a message.
 * @param {string} text the message as typed or read from a file
 * @param {string} requested "auto" or the name of a message type
 * @param {CheckDeps} deps the generated validators, catalog and schemas
 * @returns {CheckResult}
 */
export function checkMessage(text, requested, deps) {
  const started = typeof performance !== 'undefined' ? performance.now() : Date.now();
  const elapsed = () => Math.round(((typeof performance !== 'undefined' ? performance.now() : Date.now()) - started) * 10) / 10;
  /** @type {CheckResult} */
  const result = {
    status: 'empty',
    valid: false,
    summary: '',
    type: null,
    variant: null,
    standard: null,
    file: null,
    detected: requested === 'auto',
    reason: '',
    hint: null,
    errors: [],
    errorCount: 0,
    warnings: [],
    position: null,
    stats: {characters: typeof text === 'string' ? text.length : 0, depth: 0, items: null, ms: 0},
  };
  const done = (/** @type {Partial<CheckResult>} */ fields) => Object.assign(result, fields, {stats: {...result.stats, ms: elapsed()}});

  if (typeof text !== 'string' || /^\s*$/.test(text)) {
    return done({status: 'empty', summary: 'Nothing to check yet: paste a message, open a file or load an example.'});
  }
  if (text.length > maxCharacters) {
    return done({status: 'too-large', summary: `The text is ${mb(text.length)}; the validator checks messages of up to ${mb(maxCharacters)}.`});
  }
  const binary = binaryAt(text);
  if (binary >= 0) {
    const position = positionOf(text, binary);
    return done({
      status: 'binary',
      position,
      summary: `This is not JSON text: it contains binary data (a control character at line ${position.line}, column ${position.column}). Paste the text of a JSON message, or open a .json file.`,
    });
  }

  /** @type {unknown} */
  let value;
  try {
    const parsed = parseJson(text);
    value = parsed.value;
    result.warnings = parsed.warnings;
    result.stats.depth = parsed.depth;
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error;
    return done({
      status: 'syntax',
      position: {line: error.line, column: error.column},
      summary: `Not valid JSON, line ${error.line}, column ${error.column}: ${error.message}`,
    });
  }

  const isObject = (/** @type {unknown} */ v) => v !== null && typeof v === 'object' && !Array.isArray(v);
  const list = Array.isArray(value) ? /** @type {unknown[]} */ (value) : null;
  if (list) result.stats.items = list.length;
  if (list ? list.length === 0 : !isObject(value)) {
    return done({status: 'not-object', summary: `Not a SETU message: a message is a JSON object ({ … }), but this is ${preview(value)}.`});
  }
  const sample = list ? list.find(isObject) : value;

  const {validators, messageTypes, schemas} = deps;
  const byName = new Map(messageTypes.map((t) => [t.name, t]));
  const countErrors = (/** @type {string} */ name, /** @type {unknown} */ v) => {
    const validate = validators[name];
    return validate(v) ? 0 : (validate.errors ?? []).length;
  };

  // Which type.
  let typeName = requested;
  if (requested === 'auto') {
    if (!sample) return done({status: 'not-object', summary: 'Not a SETU message: a message is a JSON object, but this list holds no objects.'});
    const detection = detectType(sample, messageTypes, countErrors);
    if (!detection.type) {
      return done({
        status: 'unknown-type',
        reason: detection.reason,
        summary: `Not recognised as a SETU message: ${detection.reason}. Choose the message type to check it against that type.`,
      });
    }
    typeName = detection.type;
    result.reason = list ? `a list of ${plural(list.length, 'item')}; the first ${detection.reason}` : detection.reason;
  } else if (!byName.has(requested) || !validators[requested]) {
    return done({status: 'unknown-type', summary: `Unknown message type "${requested}".`});
  } else {
    result.reason = 'chosen in the message type list';
  }
  const type = /** @type {MessageType} */ (byName.get(typeName));

  // Validate each item (or the message) against the type; for a oneOf type, against its closest form.
  const items = list ?? [value];
  /** @type {{error: AjvError, item: unknown, prefix: string, type: MessageType}[]} */
  const raw = [];
  let usedForm = null;
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    const validate = validators[type.name];
    if (validate(item)) continue;
    let errors = [...(validate.errors ?? [])];
    let formType = type;
    if (type.alternatives.length > 0) {
      const forms = type.alternatives.map((name) => ({name, errors: validators[name](item) ? [] : [...(validators[name].errors ?? [])]}));
      forms.sort((a, b) => a.errors.length - b.errors.length);
      errors = forms[0].errors;
      formType = /** @type {MessageType} */ (byName.get(forms[0].name));
      usedForm = forms[0].name;
    }
    for (const error of errors) raw.push({error, item, prefix: list ? `/${i}` : '', type: formType});
  }

  // In words, without duplicates, then located in the text.
  const seen = new Set();
  /** @type {MessageError[]} */
  const errors = [];
  let count = 0;
  for (const {error, item, prefix, type: t} of raw) {
    const described = describeError(error, item, {schemas, file: t.file, type: t.name});
    const key = `${described.pointer}\u0000${described.rule}\u0000${described.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    count++;
    if (errors.length < maxErrors) {
      errors.push({...described, pointer: prefix + described.pointer, jsonPath: prefix ? described.jsonPath.replace('$', `$[${prefix.slice(1)}]`) : described.jsonPath, locate: prefix + described.locate, line: null, column: null});
    }
  }
  if (errors.length > 0) {
    const positions = locatePointers(text, new Set(errors.map((e) => e.locate)));
    for (const e of errors) {
      const at = positions.get(e.locate);
      if (at) {
        e.line = at.line;
        e.column = at.column;
      }
    }
    errors.sort((a, b) => (a.line ?? Infinity) - (b.line ?? Infinity) || (a.column ?? 0) - (b.column ?? 0));
  }

  const variant = isObject(sample) ? variantOf(type, /** @type {Record<string, unknown>} */ (sample)) : null;
  const label = `${usedForm && count > 0 ? `${type.name} (closest form: ${usedForm})` : type.name}${variant ? ` (${variant})` : ''}`;
  const what = list ? `all ${plural(list.length, 'item')} of the list conform` : 'the message conforms';
  let hint = null;
  if (count > 0 && requested !== 'auto' && sample) {
    const detection = detectType(sample, messageTypes, countErrors);
    if (detection.type && detection.type !== type.name && !type.alternatives.includes(detection.type)) {
      hint = `It looks more like ${detection.type} (it ${detection.reason}): choose “Detect automatically” or ${detection.type} to check it as such.`;
    }
  }
  return done({
    status: count === 0 ? 'valid' : 'invalid',
    valid: count === 0,
    type: type.name,
    variant,
    standard: type.standard,
    file: type.file,
    hint,
    errors,
    errorCount: count,
    summary:
      count === 0
        ? `Valid: ${what} to ${type.name}${variant ? ` (${variant})` : ''} of ${type.standard} (specs/${type.file}).`
        : `Not valid: ${plural(count, 'error')} against ${label}.`,
  });
}
