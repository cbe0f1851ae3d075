// Checking one pasted message: from raw text to a verdict that the page shows as it is.
// Pure and synchronous (no DOM): the page runs it in a Web Worker, the unit tests in Node.
//
// A message is JSON or XML (told from its first character, else from the file name). Both end up
// as the same message model and are judged by the same compiled validators; XML adds its own
// checks (element order, namespace, mixed text: xml-model.mjs). Then the business rules of the
// standard are checked (rules.mjs). Every error is located on its line and column.
import {parseJson, locatePointers, JsonSyntaxError, escapeToken} from './json-scanner.mjs';
import {positionOf} from './text-position.mjs';
import {parseXml, looksLikeXml, XmlSyntaxError} from './xml-parser.mjs';
import {xmlToModel, elementPath, resolveSchema, propertyOrderAt} from './xml-model.mjs';
import {xsdPathOf} from './xsd-datatypes.mjs';
import {detectType, variantOf, listWords} from './detect.mjs';
import {describeError, preview, toJsonPath, valueAt} from './errors.mjs';
import {checkRules} from './rules.mjs';
import {rulesStatement} from './rules-statement.mjs';
import {repairNotes, wildcardNotes, codeRepairValues, codeRepairNotes} from './repair-notes.mjs';

/** @typedef {import('../../../../generated/validator/catalog.mjs').MessageType} MessageType */
/** @typedef {import('./errors.mjs').MessageError} MessageError */
/** @typedef {import('./errors.mjs').AjvError} AjvError */
/** @typedef {import('./rules.mjs').BusinessRule} BusinessRule */

/**
 * @typedef {object} ScanWarning
 * @property {string} message
 * @property {number} line
 * @property {number} column
 * @property {string} [path] the element path or JSON pointer it concerns
 * @property {string} [rule] e.g. "BR 292"
 */

/**
 * @typedef {object} CheckDeps
 * @property {Record<string, ((data: unknown) => boolean) & {errors?: AjvError[] | null}>} validators
 * @property {MessageType[]} messageTypes
 * @property {Record<string, Record<string, any>>} schemas
 * @property {Record<string, BusinessRule[]>} [rules] the business rules per spec file
 * @property {Record<string, import('./repair-notes.mjs').SpecRepairs>} [repairs] the repair sites per spec file, for the
 *   notes on values valid only under a repair (none without)
 */

/** @typedef {'json' | 'xml'} MessageFormat */

/**
 * @typedef {'empty' | 'too-large' | 'binary' | 'syntax' | 'not-object' | 'unknown-type' | 'no-xml' | 'valid' | 'invalid'} CheckStatus
 */

/**
 * @typedef {object} CheckNote
 * @property {string} message
 * @property {string} [rule] e.g. "BR 295"
 * @property {import('./repair-notes.mjs').RepairNote} [repair] the repairs of SETU's published schema it is about
 * @property {number} [line] where the value it names first is (a note on a repair); none: it is about the whole message
 * @property {number} [column]
 */

/**
 * @typedef {object} CheckResult
 * @property {CheckStatus} status
 * @property {boolean} valid
 * @property {MessageFormat} format how the text was read
 * @property {string} summary one sentence for the status line (and screen readers)
 * @property {string | null} type the type checked against (for a oneOf type: the form that fits best)
 * @property {string | null} variant e.g. "Order" or "RFQ"
 * @property {string | null} standard
 * @property {string | null} file the spec file
 * @property {boolean} detected whether the type was detected (not chosen)
 * @property {string} reason why this type: the detection reason, or a note on the chosen type
 * @property {string | null} hint another type the message looks like, and why, in a sentence; each surface (page, command,
 *   sandbox) adds how its reader checks it as that type
 * @property {string | null} lookalike that type's name in the catalog (`PlanningRequest 2.0`), or null
 * @property {MessageError[]} errors at most `maxErrors`, in the order of the text
 * @property {number} errorCount all errors
 * @property {ScanWarning[]} warnings
 * @property {CheckNote[]} notes what applies to the message but cannot be checked on it, and assumptions the verdict rests on
 * @property {string} businessRules which published business rules apply to the type and whether they were checked, in a
 *   sentence (rules-statement.mjs); '' where no type was checked
 * @property {{line: number, column: number} | null} position where a syntax error or binary data is
 * @property {{characters: number, depth: number, items: number | null, ms: number}} stats
 */

const maxErrors = 500;
const maxCharacters = 50 * 1024 * 1024;
const maxWarnings = 50;

const plural = (/** @type {number} */ n, /** @type {string} */ word) => `${n} ${word}${n === 1 ? '' : 's'}`;
const mb = (/** @type {number} */ chars) => `${(chars / 1024 / 1024).toFixed(1)} MB`;
const code = (/** @type {string} */ s) => `\`${s}\``;
const isObject = (/** @type {unknown} */ v) => v !== null && typeof v === 'object' && !Array.isArray(v);

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
 * How to read the text: XML when it starts with "<", JSON when it starts with "{" or "[", else as the file name says (JSON by default).
 * @param {string} text
 * @param {MessageFormat | 'auto'} hint
 * @returns {MessageFormat}
 */
