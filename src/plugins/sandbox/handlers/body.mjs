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
    if (result.status === 'binary' && result.position)
      throw new Refusal(
        400,
        'INVALID_BODY',
        `The body is not ${form.toUpperCase()} text: it holds binary data (a control character at line ${result.position.line}, column ${result.position.column}).`,
      );
    const listed = result.errors.slice(0, 100).map((e) => `- ${e.pointer || '/'}${e.line ? `, line ${e.line}` : ''}: ${e.message}`);
    const more = result.errorCount - listed.length;
    const description = [
      result.status === 'invalid'
        ? `The body is not a valid ${result.type ?? type.name} of ${type.standard} ${type.version}: ${result.errorCount} error${result.errorCount === 1 ? '' : 's'}, as the message validator reports them.`
        : result.summary,
      ...listed,
      ...(more > 0 ? [`- and ${more} more`] : []),
      ...(result.hint ? [result.hint] : []),
    ].join('\n');
    throw new Refusal(400, 'INVALID_BODY', description);
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
    if (error instanceof JsonSyntaxError)
      throw new Refusal(400, 'INVALID_BODY', `Not valid JSON, line ${error.line}, column ${error.column}: ${error.message}`);
    if (error instanceof XmlSyntaxError)
      throw new Refusal(400, 'INVALID_BODY', `Not well-formed XML, line ${error.line}, column ${error.column}: ${error.message}.`);
    throw error;
  }
}
