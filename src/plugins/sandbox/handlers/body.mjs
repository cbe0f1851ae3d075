// Judging a request body: by the message validator's engine (src/plugins/validator/engine/check.mjs), exactly as the validator page
// judges a message, with the message type the operation names; a refusal lists the errors as the validator reports
// them. A body whose schema defines no content is kept as sent once it is well formed.
import {checkMessage, formatOf} from '../../validator/engine/check.mjs';
import {parseJson, JsonSyntaxError} from '../../validator/engine/json-scanner.mjs';
import {parseXml, XmlSyntaxError} from '../../validator/engine/xml-parser.mjs';
import {xmlToModel} from '../../validator/engine/xml-model.mjs';
import {validators} from '../../../../generated/validator/validators.mjs';
import {messageTypes} from '../../../../generated/validator/catalog.mjs';
import {schemas} from '../../../../generated/validator/schemas.mjs';
import {businessRules} from '../../../../generated/validator/rules.mjs';
import {repairs} from '../../../../generated/validator/repairs.mjs';
import {Refusal, code, isObject, jsonType, xmlType} from './refusals.mjs';

/** @typedef {import('./operations.mjs').SandboxApi} SandboxApi */
/** @typedef {import('./operations.mjs').SandboxOperation} SandboxOperation */

const deps = {validators, messageTypes, schemas, rules: businessRules, repairs};

/** The validator's message type of a component schema of an API version's spec (`PlanningRequest 1.0`), if it has one. */
export function messageTypeOf(/** @type {SandboxApi} */ api, /** @type {string} */ schema) {
  return messageTypes.find((t) => t.file === api.specFile && t.schema === schema);
}

/**
 * Checks a request body as the validator page checks it and returns its message model; a refusal says why not. What
 * the validator finds in a body it accepts (warnings, notes) is added to `findings`, which the answer carries
 * (findings.mjs).
 * @param {SandboxApi} api
 * @param {SandboxOperation} op
 * @param {string} text
 * @param {'json' | 'xml'} form
 * @param {import('./findings.mjs').Findings} [findings]
 * @returns {{message: unknown, text: string | null}}
 */
export function checkBody(api, op, text, form, findings) {
  const body = /** @type {NonNullable<SandboxOperation['requestBody']>} */ (op.requestBody);
  const read = formatOf(text, form);
  if (read !== form) {
    throw new Refusal(
      400,
      'INVALID_BODY',
      `The Content-Type says ${form === 'json' ? jsonType : xmlType}, but the body is ${read === 'xml' ? 'XML (it starts with `<`)' : 'JSON (it starts with `{` or `[`)'}.`,
    );
  }
  if (body.opaque) return opaqueBody(body.schema, text, form);
  const type = messageTypeOf(api, body.schema);
  if (!type) throw new Error(`the validator has no message type ${body.schema} of specs/${api.specFile}`);
  if (form === 'xml' && !type.xml)
    throw new Refusal(400, 'INVALID_BODY', `${type.name} has no XML form: ${type.xmlReason}. Send it as ${code(jsonType)}.`);
  const result = checkMessage(text, type.name, deps, {format: form});
  if (!result.valid) {
    // As setu-validate lists them: each error, or the one a verdict without a message is (not well-formed, binary).
    /** @type {import('./refusals.mjs').BodyError[]} */
    const errors = result.errors.length
      ? result.errors.map((e) => ({line: e.line, column: e.column, message: e.message, rule: e.rule, path: e.pointer}))
      : [{line: result.position?.line ?? null, column: result.position?.column ?? null, message: result.summary, rule: null, path: null}];
    if (result.status === 'binary' && result.position)
      throw new Refusal(
        400,
        'INVALID_BODY',
        `The body is not ${form.toUpperCase()} text: it holds binary data (a control character at line ${result.position.line}, column ${result.position.column}).`,
        {},
        errors,
      );
    const listed = result.errors.slice(0, 100).map((e) => `- ${e.pointer || '/'}${e.line ? `, line ${e.line}` : ''}: ${e.message}`);
    const more = result.errorCount - listed.length;
    const description = [
      result.status === 'invalid'
        ? `The body is not a valid ${result.type ?? type.name} of ${type.standard} ${type.version}: ${result.errorCount} error${result.errorCount === 1 ? '' : 's'}, as the message validator reports them.`
        : result.summary,
      ...listed,
      ...(more > 0 ? [`- and ${more} more`] : []),
      // The operation fixes the type here, so the way out is another operation, not another choice of type.
      ...(result.hint
        ? [
            `${result.hint} This operation takes ${/^[AEIOU]/.test(type.name) ? 'an' : 'a'} ${type.name}: is the body meant for another one?`,
          ]
        : []),
    ].join('\n');
    throw new Refusal(400, 'INVALID_BODY', description, {}, errors);
  }
  if (result.stats.items !== null)
    throw new Refusal(400, 'INVALID_BODY', `The body is a list of ${result.stats.items} messages; this operation takes one ${type.name}.`);
  findings?.warnings.push(...result.warnings);
  findings?.notes.push(...result.notes);
  if (form === 'json') return {message: parseJson(text).value, text: null};
  const {root} = parseXml(text);
  const mapping = xmlToModel(root, {
    typeName: type.schema,
    components: schemas[type.file] ?? {},
    namespace: root.uri,
    datatypes: type.xml?.datatypes,
  });
  return {message: mapping.value, text: null};
}

/**
 * A body whose schema defines no content (the invoice, whose message another SETU standard defines): well-formed
 * JSON holding an object, or well-formed XML, kept as sent.
 * @param {string} schema
 * @param {string} text
 * @param {'json' | 'xml'} form
 */
function opaqueBody(schema, text, form) {
  try {
    if (form === 'xml') {
      parseXml(text);
      return {message: null, text};
    }
    const {value} = parseJson(text);
    if (!isObject(value)) throw new Refusal(400, 'INVALID_BODY', `A ${schema} body is a JSON object ({ … }).`);
    return {message: value, text: null};
  } catch (error) {
    const at = (/** @type {{line: number, column: number, message: string}} */ e) => [
      {line: e.line, column: e.column, message: e.message, rule: null, path: null},
    ];
    if (error instanceof JsonSyntaxError)
      throw new Refusal(400, 'INVALID_BODY', `Not valid JSON, line ${error.line}, column ${error.column}: ${error.message}`, {}, at(error));
    if (error instanceof XmlSyntaxError)
      throw new Refusal(
        400,
        'INVALID_BODY',
        `Not well-formed XML, line ${error.line}, column ${error.column}: ${error.message}.`,
        {},
        at(error),
      );
    throw error;
  }
}
