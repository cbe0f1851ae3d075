// Loading the OpenAPI specs of specs/ and compiling their component schemas with Ajv.
// Shared by the unit tests and the build-time validator generator, so that all of them judge
// messages by exactly the same rules.
import fs from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import {parseJson, JsonSyntaxError} from '../plugins/validator/engine/json-scanner.mjs';
import {deref} from '../spec-refs.mjs';
import {httpMethods} from '../data/http-methods.mjs';
import {root, shown} from './paths.mjs';
import {apis, specFiles} from '../data/registry.mjs';
import {messageOf} from './errors.mjs';

export {specFiles, deref};

/** Reads one spec (from `dir`, default specs/); a JSON syntax error names the file, line and column. */
export function readSpec(/** @type {string} */ file, dir = path.join(root, 'specs')) {
  const full = path.join(dir, file);
  const text = fs.readFileSync(full, 'utf8');
  try {
    return JSON.parse(text);
  } catch (error) {
    const at = jsonErrorLocation(text);
    throw new Error(`${shown(full)}${at ? `:${at.line}:${at.column}` : ''}: invalid JSON: ${messageOf(error)}`, {cause: error});
  }
}

/** {line, column} (1-based) of the first JSON syntax error in `text`, or null when it is valid JSON (the validator's scanner). */
export function jsonErrorLocation(/** @type {string} */ text) {
  try {
    parseJson(text);
    return null;
  } catch (error) {
    if (error instanceof JsonSyntaxError) return {line: error.line, column: error.column};
    throw error;
  }
}

export function loadSpecs() {
  return Object.fromEntries(specFiles.filter((f) => fs.existsSync(path.join(root, 'specs', f))).map((f) => [f, readSpec(f)]));
}

/**
 * The JSON Schema dialect of a spec's schema objects: OpenAPI 3.1 uses JSON Schema 2020-12, OpenAPI 3.0 its own
 * subset of draft-07 (which Ajv's draft-07 mode reads correctly, with the OpenAPI annotations added).
 */
export function dialectOf(/** @type {any} */ spec) {
  return /^3\.1\./.test(spec?.openapi ?? '') ? '2020-12' : 'draft-07';
}

/** @type {WeakMap<object, string>} */
const dialects = new WeakMap();

/**
 * An Ajv instance that understands the schema objects of one OpenAPI version: draft-07 plus the OpenAPI
 * annotation keywords for 3.0 (the default), JSON Schema 2020-12 plus the same annotations for 3.1
 * (`dialect` '2020-12', see dialectOf). Both judge with the same options and formats.
 * `options` adds Ajv options that do not change how messages are judged, such as `code` for the
 * build-time generation of standalone validators (src/plugins/validator/generate.mjs).
 */
export function createAjv(options = {}, dialect = 'draft-07') {
  if (!['draft-07', '2020-12'].includes(dialect)) throw new Error(`unknown JSON Schema dialect ${dialect}`);
  const AjvClass = dialect === '2020-12' ? Ajv2020 : Ajv;
  const ajv = new AjvClass({allErrors: true, strict: true, strictTypes: false, strictTuples: false, strictRequired: false, ...options});
  // The formats exactly as JSON Schema defines them (RFC 3339: `time` and `date-time` carry a UTC offset), so that
  // messages are judged as a receiver with a stock validator judges them.
  addFormats(ajv);
  // OpenAPI-only annotations; `components` lets whole-spec wrappers hold the schemas $refs point into.
  ajv.addVocabulary(['example', 'xml', 'externalDocs', 'discriminator', 'components']);
  dialects.set(ajv, dialect);
  return ajv;
}

/**
 * The order in which specs claim component names: as given, except that the versions of one standard come oldest first
 * (the registry lists them newest first). So a name keeps its plain key for the version that had it first, and a newer
 * version of the same standard gets `<specFile>#<Name>` for the names it shares with an older one.
 */
function claimOrder(/** @type {[string, any][]} */ entries) {
  const rank = (/** @type {string} */ file) => {
    const index = apis.findIndex((a) => a.specFile === file);
    if (index < 0) return [Infinity, 0];
    return [apis.findIndex((a) => a.standard === apis[index].standard), -index];
  };
  return entries
    .map((entry, n) => ({entry, n, r: rank(entry[0])}))
    .sort((a, b) => a.r[0] - b.r[0] || a.r[1] - b.r[1] || a.n - b.n)
    .map(({entry}) => entry);
}

