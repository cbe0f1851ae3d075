// The sandbox's handlers: a Fetch API Request in, a Response out, for every operation of every API version (see
// operations.mjs for what each operation does). The same code runs in the service worker (src/plugins/sandbox/) and in
// the local server (scripts/sandbox.mjs); the unit tests call it directly.
//
// A request body is judged by the message validator's engine (src/validator/check.mjs) exactly as the validator page
// judges it, with the message type the operation names, and a refusal is SETU's error object. Where the standard is
// silent the handlers do what behaviour.mjs lists, which the sandbox page shows.
import {checkMessage, formatOf} from '../../../validator/check.mjs';
import {parseJson, JsonSyntaxError} from '../../../validator/json-scanner.mjs';
import {parseXml, XmlSyntaxError} from '../../../validator/xml-parser.mjs';
import {xmlToModel, modelToXml} from '../../../validator/xml-model.mjs';
import {validators} from '../../../../generated/validator/validators.mjs';
import {messageTypes} from '../../../../generated/validator/catalog.mjs';
import {schemas} from '../../../../generated/validator/schemas.mjs';
import {businessRules} from '../../../../generated/validator/rules.mjs';
import {apis as registry, xmlRootOf} from '../../../data/registry.mjs';
import {segmentsOf, paramOf} from './path-template.mjs';
import {keyOf} from './store.mjs';

/** @typedef {import('./operations.mjs').SandboxApi} SandboxApi */
/** @typedef {import('./operations.mjs').SandboxOperation} SandboxOperation */
/** @typedef {import('./operations.mjs').SandboxResponse} SandboxResponse */
/** @typedef {import('./store.mjs').SandboxStore} SandboxStore */
/** @typedef {import('./store.mjs').StoredResource} StoredResource */
/** @typedef {import('../../../../generated/validator/catalog.mjs').MessageType} MessageType */

/** The largest body the sandbox reads: 5 MB, the size the validator page is measured up to. */
export const maxBodyBytes = 5 * 1024 * 1024;

/** What each request came to, for a log: the local server prints one line per request. */
/**
 * @typedef {object} Verdict
 * @property {string} method
 * @property {string} path the request's path and query
 * @property {number} status
 * @property {string | null} operationId
 * @property {string | null} problem the first line of the error's description, for a refusal
 */

/**
 * @typedef {object} SandboxOptions
 * @property {SandboxApi[]} apis what operations.mjs made of each API version's spec
 * @property {SandboxStore} store
 * @property {string} [base] the path under which the APIs are answered, ending in `/` (`/docs/sandbox/`; `/` locally)
 * @property {() => string} [newId] the id of a resource the server names (a UUID)
 * @property {() => Date} [now]
 * @property {(verdict: Verdict) => void} [onVerdict]
 */

const deps = {validators, messageTypes, schemas, rules: businessRules};
const jsonType = 'application/json';
const xmlType = 'application/xml';

/** A refusal: the HTTP status and SETU's error object. */
class Refusal extends Error {
  /**
   * @param {number} status
   * @param {string} code
   * @param {string} description
   * @param {Record<string, string>} [headers]
   */
  constructor(status, code, description, headers = {}) {
    super(description);
    this.status = status;
    this.code = code;
    this.headers = headers;
  }
}

const code = (/** @type {string} */ s) => `\`${s}\``;
const listWords = (/** @type {string[]} */ words) =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
const isObject = (/** @type {unknown} */ v) => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The validator's message type of a component schema of an API version's spec (`PlanningRequest 1.0`), if it has one. */
function messageTypeOf(/** @type {SandboxApi} */ api, /** @type {string} */ schema) {
  return messageTypes.find((t) => t.file === api.specFile && t.schema === schema);
}

/**
 * How a value of a component schema is written as XML: its root element and namespace (for a body of two forms, those of
 * the form the value has), or null where the version or the schema has no XML form.
 * @param {SandboxApi} api
 * @param {string} schema
 * @param {unknown} value
 * @returns {{schema: string, root: string, namespace: string} | null}
 */