export function formatOf(text, hint = 'auto') {
  if (looksLikeXml(text)) return 'xml';
  if (/^[\ufeff\s]*[{[]/.test(text.slice(0, 1024))) return 'json';
  return hint === 'xml' ? 'xml' : 'json';
}

/** @typedef {(error: AjvError) => boolean} Ignored an error the check leaves to another judge (the XSD datatypes of an XML message) */

/**
 * The errors of a validator on an item, without the ignored ones. With a context, the validator also records in it the
 * values valid only under one of our repairs (repair-notes.mjs).
 */
function errorsOf(
  /** @type {CheckDeps['validators'][string]} */ validate,
  /** @type {unknown} */ item,
  /** @type {Ignored} */ ignored,
  /** @type {{repairs: [number, string][]} | undefined} */ context = undefined,
) {
  return (context ? validate.call(context, item) : validate(item)) ? [] : (validate.errors ?? []).filter((e) => !ignored(e));
}

const ignoreNone = () => false;

/** The oneOf form of a wrapper type that a message fits (else the one it breaks least), or the type itself. */
function formFor(
  /** @type {MessageType} */ type,
  /** @type {unknown} */ item,
  /** @type {CheckDeps['validators']} */ validators,
  /** @type {Ignored} */ ignored = ignoreNone,
) {
  if (type.alternatives.length === 0) return type.name;
  const scored = type.alternatives.map((name) => ({name, errors: errorsOf(validators[name], item, ignored).length}));
  scored.sort((a, b) => a.errors - b.errors);
  return scored[0].name;
}

/**
 * Schema errors of each item against a type; for a oneOf type, against the form it is closest to.
 * @param {unknown[]} items
 * @param {MessageType} type
 * @param {CheckDeps} deps
 * @param {(i: number) => string} prefixOf the pointer prefix of item i ('' for a single message)
 * @param {Ignored} [ignored]
 * @param {{repairs: [number, string][]}[]} [contexts] one per item: where the type's validator records the values valid
 *   only under one of our repairs (none recorded without)
 */
function schemaErrors(items, type, deps, prefixOf, ignored = ignoreNone, contexts = undefined) {
  const byName = new Map(deps.messageTypes.map((t) => [t.name, t]));
  /** @type {{error: AjvError, item: unknown, prefix: string, type: MessageType}[]} */
  const raw = [];
  /** @type {string | null} */
  let usedForm = null;
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    let errors = errorsOf(deps.validators[type.name], item, ignored, contexts?.[i]);
    if (errors.length === 0) continue;
    let formType = type;
    if (type.alternatives.length > 0) {
      const form = formFor(type, item, deps.validators, ignored);
      errors = errorsOf(deps.validators[form], item, ignored);
      formType = /** @type {MessageType} */ (byName.get(form));
      usedForm = form;
    }
    for (const error of errors) raw.push({error, item, prefix: prefixOf(i), type: formType});
  }
  return {raw, usedForm};
}

/**
 * A verdict before anything is found: the start of every check, and the command's verdict on a file it does not read.
 * @param {{format: MessageFormat, detected: boolean, characters: number}} at
 * @returns {CheckResult}
 */
export function blankResult({format, detected, characters}) {
  return {
    status: 'empty',
    valid: false,
    format,
    summary: '',
    type: null,
    variant: null,
    standard: null,
    file: null,
    detected,
    reason: '',
    hint: null,
    lookalike: null,
    errors: [],
    errorCount: 0,
    warnings: [],
    notes: [],
    businessRules: '',
    position: null,
    stats: {characters, depth: 0, items: null, ms: 0},
  };
}

/** Node's process object; undefined in the page's worker. */
const nodeProcess = globalThis.process;

/**
 * Milliseconds from a fixed point, for the check's own duration: the page's worker has `performance`; in Node (the
 * command) `process.hrtime`, because Node's global `performance` loads its performance-hooks modules on first use
 * (~5 ms of every run of the command).
 * @type {() => number}
 */
const clock =
  typeof nodeProcess?.hrtime?.bigint === 'function'
    ? () => Number(nodeProcess.hrtime.bigint()) / 1e6
    : typeof performance !== 'undefined'
      ? () => performance.now()
      : () => Date.now();

/**
 * Checks a message.
 * @param {string} text the message as typed or read from a file
 * @param {string} requested "auto" or the name of a message type
 * @param {CheckDeps} deps the generated validators, catalog, schemas and business rules
 * @param {{format?: MessageFormat | 'auto'}} [options] `format`: what the file name says the text is
 * @returns {CheckResult}
 */
export function checkMessage(text, requested, deps, options = {}) {
  const started = clock();
  const elapsed = () => Math.round((clock() - started) * 10) / 10;
  const hint = options.format ?? 'auto';
  const result = blankResult({
    format: hint === 'xml' ? 'xml' : 'json',
    detected: requested === 'auto',
    characters: typeof text === 'string' ? text.length : 0,
  });
  const done = (/** @type {Partial<CheckResult>} */ fields) => Object.assign(result, fields, {stats: {...result.stats, ms: elapsed()}});

  if (typeof text !== 'string' || /^\s*$/.test(text)) {
    return done({status: 'empty', summary: 'Nothing to check yet: paste a message, open a file or load an example.'});
  }
  if (text.length > maxCharacters) {
    return done({
      status: 'too-large',
      summary: `The text is ${mb(text.length)}; the validator checks messages of up to ${mb(maxCharacters)}.`,
    });
  }
  const binary = binaryAt(text);
  if (binary >= 0) {
    const position = positionOf(text, binary);
    const what = hint === 'xml' ? 'XML' : 'JSON';
    return done({
      status: 'binary',
      position,
      summary: `This is not ${what} text: it contains binary data (a control character at line ${position.line}, column ${position.column}). Paste the text of a JSON or XML message, or open a .json or .xml file.`,
    });
  }
  result.format = formatOf(text, hint);
  return result.format === 'xml' ? checkXml(text, requested, deps, result, done) : checkJson(text, requested, deps, result, done);
}

/**
 * @callback Done
 * @param {Partial<CheckResult>} fields
 * @returns {CheckResult}
 */

/**
 * @param {string} text
 * @param {string} requested
 * @param {CheckDeps} deps
 * @param {CheckResult} result
 * @param {Done} done
 */
function checkJson(text, requested, deps, result, done) {
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

  const list = Array.isArray(value) ? /** @type {unknown[]} */ (value) : null;
  if (list) result.stats.items = list.length;
  if (list ? list.length === 0 : !isObject(value)) {
    return done({status: 'not-object', summary: `Not a SETU message: a message is a JSON object ({ … }), but this is ${preview(value)}.`});
  }
  const sample = list ? list.find(isObject) : value;

  const {validators, messageTypes} = deps;
  const byName = new Map(messageTypes.map((t) => [t.name, t]));
  const countErrors = (/** @type {string} */ name, /** @type {unknown} */ v) => {
    const validate = validators[name];
    return validate(v) ? 0 : (validate.errors ?? []).length;
  };
  const unknownPaths = (/** @type {string} */ name, /** @type {unknown} */ v) => {
    const t = /** @type {MessageType} */ (byName.get(name));
    return pathsUnknownTo(v, deps.schemas[t.file]?.[t.schema], deps.schemas[t.file] ?? {});
  };

  // Which type.
  let typeName = requested;
  if (requested === 'auto') {
    if (!sample)
      return done({status: 'not-object', summary: 'Not a SETU message: a message is a JSON object, but this list holds no objects.'});
    const detection = detectType(sample, messageTypes, countErrors, unknownPaths);
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

  const items = list ?? [value];
  const prefixOf = (/** @type {number} */ i) => (list ? `/${i}` : '');
  // The one pass of the type's validator over each item also records the values valid only under one of our repairs.
  const contexts = deps.repairs?.[type.file] ? items.map(() => ({repairs: /** @type {[number, string][]} */ ([])})) : undefined;
  const {raw, usedForm} = schemaErrors(items, type, deps, prefixOf, ignoreNone, contexts);

  /** @type {Found[]} */
  const found = [];
  for (const {error, item, prefix, type: t} of raw) {
    const d = describeError(error, item, {schemas: deps.schemas, file: t.file, type: t.schema});
    found.push({...d, pointer: prefix + d.pointer, jsonPath: toJsonPath(prefix + d.pointer), locate: prefix + d.locate});
  }
  // The notes on values valid only under one of our repairs of SETU's published schema (repair-notes.mjs) come first;
  // their words depend on the verdict, known below.
  const repairNotesAt = result.notes.length;
  const ruleWarnings = [];
  for (let i = 0; i < items.length; i++) {
    const {errors, warnings, notes} = businessRules(items[i], type, deps, prefixOf(i));
    found.push(...errors.map((e) => ({...e, jsonPath: toJsonPath(e.pointer)})));
    ruleWarnings.push(...warnings);
    if (i === 0) result.notes.push(...notes);
  }

  const {errors, count} = dedupe(found);
  const notes = contexts ? repairNotes(contexts, items, prefixOf, type, deps.repairs?.[type.file], count === 0) : [];
  result.notes.splice(repairNotesAt, 0, ...notes);
  const pointers = new Set([...errors.map((e) => e.locate), ...ruleWarnings.map((w) => w.pointer), ...notes.map((n) => n.repair.paths[0])]);
  const positions = pointers.size > 0 ? locatePointers(text, pointers) : new Map();
  for (const e of errors) {
    const at = positions.get(e.locate);
    if (at) {
      e.line = at.line;
      e.column = at.column;
    }
  }
  for (const n of notes) {
    const at = positions.get(n.repair.paths[0]);
    if (at) {
      n.line = at.line;
      n.column = at.column;
    }
  }
  for (const w of ruleWarnings) {
    const at = positions.get(w.pointer) ?? {line: 1, column: 1};
    addWarning(result, {message: w.message, rule: w.rule, path: w.pointer, line: at.line, column: at.column});
  }
  sortByPlace(errors);

  const variant = isObject(sample) ? variantOf(type, /** @type {Record<string, unknown>} */ (sample)) : null;
  if (count > 0 && requested !== 'auto' && sample) {
    const detection = detectType(sample, messageTypes, countErrors, unknownPaths);
    if (detection.type && detection.type !== type.name && !type.alternatives.includes(detection.type)) {
      result.hint = `It looks more like ${detection.type} (it ${detection.reason}).`;
      result.lookalike = detection.type;
    }
  }
  const what = list ? `all ${plural(list.length, 'item')} of the list conform` : 'the message conforms';
  return verdict(result, done, {type, variant, usedForm, errors, count, what, deps});
}

/**
 * @param {string} text
 * @param {string} requested
 * @param {CheckDeps} deps
 * @param {CheckResult} result
 * @param {Done} done
 */
function checkXml(text, requested, deps, result, done) {
  /** @type {ReturnType<typeof parseXml>} */
  let parsed;
  try {
    parsed = parseXml(text);
  } catch (error) {
    if (!(error instanceof XmlSyntaxError)) throw error;
    return done({
      status: 'syntax',
      position: {line: error.line, column: error.column},
      summary: `Not well-formed XML, line ${error.line}, column ${error.column}: ${error.message}.`,
    });
  }
  const {root} = parsed;
  result.warnings = parsed.warnings;
  result.stats.depth = parsed.depth;

  const {validators, messageTypes} = deps;
  const withXml = messageTypes.filter((t) => t.xml);
  /** The root elements a type accepts: its own, then its aliases. */
  const rootsOf = (/** @type {MessageType} */ t) => [t.xml?.root, ...(t.xml?.aliases ?? []).map((a) => a.root)];
  // Types with this root, the one in the root's namespace first, then the closest namespace (versions of a standard
  // share their roots and differ in namespace).
  const byRoot = withXml
    .filter((t) => rootsOf(t).includes(root.local))
    .map((t, order) => ({t, order, closeness: closeness(t.xml?.namespace ?? '', root.uri)}))
    .sort((a, b) => b.closeness - a.closeness || a.order - b.order)
    .map(({t}) => t);
  const rootWords = `${code(root.local)}${root.uri ? ` in the namespace ${code(root.uri)}` : ' in no namespace'}`;

  /** @type {MessageType | undefined} */
  let type;
  /** @type {string} */
  let versionWords = '';
  if (requested === 'auto') {
    type = byRoot.find((t) => t.xml?.namespace === root.uri) ?? byRoot[0];
    // Versions of a standard that share the root element are told apart by their namespace, else by structure.
    const versions = byRoot.filter((t) => t.standard === type?.standard && t.schema === type?.schema);
    const allVersions = withXml.filter((t) => t.standard === type?.standard && t.schema === type?.schema);
    if (type && allVersions.length > 1) {
      const others = allVersions.filter((t) => t !== type);
      if (type.xml?.namespace === root.uri) {
        versionWords = `, the namespace of ${type.standard} ${type.version} (${listWords(others.map((t) => `${t.version}: ${code(/** @type {string} */ (t.xml?.namespace))}`))})`;
      } else if (versions.length > 1) {
        const problemsOf = (/** @type {MessageType} */ t) => {
          const mapped = xmlToModel(root, {
            typeName: t.schema,
            components: deps.schemas[t.file] ?? {},
            namespace: root.uri,
            datatypes: t.xml?.datatypes,
          });
          const validate = validators[t.name];
          // As in the check itself: a value's lexical form is the XSD's to judge, not the JSON format's.
          const schemaProblems = validate(mapped.value)
            ? []
            : (validate.errors ?? []).filter(
                (e) => !((e.keyword === 'format' || e.keyword === 'type') && mapped.judged.has(e.instancePath)),
              );
          return mapped.problems.length + schemaProblems.length;
        };
        const judged = versions.map((t) => ({t, n: problemsOf(t)})).sort((a, b) => a.n - b.n);
        type = judged[0].t;
        versionWords =
          `, the namespace of no version of ${type.standard} (${listWords(versions.map((t) => `${t.version}: ${code(/** @type {string} */ (t.xml?.namespace))}`))}); ` +
          `by its structure it is closer to ${type.name} (${plural(judged[0].n, 'problem')}) than to ${listWords(judged.slice(1).map((j) => `${j.t.name} (${plural(j.n, 'problem')})`))}`;
      }
    }
    if (!type) {
      const noXml = messageTypes.find((t) => !t.xml && t.schema === root.local);
      if (noXml) {
        return done({
          status: 'no-xml',
          summary: `${noXml.name} has no XML form that the validator can check: ${noXml.xmlReason}. Check it as JSON.`,
        });
      }
      const roots = [...new Set(withXml.filter((t) => t.alternatives.length === 0).map((t) => code(/** @type {string} */ (t.xml?.root))))];
      return done({
        status: 'unknown-type',
        reason: `has the root element ${rootWords}`,
        summary:
          `Not recognised as a SETU message: the root element ${code(root.local)} is not the root of a SETU message ` +
          `(${listWords(roots)}). Choose the message type to check it against that type.`,
      });
    }
    result.reason = `has the root element ${rootWords}${versionWords}`;
  } else {
    type = messageTypes.find((t) => t.name === requested);
    if (!type || !validators[requested]) return done({status: 'unknown-type', summary: `Unknown message type "${requested}".`});
    if (!type.xml)
      return done({
        status: 'no-xml',
        summary: `${type.name} has no XML form that the validator can check: ${type.xmlReason}. Check it as JSON.`,
      });
    result.reason = 'chosen in the message type list';
  }
  const form = /** @type {NonNullable<MessageType['xml']>} */ (type.xml);

  /** @type {Found[]} */
  const found = [];
  const rootProblem = (/** @type {string} */ rule, /** @type {string} */ message) => {
    found.push({pointer: `/${root.local}`, jsonPath: '$', rule, message, locate: ''});
  };
  // A line wrapper (a oneOf of two bodies) takes the root of either body too.
  const forms = [type, ...type.alternatives.map((name) => messageTypes.find((t) => t.name === name))];
  const roots = forms.flatMap((t) => (t?.xml ? rootsOf(t) : []));
  const other = byRoot.find((t) => t !== type && !type.alternatives.includes(t.name));
  if (!roots.includes(root.local)) {
    const own = forms.map((t) => t?.xml?.root).filter(Boolean);
    rootProblem(
      'root element',
      `The root element of a ${type.name} is ${own.map((r) => code(/** @type {string} */ (r))).join(' or ')}; found ${code(root.local)}.`,
    );
  }
  if (other && (!roots.includes(root.local) || (root.uri !== form.namespace && other.xml?.namespace === root.uri))) {
    result.hint = `It looks more like ${other.name} of ${other.standard} ${other.version} (it has the root element ${rootWords}).`;
    result.lookalike = other.name;
  }
  if (root.uri !== form.namespace) {
    rootProblem(
      'namespace',
      `The root element ${code(root.name)} is in ${root.uri ? `the namespace ${code(root.uri)}` : 'no namespace'}, ` +
        `but a ${type.standard} ${type.version} message is in the namespace ${code(form.namespace)}, the target namespace of its XSD` +
        `${namespaceDifference(form.namespace, root.uri)}.`,
    );
  }
  const alias = forms.flatMap((t) => t?.xml?.aliases ?? []).find((a) => a.root === root.local);
  if (alias) result.notes.push({message: alias.note});

  // The model, from the tree; the same validators as for JSON judge it, except for what the XSD decides.
  const mapping = xmlToModel(root, {
    typeName: type.schema,
    components: deps.schemas[type.file] ?? {},
    namespace: root.uri,
    datatypes: form.datatypes,
    wildcards: form.wildcards,
  });
  const value = mapping.value;
  // The XSD judges the XML form: of our repairs, those of the XML form (its wildcards) and of a code list of the XSD
  // can make an XML message pass that the XSD rejects. The notes on them come here; their words depend on the verdict.
  const repairNotesAt = result.notes.length;
  for (const p of mapping.problems) {
    found.push({
      pointer: p.path,
      jsonPath: toJsonPath(p.pointer),
      rule: p.rule,
      message: p.message,
      locate: p.pointer,
      line: p.line,
      column: p.column,
    });
  }
  result.notes.push(...jsonFormNotes(mapping.judged.notable()));
  const isList = (/** @type {string} */ pointer) => Array.isArray(valueAt(value, pointer));
  const toPath = (/** @type {string} */ pointer) => elementPath(pointer, root.local, isList);

  // Values are judged by their XSD datatype (xsd-datatypes.mjs), not by the JSON Schema `format` of the JSON form:
  // `08:00:00` is a valid xs:time, while `format: time` needs an offset, and Inquiry Pay Equity 1.0's XSD types three
  // of its dates and the times of its time windows as xs:string. So Ajv's `format`, `pattern` and `type` errors on a
  // value the mapping judged are left out: the mapping has reported an invalid lexical form itself, and noted what the
  // JSON form would need of a valid one. (The other way, rewriting the values so that they meet the JSON formats,
  // cannot work for an xs:string field with a format, and would change what the business rules see.) Every field with
  // a format or pattern is a leaf the mapping judges. Where the XSD's code list differs from the JSON form's (the
  // catalog's `xml.codes`), the XSD's codes decide, and Ajv's `enum` error is left out too.
  const codes = form.codes ?? {};
  const codesAt = (/** @type {string} */ pointer) => (mapping.located.get(pointer) ? codes[xsdPathOf(toPath(pointer))] : undefined);
  const leftToXsd = (/** @type {AjvError} */ e) =>
    (['format', 'pattern', 'type'].includes(e.keyword) && mapping.judged.has(e.instancePath)) ||
    (e.keyword === 'enum' && codesAt(e.instancePath) !== undefined);
  if (Object.keys(codes).length) {
    for (const [pointer, at] of mapping.located.entries()) {
      const path = toPath(pointer);
      const allowed = codes[xsdPathOf(path)];
      const v = valueAt(value, pointer);
      if (!allowed || typeof v !== 'string' || allowed.includes(v)) continue;
      found.push({
        pointer: path,
        jsonPath: toJsonPath(pointer),
        rule: 'code list',
        message: `${code(path)} must be one of the codes of the XSD (${allowed.map(code).join(', ')}); found ${preview(v)}.`,
        locate: pointer,
        line: at.line,
        column: at.column,
      });
    }
  }
  // A missing element is reported where libxml2 reports it (xmllint, and so the XSD's verdict in most tools): at the
  // first element of its parent that the sequence puts after it ("This element is not expected"), or, where none
  // follows, at the parent ("Missing child element(s)"). An element of the model that its schema does not name is one
  // the XSD's wildcard took, which ends the sequence (a condition's `xs:any` after `conditionType`): it comes after all.
  const missingAt = (/** @type {string} */ parent, /** @type {string} */ name, /** @type {MessageType} */ t) => {
    const order = propertyOrderAt(value, parent, {typeName: t.schema, components: deps.schemas[t.file] ?? {}});
    const present = valueAt(value, parent);
    if (!order || !isObject(present)) return null;
    const after = order.indexOf(name);
    /** @type {{line: number, column: number} | null} */
    let next = null;
    for (const key of Object.keys(/** @type {object} */ (present))) {
      const rank = order.indexOf(key);
      if (rank >= 0 && rank <= after) continue;
      const at = mapping.located.get(`${parent}/${escapeToken(key)}`) ?? mapping.located.get(`${parent}/${escapeToken(key)}/0`);
      if (at && (!next || at.line < next.line || (at.line === next.line && at.column < next.column))) next = at;
    }
    return next && {line: next.line, column: next.column};
  };
  const {raw, usedForm} = schemaErrors([value], type, deps, () => '', leftToXsd);
  for (const {error, item, type: t} of raw) {
    const d = describeError(error, item, {schemas: deps.schemas, file: t.file, type: t.schema});
    const at = error.keyword === 'required' ? missingAt(d.locate, String(error.params.missingProperty), t) : null;
    found.push({...d, pointer: toPath(d.pointer), message: xmlWords(d.message, d.pointer, toPath), ...at});
  }
  const rules = businessRules(value, type, deps, '', leftToXsd);
  found.push(...rules.errors.map((e) => ({...e, pointer: toPath(e.pointer), jsonPath: toJsonPath(e.pointer)})));
  result.notes.push(...rules.notes);

  /** The place of a model pointer: its element, else the nearest enclosing one. */
  const place = (/** @type {string} */ locate) => {
    for (let p = locate; ; p = p.slice(0, p.lastIndexOf('/'))) {
      const at = mapping.located.get(p);
      if (at) return at;
      if (p === '') return {line: root.line, column: root.column};
    }
  };
  const {errors, count} = dedupe(found);
  for (const e of errors.filter((x) => x.line === null)) {
    const at = place(e.locate);
    e.line = at.line;
    e.column = at.column;
  }
  const route = deps.repairs?.[type.file]?.route ?? null;
  // A value that breaks our form too has an error, not a note.
  const wrong = new Set(errors.map((e) => e.locate));
  const coded = codeRepairValues(value, form.repairedCodes)
    .filter((v) => !wrong.has(v.pointer))
    .map((v) => {
      const at = place(v.pointer);
      return {value: v, path: toPath(v.pointer), line: at.line, column: at.column};
    });
  result.notes.splice(
    repairNotesAt,
    0,
    ...wildcardNotes(mapping.wildcardExtras, type, route, count === 0),
    ...codeRepairNotes(coded, type, route, count === 0),
  );
  for (const w of rules.warnings) {
    const at = place(w.pointer);
    addWarning(result, {message: w.message, rule: w.rule, path: toPath(w.pointer), line: at.line, column: at.column});
  }
  sortByPlace(errors);
  const variant = isObject(value) ? variantOf(type, /** @type {Record<string, unknown>} */ (value)) : null;
  return verdict(result, done, {
    type,
    variant,
    usedForm,
    errors,
    count,
    what: 'the XML message conforms',
    deps,
  });
}

/** How alike two namespaces are: the length of their common start (an exact match beats any). */
function closeness(/** @type {string} */ a, /** @type {string} */ b) {
  if (a === b) return Infinity;
  let n = 0;
  while (n < a.length && a[n] === b[n]) n++;
  return n;
}

/** Where two namespaces differ only at the end, which end: a missing `#` is easy to overlook. */
function namespaceDifference(/** @type {string} */ expected, /** @type {string} */ found) {
  if (found && expected.startsWith(found)) return `; the two differ only in the ${code(expected.slice(found.length))} at its end`;
  if (found && found.startsWith(expected))
    return `; the two differ only in the ${code(found.slice(expected.length))} at the end of the one found`;
  return '';
}

/**
 * Notes on valid XML values that the JSON form of the message would write otherwise (a time without offset), one
 * per kind of difference, naming the first such value and counting the others.
 * @param {import('./xml-model.mjs').JudgedValue[]} judged the values judged, or those of them with a jsonNeed
 * @returns {CheckNote[]}
 */
function jsonFormNotes(judged) {
  /** @type {Map<string, import('./xml-model.mjs').JudgedValue[]>} */
  const groups = new Map();
  for (const j of judged) {
    if (!j.jsonNeed) continue;
    const key = `${j.datatype} ${j.jsonNeed.kind}`;
    const group = groups.get(key);
    if (group) group.push(j);
    else groups.set(key, [j]);
  }
  return [...groups.values()].map((group) => {
    const [first] = group;
    const need = /** @type {import('./xsd-datatypes.mjs').JsonNeed} */ (first.jsonNeed);
    const more = group.length - 1;
    return {
      message:
        `Valid in XML, written otherwise in JSON: ${code(first.path)} is ${preview(first.text)}, a valid ${first.datatype} value` +
        `${more > 0 ? ` (and so ${more === 1 ? 'is 1 more value' : `are ${more} more values`} of this kind)` : ''}; ` +
        `the JSON form of the message needs ${need.words}${need.example ? `, for example ${preview(need.example)}` : ''}.`,
    };
  });
}

/**
 * Ajv's words name JSON things; in an XML message they are elements. (The ellipsis is written \u2026: one character
 * beyond ASCII makes the published file's whole source a two-byte string to V8, slower to decode and parse.)
 */
function xmlWords(/** @type {string} */ message, /** @type {string} */ pointer, /** @type {(p: string) => string} */ toPath) {
  return message
    .replace(
      /^Missing required property "([^"]+)" in (`[^`]*`|the message)\./,
      (_, name) => `Missing required element ${code(name)} in ${code(toPath(pointer.slice(0, pointer.lastIndexOf('/'))))}.`,
    )
    .replace(/a string \(text in double quotes\)/, 'text')
    .replace(/a list \(\[ \u2026 \]\)/, 'a repeated element')
    .replace(/an object \(\{ \u2026 \}\)/, 'an element with child elements');
}