/**
 * Compiles every component schema of every spec. Returns a map "SchemaName" -> {file, name, validate}; a name
 * that a spec earlier in claimOrder already uses is keyed "<specFile>#<SchemaName>".
 * $refs such as "#/components/schemas/X" resolve within the schema's own spec.
 * Without `ajv`, each spec is compiled with an instance of its own dialect (dialectOf); a given `ajv` must be
 * of the dialect of every spec it compiles.
 * @param {Record<string, any>} [specs] spec file -> the parsed spec
 * @param {import('ajv').default} [ajv]
 */
export function compileSchemas(specs = loadSpecs(), ajv = undefined) {
  /** @type {Record<string, {file: string, name: string, validate: import('ajv').ValidateFunction | undefined}>} */
  const compiled = {};
  /** @type {Partial<Record<'draft-07' | '2020-12', import('ajv').default>>} */
  const instances = {};
  for (const [file, spec] of claimOrder(Object.entries(specs))) {
    const dialect = dialectOf(spec);
    const instance = ajv ?? (instances[dialect] ??= createAjv({}, dialect));
    if (ajv && (dialects.get(instance) ?? 'draft-07') !== dialect) {
      throw new Error(
        `specs/${file} (OpenAPI ${spec.openapi}) needs an Ajv instance for JSON Schema ${dialect}: createAjv(options, '${dialect}')`,
      );
    }
    const id = `https://setu.nl/specs/${file}`;
    instance.addSchema({$id: id, components: {schemas: spec.components?.schemas ?? {}}});
    for (const name of Object.keys(spec.components?.schemas ?? {})) {
      const key = compiled[name] && compiled[name].file !== file ? `${file}#${name}` : name;
      compiled[key] = {file, name, validate: instance.getSchema(`${id}#/components/schemas/${name}`)};
    }
  }
  return compiled;
}

/** Ajv errors as readable lines: "<path>: <message> (<params>)". */
export function formatErrors(/** @type {import('ajv').ErrorObject[]} */ errors = []) {
  return errors.map((e) => {
    const where = e.instancePath || '(root)';
    let detail = e.message;
    if (e.keyword === 'enum') detail += `: ${e.params.allowedValues.map((/** @type {unknown} */ v) => JSON.stringify(v)).join(', ')}`;
    if (e.keyword === 'additionalProperties') detail += `: "${e.params.additionalProperty}"`;
    return `${where}: ${detail} [${e.schemaPath}]`;
  });
}

/** Every operation of a spec: {method, path, operation}. */
export function operationsOf(/** @type {any} */ spec) {
  return Object.entries(spec.paths ?? {}).flatMap(([p, item]) =>
    httpMethods.filter((m) => item[m]).map((m) => ({method: m, path: p, operation: item[m]})),
  );
}

/**
 * Every example of a spec with the schema it must satisfy: media-type `example`/`examples`
 * of request bodies and responses, and the `examples` of a component schema (OpenAPI 3.1; the only examples of a
 * message model without operations, such as specs/planning-2.0.json).
 * Returns [{where, schema, value}], schema being the media type's schema, or a $ref to the component.
 */
export function examplesOf(/** @type {any} */ spec) {
  /** @type {{where: string, schema: any, value: unknown}[]} */
  const found = [];
  const fromContent = (/** @type {string} */ where, /** @type {Record<string, any> | undefined} */ content) => {
    for (const [mediaType, media] of Object.entries(content ?? {})) {
      if (!mediaType.includes('json')) continue;
      const schema = media.schema;
      const list = [];
      if (media.example !== undefined) list.push(['example', media.example]);
      for (const [name, ex] of Object.entries(media.examples ?? {})) list.push([`examples.${name}`, deref(spec, ex).value]);
      for (const [label, value] of list) found.push({where: `${where} ${mediaType} ${label}`, schema, value});
    }
  };
  for (const {method, path: p, operation} of operationsOf(spec)) {
    const op = `${method.toUpperCase()} ${p}`;
    if (operation.requestBody) fromContent(`${op} request`, deref(spec, operation.requestBody).content);
    for (const [code, response] of Object.entries(operation.responses ?? {})) {
      fromContent(`${op} response ${code}`, deref(spec, response).content);
    }
  }
  for (const [name, schema] of Object.entries(spec.components?.schemas ?? {})) {
    if (!Array.isArray(schema.examples)) continue;
    schema.examples.forEach((/** @type {unknown} */ value, /** @type {number} */ i) =>
      found.push({where: `components.schemas.${name} examples[${i}]`, schema: {$ref: `#/components/schemas/${name}`}, value}),
    );
  }
  return found;
}