function xmlFormOf(api, schema, value) {
  const type = messageTypeOf(api, schema);
  if (type) {
    if (type.alternatives.length > 0) {
      const keys = isObject(value) ? Object.keys(/** @type {object} */ (value)) : [];
      const form = type.alternatives
        .map((name) => messageTypes.find((t) => t.name === name))
        .find((t) => t && keys.every((k) => t.properties.includes(k)));
      return form?.xml ? {schema: form.schema, root: form.xml.root, namespace: form.xml.namespace} : null;
    }
    return type.xml ? {schema, root: type.xml.root, namespace: type.xml.namespace} : null;
  }
  // A schema the validator does not offer (an answer object such as `AttachmentResponse`): the version's namespace.
  const entry = registry.find((a) => a.id === api.id);
  const components = schemas[api.specFile];
  if (!entry?.xml || !components?.[schema]) return null;
  return {schema, root: xmlRootOf(entry, schema, /** @type {any} */ (components[schema])), namespace: entry.xml.namespace};
}

/** A value in SETU's XML form (the validator's own writer), or null where it has none. */
function toXml(/** @type {SandboxApi} */ api, /** @type {string} */ schema, /** @type {unknown} */ value) {
  const form = xmlFormOf(api, schema, value);
  if (!form) return null;
  try {
    return modelToXml(value, {typeName: form.schema, components: schemas[api.specFile] ?? {}, root: form.root, namespace: form.namespace});
  } catch {
    // A value the XML form cannot hold (a property name that is no element name): no XML to offer.
    return null;
  }
}

/** A list of messages in XML: the wrapper element the spec names, holding each message's root element. */
function listToXml(
  /** @type {SandboxApi} */ api,
  /** @type {string} */ schema,
  /** @type {string} */ wrapper,
  /** @type {unknown[]} */ items,
) {
  const form = xmlFormOf(api, schema, items[0]);
  if (!form) return null;
  const parts = [];
  for (const item of items) {
    const xml = toXml(api, schema, item);
    if (xml === null) return null;
    // Each item without its XML declaration and its namespace declaration, which the wrapper makes the default.
    const lines = xml.trimEnd().split('\n').slice(1);
    lines[0] = lines[0].replace(` xmlns="${form.namespace}"`, '');
    parts.push(...lines.map((line) => `  ${line}`));
  }
  const open = `<${wrapper} xmlns="${form.namespace}"`;
  return items.length === 0
    ? `<?xml version="1.0" encoding="UTF-8"?>\n${open}/>\n`
    : `<?xml version="1.0" encoding="UTF-8"?>\n${open}>\n${parts.join('\n')}\n</${wrapper}>\n`;
}

/**
 * The form an answer takes: the one the client's Accept header prefers among those available (JSON first on a tie, as
 * without Accept), or null when it accepts none of them.
 * @param {string | null} accept
 * @param {('json' | 'xml')[]} available
 * @returns {'json' | 'xml' | null}
 */
export function negotiate(accept, available) {
  if (available.length === 0) return null;
  if (!accept || !accept.trim()) return available[0];
  const ranges = accept.split(',').map((part) => {
    const [range, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    return {range: range.trim(), q: q === undefined ? 1 : Number(q)};
  });
  const mediaType = {json: jsonType, xml: xmlType};
  let best = /** @type {'json' | 'xml' | null} */ (null);
  let bestQ = 0;
  for (const form of available) {
    const type = mediaType[form];
    const q = Math.max(0, ...ranges.filter((r) => r.range === type || r.range === 'application/*' || r.range === '*/*').map((r) => r.q));
    if (q > bestQ) {
      best = form;
      bestQ = q;
    }
  }
  return best;
}

/** The media type of a Content-Type header, lower case, without its parameters; and its charset, if it names one. */
function mediaTypeOf(/** @type {string} */ header) {
  const [type, ...params] = header.split(';');
  const charset = params.map((p) => /^\s*charset\s*=\s*"?([^"\s]+)"?\s*$/i.exec(p)?.[1]).find(Boolean);
  return {type: type.trim().toLowerCase(), charset: charset?.toLowerCase() ?? null};
}

/**
 * Reads a request's body as UTF-8 text, stopping past `limit` bytes.
 * @param {Request} request
 * @param {number} limit
 * @returns {Promise<{text: string, bytes: number} | {tooLarge: number | null}>} `tooLarge`: the declared length, if any
 */