/**
 * The business rules of the type's spec that one message can show, as errors, warnings and notes.
 * @param {unknown} item the message model
 * @param {MessageType} type
 * @param {CheckDeps} deps
 * @param {string} prefix pointer prefix of the item in a list
 * @param {Ignored} [ignored] schema errors that do not count when the form of a line wrapper is chosen
 */
function businessRules(item, type, deps, prefix, ignored = ignoreNone) {
  const rules = deps.rules?.[type.file] ?? [];
  /** @type {Omit<MessageError, 'line' | 'column'>[]} */
  const errors = [];
  /** @type {{message: string, rule: string, pointer: string}[]} */
  const warnings = [];
  /** @type {CheckNote[]} */
  const notes = [];
  if (rules.length === 0) return {errors, warnings, notes};
  const form = formFor(type, item, deps.validators, ignored);
  const {findings, notes: unchecked} = checkRules(form, item, rules);
  for (const f of findings) {
    const rule = `BR ${f.rule.number}`;
    const pointer = prefix + f.pointer;
    if (f.severity === 'warning') warnings.push({message: f.message, rule, pointer});
    else errors.push({pointer, jsonPath: '', rule, message: f.message, locate: pointer});
  }
  for (const rule of unchecked) {
    notes.push({
      rule: `BR ${rule.number}`,
      message: rule.unchecked
        ? `BR ${rule.number} is not checked for ${type.standard} ${type.version}: ${rule.unchecked}. (${rule.rule}.)`
        : `BR ${rule.number} is not checked, as one message cannot show it: ${rule.rule}. It applies ${rule.where}.`,
    });
  }
  return {errors, warnings, notes};
}

/**
 * The parts of a message that a model does not know, as dotted paths (`positionProfile.positionLocation.item`), at most
 * 50: a property the model's object does not list, and nothing below it. Arrays are walked item by item (`a[]`).
 * @param {unknown} value
 * @param {any} schema
 * @param {Record<string, any>} components
 * @returns {string[]}
 */
export function pathsUnknownTo(value, schema, components) {
  /** @type {Set<string>} */
  const found = new Set();
  const walk = (/** @type {unknown} */ v, /** @type {any} */ node, /** @type {string} */ path, /** @type {number} */ depth) => {
    const s = resolveSchema(node, components);
    if (!s || depth > 32 || found.size >= 50) return;
    if (Array.isArray(v)) {
      if (s.type === 'array') for (const item of v.slice(0, 20)) walk(item, s.items, `${path}[]`, depth + 1);
      // A list where the model has one object: the model knows no list here.
      else if (s.properties && v.length > 0) found.add(`${path}[]`);
      return;
    }
    // An object where the model has a list (Planning 1.0's `item` wrappers against 2.0's plain lists): the model
    // knows none of its properties.
    if (isObject(v) && s.type === 'array') {
      for (const key of Object.keys(/** @type {Record<string, unknown>} */ (v))) found.add(path ? `${path}.${key}` : key);
      return;
    }
    if (!isObject(v) || !s.properties) return;
    for (const [key, child] of Object.entries(/** @type {Record<string, unknown>} */ (v))) {
      const at = path ? `${path}.${key}` : key;
      if (Object.prototype.hasOwnProperty.call(s.properties, key)) walk(child, s.properties[key], at, depth + 1);
      else found.add(at);
    }
  };
  walk(value, schema, '', 0);
  return [...found];
}