async function readBody(request, limit) {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) return {tooLarge: declared};
  if (!request.body) return {text: '', bytes: 0};
  const reader = request.body.getReader();
  /** @type {Uint8Array[]} */
  const chunks = [];
  let bytes = 0;
  for (;;) {
    const {done, value} = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (bytes > limit) {
      await reader.cancel();
      return {tooLarge: null};
    }
    chunks.push(value);
  }
  const all = new Uint8Array(bytes);
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.byteLength;
  }
  // As the validator page reads a file: UTF-8, a byte order mark dropped, undecodable bytes as U+FFFD (which the
  // validator's engine then reports as binary data).
  return {text: new TextDecoder('utf-8').decode(all), bytes};
}

const megabytes = (/** @type {number} */ bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The path of a template with the given parameter values (each encoded as one path segment). */
function fill(/** @type {string} */ template, /** @type {Record<string, string>} */ values) {
  return `/${segmentsOf(template)
    .map((segment) => {
      const name = paramOf(segment);
      return name === null ? segment : encodeURIComponent(values[name]);
    })
    .join('/')}`;
}

/**
 * The operation a path and method name, or why there is none: the template that matches the path with the most literal
 * segments first (as OpenAPI orders concrete paths before templated ones).
 * @param {SandboxApi} api
 * @param {string} method
 * @param {string} path the request's path under the API, still percent-encoded
 * @returns {{operation: SandboxOperation, params: Record<string, string>} | {allowed: string[]} | null}
 */
function route(api, method, path) {
  const raw = segmentsOf(path);
  /** @type {string[]} */
  let segments;
  try {
    segments = raw.map((s) => decodeURIComponent(s));
  } catch {
    return null;
  }
  if (segments.some((s) => s === '')) return null;
  const templates = [...new Set(api.operations.map((o) => o.path))];
  const matches = templates
    .map((template) => {
      const parts = segmentsOf(template);
      if (parts.length !== segments.length) return null;
      /** @type {Record<string, string>} */
      const params = {};
      for (let i = 0; i < parts.length; i++) {
        const name = paramOf(parts[i]);
        if (name !== null) params[name] = segments[i];
        else if (parts[i] !== segments[i]) return null;
      }
      return {template, params, literal: parts.map((p) => (paramOf(p) === null ? 1 : 0))};
    })
    .filter((m) => m !== null)
    .sort((a, b) => {
      for (let i = 0; i < a.literal.length; i++) if (a.literal[i] !== b.literal[i]) return b.literal[i] - a.literal[i];
      return 0;
    });
  const best = matches[0];
  if (!best) return null;
  const operation = api.operations.find((o) => o.path === best.template && o.method === method);
  if (!operation) return {allowed: api.operations.filter((o) => o.path === best.template).map((o) => o.method)};
  return {operation, params: best.params};
}

/**
 * The sandbox: `handle` answers a request under `base`, `owns` tells whether a URL is one it answers.
 * @param {SandboxOptions} options
 */
export function createSandbox({apis, store, base = '/', newId = () => crypto.randomUUID(), now = () => new Date(), onVerdict}) {
  const byId = new Map(apis.map((api) => [api.id, api]));
  // One request at a time changes the store: a read, a check and a write of one request are not interleaved with another's.
  let queue = Promise.resolve();
  /** @type {<T>(task: () => Promise<T>) => Promise<T>} */
  const serially = (task) => {
    const run = queue.then(task);
    queue = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  };

  /** The API version a URL's path names, and the path under it; null when the URL is not the sandbox's. */
  const locate = (/** @type {URL} */ url) => {
    if (!url.pathname.startsWith(base)) return null;
    const rest = url.pathname.slice(base.length);
    const slash = rest.indexOf('/');
    if (slash <= 0) return null;
    const api = byId.get(rest.slice(0, slash));
    return api ? {api, path: rest.slice(slash)} : null;
  };

  /** @param {URL} url */
  const owns = (url) => locate(url) !== null;

  /** @param {Request} request */
  async function handle(request) {
    const url = new URL(request.url);
    const method = request.method.toUpperCase();
    /** @type {string | null} */
    let operationId = null;
    /** @type {Response} */
    let response;
    try {
      const located = locate(url);
      if (!located) {
        throw new Refusal(
          404,
          'NO_SUCH_API',
          `The sandbox answers ${listWords(apis.map((a) => code(`${base}${a.id}/…`)))}; ${code(url.pathname)} is none of them.`,
        );
      }
      const {api, path} = located;
      const found = route(api, method, path);
      if (found === null) {
        throw new Refusal(404, 'NO_SUCH_OPERATION', `No operation of the ${api.title} ${api.version} has the path ${code(path)}.`);
      }
      if ('allowed' in found) {
        throw new Refusal(
          405,
          'METHOD_NOT_ALLOWED',
          `${code(path)} has no ${method} operation in the ${api.title} ${api.version}; it takes ${listWords(found.allowed)}.`,
          {Allow: found.allowed.join(', ')},
        );
      }
      operationId = found.operation.operationId;
      response = await answer(api, found.operation, found.params, request, url);
    } catch (error) {
      response = refusalResponse(
        error instanceof Refusal
          ? error
          : new Refusal(
              500,
              'SANDBOX_ERROR',
              `The sandbox failed on this request: ${error instanceof Error ? error.message : String(error)}.`,
            ),
      );
    }
    if (onVerdict) {
      let problem = null;
      if (response.status >= 400) {
        try {
          const body = await response.clone().json();
          problem = String(body.description ?? '').split('\n')[0];
        } catch {
          problem = null;
        }
      }
      onVerdict({method, path: `${url.pathname}${url.search}`, status: response.status, operationId, problem});
    }
    return response;
  }

  /**
   * @param {SandboxApi} api
   * @param {SandboxOperation} op
   * @param {Record<string, string>} params the path parameters
   * @param {Request} request
   * @param {URL} url
   */
  async function answer(api, op, params, request, url) {
    // Headers, as the operation declares them.
    /** @type {'json' | 'xml' | null} */
    let bodyForm = null;
    for (const parameter of op.parameters.filter((p) => p.in === 'header')) {
      const name = parameter.name.toLowerCase();
      if (name === 'accept') continue;
      const value = request.headers.get(parameter.name)?.trim() ?? '';
      if (value === '') {
        if (parameter.required) throw missingHeader(api, op, parameter.name);
        continue;
      }
      if (name === 'content-type') {
        const {type, charset} = mediaTypeOf(value);
        const allowed = op.requestBody?.mediaTypes ?? parameter.enum ?? [];
        if (!allowed.includes(type))
          throw new Refusal(
            400,
            'UNSUPPORTED_MEDIA_TYPE',
            `${code(`Content-Type: ${value}`)} is not a format this operation takes: it takes ${listWords(allowed.map(code))}.`,
          );
        if (charset && charset !== 'utf-8')
          throw new Refusal(
            400,
            'UNSUPPORTED_MEDIA_TYPE',
            `The sandbox reads bodies as UTF-8; ${code(`charset=${charset}`)} is not supported.`,
          );
        bodyForm = type === xmlType ? 'xml' : 'json';
      } else if (name === 'setuversionid') {
        if (!api.versions.includes(value)) {
          throw new Refusal(
            400,
            'UNSUPPORTED_VERSION',
            `${code(`setuVersionId: ${value}`)} is not a version the ${api.title} ${api.version} carries: it takes ${listWords(api.versions.map(code))}` +
              `${api.versions.length > 1 ? ` (its own version, and the example value of its specification)` : ''}.`,
          );
        }
      } else if (parameter.enum && !parameter.enum.includes(value)) {
        throw new Refusal(
          400,
          'INVALID_HEADER',
          `${code(`${parameter.name}: ${value}`)} is not allowed: the header takes ${listWords(parameter.enum.map(code))}.`,
        );
      }
    }
    if (op.requestBody && bodyForm === null) {
      const given = request.headers.get('content-type');
      if (!given) throw missingHeader(api, op, 'Content-Type');
      const {type} = mediaTypeOf(given);
      if (!op.requestBody.mediaTypes.includes(type))
        throw new Refusal(
          400,
          'UNSUPPORTED_MEDIA_TYPE',
          `${code(`Content-Type: ${given}`)} is not a format this operation takes: it takes ${listWords(op.requestBody.mediaTypes.map(code))}.`,
        );
      bodyForm = type === xmlType ? 'xml' : 'json';
    }
    for (const parameter of op.parameters.filter((p) => p.in === 'query' && p.required)) {
      if (!url.searchParams.get(parameter.name)) {
        throw new Refusal(
          400,
          'MISSING_PARAMETER',
          `The query parameter ${code(parameter.name)} is required${parameter.example ? `, e.g. ${code(`?${parameter.name}=${parameter.example}`)}` : ''}.`,
        );
      }
    }

    /** @type {string | null} */
    let text = null;
    if (op.requestBody) {
      const body = await readBody(request, maxBodyBytes);
      if ('tooLarge' in body) {
        throw new Refusal(
          413,
          'PAYLOAD_TOO_LARGE',
          `The body is ${body.tooLarge ? megabytes(body.tooLarge) : `over ${megabytes(maxBodyBytes)}`}; the sandbox takes bodies of up to ${megabytes(maxBodyBytes)}.`,
        );
      }
      text = body.text;
      if (text.trim() === '')
        throw new Refusal(400, 'EMPTY_BODY', `The body is empty; this operation takes a ${op.requestBody.schema} message.`);
    }

    const context = {api, op, params, request, url, text, form: bodyForm ?? 'json'};
    return serially(() => perform(context));
  }

  /**
   * @typedef {object} Context
   * @property {SandboxApi} api
   * @property {SandboxOperation} op
   * @property {Record<string, string>} params
   * @property {Request} request
   * @property {URL} url
   * @property {string | null} text the request body
   * @property {'json' | 'xml'} form the body's form by its Content-Type
   */

  /** @param {Context} c */
  async function perform(c) {
    const {api, op, params} = c;
    const resourcePath = op.kind === 'create-in-collection' ? null : fill(op.resource, params);
    const at = (/** @type {string} */ path) => keyOf({api: api.id, path});
    const stamp = now().toISOString();
    const accept = c.request.headers.get('accept');
    const requestPath = fill(op.path, params);
    /** Checks the body and stores its message at `path`, as created when the one it replaces was. */
    const storeBody = async (/** @type {string} */ path, /** @type {StoredResource | undefined} */ existing) => {
      const body = checkBody(api, op, /** @type {string} */ (c.text), c.form);
      /** @type {StoredResource} */
      const resource = {
        api: api.id,
        path,
        template: op.resource,
        schema: op.schema,
        form: c.form,
        message: body.message,
        text: body.text,
        created: existing?.created ?? stamp,
        updated: stamp,
      };
      await store.put(at(path), resource);
      return resource;
    };

    switch (op.kind) {
      case 'create':
      case 'create-in-collection': {
        let path = /** @type {string} */ (resourcePath);
        if (op.kind === 'create-in-collection') {
          const last = /** @type {string} */ (paramOf(/** @type {string} */ (segmentsOf(op.resource).at(-1))));
          path = fill(op.resource, {...params, [last]: newId()});
        }
        const existing = await store.get(at(path));
        const replaces = existing !== undefined && op.responses.some((r) => r.status === 200);
        if (existing && !replaces) {
          throw new Refusal(
            400,
            'RESOURCE_EXISTS',
            `A ${existing.schema} is already stored at ${code(path)}: a create takes a new id (see Identifiers in the usage notes). ` +
              `Replace it with PUT ${code(path)}, or delete it first.`,
          );
        }
        const resource = await storeBody(path, existing);
        return success(c, pick(op, replaces ? 200 : 201), {resource, path, accept});
      }
      case 'read': {
        const resource = await held(api, op, /** @type {string} */ (resourcePath));
        return success(c, pick(op, 200), {resource, path: resource.path, accept});
      }
      case 'replace': {
        const path = /** @type {string} */ (resourcePath);
        const existing = await store.get(at(path));
        const creates = !existing && op.responses.some((r) => r.status === 201);
        if (!existing && !creates) throw notHeld(api, op, path);
        const resource = await storeBody(path, existing);
        return success(c, pick(op, creates ? 201 : 200), {resource, path, accept});
      }
      case 'delete': {
        const resource = await held(api, op, /** @type {string} */ (resourcePath));
        await store.delete(at(resource.path));
        return success(c, pick(op, 204), {resource, path: resource.path, accept});
      }
      case 'add-lines':
      case 'read-line':
      case 'replace-line':
      case 'delete-line':
        return lines(c, at, stamp, accept, await held(api, op, /** @type {string} */ (resourcePath)), requestPath);
      case 'list-related': {
        const parent = await held(api, op, /** @type {string} */ (resourcePath));
        const documentId = isObject(parent.message) ? /** @type {any} */ (parent.message).documentId : undefined;
        const items = (await store.all())
          .filter((r) => r.api === api.id && r.schema === op.schema && refersTo(r.message, documentId))
          .sort((a, b) => a.created.localeCompare(b.created));
        return success(c, pick(op, 200), {list: items.map((r) => r.message), path: /** @type {string} */ (resourcePath), accept});
      }
      case 'list-matching': {
        const wanted = op.parameters
          .filter((p) => p.in === 'query' && p.required)
          .map((p) => /** @type {string} */ (c.url.searchParams.get(p.name)));
        const items = (await store.all())
          .filter((r) => r.api === api.id && r.schema === op.schema && wanted.every((v) => holdsValue(r.message, v)))
          .sort((a, b) => a.created.localeCompare(b.created));
        return success(c, pick(op, 200), {list: items.map((r) => r.message), path: op.path, accept});
      }
      default:
        throw new Error(`no handler for the kind ${op.kind}`);
    }
  }

  /**
   * The operations on lines: they act on the list properties of the stored message that hold lines.
   * @param {Context} c
   * @param {(path: string) => string} at
   * @param {string} stamp
   * @param {string | null} accept
   * @param {StoredResource} parent
   * @param {string} requestPath the path of the request under the API
   */
  async function lines(c, at, stamp, accept, parent, requestPath) {
    const {api, op, params} = c;
    const resource = api.resources.find((r) => r.template === op.resource);
    if (!resource || !isObject(parent.message)) throw new Error(`${parent.path} holds no lines`);
    const message = /** @type {Record<string, unknown>} */ (parent.message);
    const lineId = op.lineParam ? params[op.lineParam] : null;
    const idOf = (/** @type {string} */ property, /** @type {unknown} */ line) =>
      isObject(line) ? String(/** @type {any} */ (line)[resource.lines[property].id]?.value ?? '') : '';
    /** Where the line with an id is in the message. */
    const find = (/** @type {string} */ id) => {
      for (const property of Object.keys(resource.lines)) {
        const list = message[property];
        if (!Array.isArray(list)) continue;
        const index = list.findIndex((line) => idOf(property, line) === id);
        if (index >= 0) return {property, index, line: list[index]};
      }
      return null;
    };
    const lineWord = `line ${code(/** @type {string} */ (lineId))}`;
    const missing = () =>
      new Refusal(404, 'NOT_FOUND', `The ${parent.schema} at ${code(parent.path)} holds no ${lineWord} in the sandbox.`);
    /** The lines of a line body, with their list property and id. */
    const linesOf = (/** @type {unknown} */ body) =>
      Object.entries(isObject(body) ? /** @type {Record<string, unknown>} */ (body) : {}).flatMap(([property, list]) =>
        Array.isArray(list) && resource.lines[property] ? list.map((line) => ({property, line, id: idOf(property, line)})) : [],
      );
    const save = async () => {
      await store.put(at(parent.path), {...parent, message, updated: stamp});
    };
    const lineOf = (/** @type {string} */ property, /** @type {string} */ id) =>
      fill(resource.lines[property].template ?? '', {
        ...params,
        [/** @type {string} */ (paramOf(/** @type {string} */ (segmentsOf(resource.lines[property].template ?? '').at(-1))))]: id,
      });

    if (op.kind === 'read-line' || op.kind === 'delete-line') {
      const found = find(/** @type {string} */ (lineId));
      if (!found) throw missing();
      if (op.kind === 'delete-line') {
        const list = /** @type {unknown[]} */ (message[found.property]);
        list.splice(found.index, 1);
        if (list.length === 0) delete message[found.property];
        await save();
      }
      return success(c, pick(op, op.kind === 'read-line' ? 200 : 204), {
        line: {[found.property]: [found.line]},
        path: requestPath,
        accept,
      });
    }

    // The line a replacement addresses must be there before its body matters.
    const replaced = op.kind === 'replace-line' ? find(/** @type {string} */ (lineId)) : null;
    if (op.kind === 'replace-line' && !replaced) throw missing();
    const body = checkBody(api, op, /** @type {string} */ (c.text), c.form);
    const added = linesOf(body.message);
    const ids = added.map((l) => l.id);
    const twice = ids.find((id, i) => ids.indexOf(id) !== i);
    if (twice !== undefined)
      throw new Refusal(400, 'LINE_EXISTS', `The body holds the line ${code(twice)} twice; a line's id is unique within its message.`);
    if (lineId !== null && !ids.includes(lineId)) {
      throw new Refusal(
        400,
        'LINE_MISMATCH',
        `The path names the ${lineWord}, but the body holds ${ids.length ? `the line${ids.length > 1 ? 's' : ''} ${listWords(ids.map(code))}` : 'no line'}: ` +
          'the sandbox finds a line by its identifier, so the body carries the line its path names.',
      );
    }

    if (replaced) {
      const found = replaced;
      const clash = added.find((l) => l.id !== lineId && find(l.id));
      if (clash) throw lineExists(parent, clash.id);
      /** @type {unknown[]} */ (message[found.property]).splice(found.index, 1);
      for (const l of added) {
        const list = /** @type {unknown[]} */ (message[l.property] ??= []);
        if (l.property === found.property && l.id === lineId) list.splice(found.index, 0, l.line);
        else list.push(l.line);
      }
      if (/** @type {unknown[]} */ (message[found.property]).length === 0) delete message[found.property];
      await save();
      return success(c, pick(op, 200), {line: body.message, path: requestPath, accept});
    }

    // add-lines
    const clash = added.find((l) => find(l.id));
    if (clash) throw lineExists(parent, clash.id);
    for (const l of added) /** @type {unknown[]} */ (message[l.property] ??= []).push(l.line);
    await save();
    const first = added.find((l) => l.id === lineId) ?? added[0];
    return success(c, pick(op, 201), {line: body.message, path: first ? lineOf(first.property, first.id) : parent.path, accept});
  }

  /**
   * Checks a request body as the validator page checks it and returns its message model; a refusal says why not.
   * @param {SandboxApi} api
   * @param {SandboxOperation} op
   * @param {string} text
   * @param {'json' | 'xml'} form
   * @returns {{message: unknown, text: string | null}}
   */
  function checkBody(api, op, text, form) {
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
      throw new Refusal(
        400,
        'INVALID_BODY',
        `The body is a list of ${result.stats.items} messages; this operation takes one ${type.name}.`,
      );
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

  /** The stored resource at a path, or a 404 that says none is. */
  async function held(/** @type {SandboxApi} */ api, /** @type {SandboxOperation} */ op, /** @type {string} */ path) {
    const resource = await store.get(keyOf({api: api.id, path}));
    if (!resource) throw notHeld(api, op, path);
    return resource;
  }

  /**
   * The success answer: the status the operation declares, its headers, and its body where it declares one, in the
   * form the client accepts.
   * @param {Context} c
   * @param {SandboxResponse} response
   * @param {{resource?: StoredResource, line?: unknown, list?: unknown[], path: string, accept: string | null}} what
   */
  function success(c, response, what) {
    const {api} = c;
    const location = `${base}${api.id}${what.path}`;
    /** @type {Record<string, string>} */
    const headers = {};
    for (const header of response.headers) {
      const name = header.toLowerCase();
      if (name === 'location') headers.Location = location;
      else if (name === 'content-location') headers['Content-Location'] = new URL(location, c.url).href;
      else if (name === 'date') headers.Date = now().toUTCString();
    }
    const body = response.body;
    if (!body) return new Response(null, {status: response.status, headers});

    /** @type {{json: (() => string) | null, xml: (() => string | null) | null}} */
    let forms = {json: null, xml: null};
    if (body.link) {
      const value = {[body.link]: new URL(location, c.url).href};
      const schema = /** @type {string} */ (body.schema);
      forms = {json: () => JSON.stringify(value, null, 2), xml: () => toXml(api, schema, value)};
    } else if (body.list) {
      const {schema, xmlName} = body.list;
      const list = what.list ?? [];
      forms = {json: () => JSON.stringify(list, null, 2), xml: xmlName ? () => listToXml(api, schema, xmlName, list) : null};
    } else if (what.line !== undefined) {
      const schema = /** @type {string} */ (body.schema);
      forms = {json: () => JSON.stringify(what.line, null, 2), xml: () => toXml(api, schema, what.line)};
    } else if (what.resource) {
      const resource = what.resource;
      if (resource.message === null) forms = {json: null, xml: () => resource.text};
      else if (resource.text === null && messageTypeOf(api, resource.schema))
        forms = {json: () => JSON.stringify(resource.message, null, 2), xml: () => toXml(api, resource.schema, resource.message)};
      else forms = {json: () => JSON.stringify(resource.message, null, 2), xml: null};
    }
    /** @type {Record<'json' | 'xml', string | null>} */
    const made = {json: null, xml: null};
    /** @type {('json' | 'xml')[]} */
    const available = [];
    if (forms.json && body.mediaTypes.includes(jsonType)) {
      made.json = forms.json();
      available.push('json');
    }
    if (forms.xml && body.mediaTypes.includes(xmlType)) {
      made.xml = forms.xml();
      if (made.xml !== null) available.push('xml');
    }
    const chosen = negotiate(what.accept, available);
    if (!chosen) {
      throw new Refusal(
        406,
        'NOT_ACCEPTABLE',
        `${code(`Accept: ${what.accept}`)} names no form this answer has: ${available.length ? listWords(available.map((f) => code(f === 'json' ? jsonType : xmlType))) : 'none'}.`,
      );
    }
    headers['Content-Type'] = `${chosen === 'json' ? jsonType : xmlType}; charset=utf-8`;
    return new Response(made[chosen], {status: response.status, headers});
  }

  return {handle, owns};
}

/** The success response of an operation with the status wanted, else the nearest it declares (its first). */
function pick(/** @type {SandboxOperation} */ op, /** @type {number} */ wanted) {
  return op.responses.find((r) => r.status === wanted) ?? op.responses[0];
}

/** SETU's error object as a response. */
function refusalResponse(/** @type {Refusal} */ refusal) {
  return new Response(`${JSON.stringify({code: refusal.code, description: refusal.message}, null, 2)}\n`, {
    status: refusal.status,
    headers: {'Content-Type': `${jsonType}; charset=utf-8`, ...refusal.headers},
  });
}

function missingHeader(/** @type {SandboxApi} */ api, /** @type {SandboxOperation} */ op, /** @type {string} */ name) {
  const lower = name.toLowerCase();
  const why =
    lower === 'setuversionid'
      ? ` Every write names the SETU version of the message in its body; the ${api.title} ${api.version} takes ${listWords(api.versions.map((v) => code(`setuVersionId: ${v}`)))}.`
      : lower === 'content-type'
        ? ` It says which form the body is in: ${listWords((op.requestBody?.mediaTypes ?? op.parameters.find((p) => p.name.toLowerCase() === 'content-type')?.enum ?? []).map(code))}.`
        : '';
  return new Refusal(400, 'MISSING_HEADER', `The header ${code(name)} is required by ${op.operationId}.${why}`);
}

function notHeld(/** @type {SandboxApi} */ api, /** @type {SandboxOperation} */ op, /** @type {string} */ path) {
  const schema = api.resources.find((r) => r.template === op.resource)?.schema ?? op.schema;
  return new Refusal(404, 'NOT_FOUND', `No ${schema} is stored at ${code(path)} in the sandbox of the ${api.title} ${api.version}.`);
}

function lineExists(/** @type {StoredResource} */ parent, /** @type {string} */ id) {
  return new Refusal(
    400,
    'LINE_EXISTS',
    `The ${parent.schema} at ${code(parent.path)} already holds the line ${code(id)}; a line's id is unique within its message. Replace it with PUT on the line's path, or give the new line another id.`,
  );
}

/** Whether a message refers, anywhere below its top level, to a document with the given documentId. */
function refersTo(/** @type {unknown} */ message, /** @type {unknown} */ documentId) {
  if (!isObject(documentId) || typeof (/** @type {any} */ (documentId).value) !== 'string') return false;
  const {value, schemeAgencyId} = /** @type {any} */ (documentId);
  /** @type {unknown[]} */
  const stack = isObject(message)
    ? Object.entries(/** @type {object} */ (message))
        .filter(([k]) => k !== 'documentId')
        .map(([, v]) => v)
    : [];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) stack.push(...node);
    else if (isObject(node)) {
      const reference = /** @type {any} */ (node).documentId;
      if (
        isObject(reference) &&
        reference.value === value &&
        (!reference.schemeAgencyId || !schemeAgencyId || reference.schemeAgencyId === schemeAgencyId)
      )
        return true;
      stack.push(...Object.values(/** @type {object} */ (node)));
    }
  }
  return false;
}

/** Whether a message holds an identifier (an object with a `value`) with the given value. */
function holdsValue(/** @type {unknown} */ message, /** @type {string} */ wanted) {
  /** @type {unknown[]} */
  const stack = [message];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) stack.push(...node);
    else if (isObject(node)) {
      if (/** @type {any} */ (node).value === wanted) return true;
      stack.push(...Object.values(/** @type {object} */ (node)));
    }
  }
  return false;
}