/** The business rules the check runs on the type (null: it runs none, as with the command's --no-rules). */
const rulesRunOn = (/** @type {MessageType} */ type, /** @type {CheckDeps} */ deps) =>
  deps.rules
    ? (deps.rules[type.file] ?? []).filter((r) => r.messages.includes(type.name) || type.alternatives.some((a) => r.messages.includes(a)))
    : null;

function addWarning(/** @type {CheckResult} */ result, /** @type {ScanWarning} */ warning) {
  if (result.warnings.length < maxWarnings) result.warnings.push(warning);
}

/**
 * An error before it is located; XML faults come with their place.
 * @typedef {Omit<MessageError, 'line' | 'column'> & {line?: number, column?: number}} Found
 */

/** Without duplicates, capped at maxErrors, counted; unlocated ones get line and column null. */
function dedupe(/** @type {Found[]} */ found) {
  const seen = new Set();
  /** @type {MessageError[]} */
  const errors = [];
  let count = 0;
  for (const e of found) {
    const key = `${e.pointer}\u0000${e.rule}\u0000${e.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    count++;
    if (errors.length < maxErrors) errors.push({...e, line: e.line ?? null, column: e.column ?? null});
  }
  return {errors, count};
}

function sortByPlace(/** @type {MessageError[]} */ errors) {
  errors.sort((a, b) => (a.line ?? Infinity) - (b.line ?? Infinity) || (a.column ?? 0) - (b.column ?? 0));
}

/**
 * The verdict's fields.
 * @param {CheckResult} result
 * @param {Done} done
 * @param {object} v
 * @param {MessageType} v.type
 * @param {string | null} v.variant
 * @param {string | null} v.usedForm the oneOf form the errors are against
 * @param {MessageError[]} v.errors
 * @param {number} v.count all errors
 * @param {string} v.what what conforms, in words
 * @param {CheckDeps} v.deps
 */
function verdict(result, done, {type, variant, usedForm, errors, count, what, deps}) {
  const checked = rulesRunOn(type, deps);
  const withRules = (checked ?? []).length > 0;
  const label = `${usedForm && count > 0 ? `${type.name} (closest form: ${usedForm})` : type.name}${variant ? ` (${variant})` : ''}`;
  const rules = errors.some((e) => e.rule.startsWith('BR ')) ? ' and the business rules' : '';
  return done({
    status: count === 0 ? 'valid' : 'invalid',
    valid: count === 0,
    type: type.name,
    variant,
    standard: type.standard,
    file: type.file,
    errors,
    errorCount: count,
    businessRules: rulesStatement({schema: type.schema, version: type.version, published: type.publishedRules ?? null, checked}),
    summary:
      count === 0
        ? `Valid: ${what} to ${type.name}${variant ? ` (${variant})` : ''} of ${type.standard} (specs/${type.file})` +
          `${withRules ? ' and keeps its business rules' : ''}.`
        : `Not valid: ${plural(count, 'error')} against ${label}${rules}.`,
  });
}
