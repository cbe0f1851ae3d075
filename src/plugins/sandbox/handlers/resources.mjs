// What an operation does to the stored resources, by its kind (operations.mjs derives the kind from the spec): create,
// read, replace and delete a message, list the stored messages that refer to one or hold a value, and, in lines.mjs,
// the operations on the lines inside a message. Each ends in the success answer (answers.mjs) or throws a refusal.
// handler.mjs runs one at a time, so that a read, a check and a write of one request are not interleaved with another's.
import {keyOf} from './store.mjs';
import {paramOf, segmentsOf} from './path-template.mjs';
import {fill} from './route.mjs';
import {checkBody} from './body.mjs';
import {pick, success} from './answers.mjs';
import {Refusal, code, isObject, notHeld} from './refusals.mjs';
import {lines} from './lines.mjs';
import {documentReferences} from './document-references.mjs';

/** @typedef {import('./store.mjs').StoredResource} StoredResource */
/** @typedef {import('./handler.mjs').Context} Context */

/**
 * A request being performed: its context, with what the operations of every kind derive from it.
 * @typedef {Context & {
 *   resourcePath: string | null,
 *   at: (path: string) => string,
 *   stamp: string,
 *   accept: string | null,
 *   requestPath: string,
 * }} Step
 * `resourcePath`: the path of the message the operation acts on (null for a create whose id the sandbox chooses);
 * `at`: a path's key in the store; `stamp`: the time of the request (ISO); `requestPath`: the request's path under the API.
 */

/**
 * Performs an operation on the store and answers it.
 * @param {Context} c
 * @returns {Promise<Response>}
 */
export async function perform(c) {
  const {api, op, params} = c;
  /** @type {Step} */
  const step = {
    ...c,
    resourcePath: op.kind === 'create-in-collection' ? null : fill(op.resource, params),
    at: (path) => keyOf({api: api.id, path}),
    stamp: c.now().toISOString(),
    accept: c.request.headers.get('accept'),
    requestPath: fill(op.path, params),
  };
  switch (op.kind) {
    case 'create':
    case 'create-in-collection':
      return create(step);
    case 'read':
      return read(step);
    case 'replace':
      return replace(step);
    case 'delete':
      return remove(step);
    case 'add-lines':
    case 'read-line':
    case 'replace-line':
    case 'delete-line':
      return lines(step, await held(step, /** @type {string} */ (step.resourcePath)));
    case 'list-related':
      return listRelated(step);
    case 'list-matching':
      return listMatching(step);
    default:
      throw new Error(`no handler for the kind ${op.kind}`);
  }
}

/** A create (POST): at the id of its path, or at a new id in a collection; refused where a message is stored there. */
async function create(/** @type {Step} */ s) {
  const {op, params, store, at, accept} = s;
  let path = /** @type {string} */ (s.resourcePath);
  if (op.kind === 'create-in-collection') {
    const last = /** @type {string} */ (paramOf(/** @type {string} */ (segmentsOf(op.resource).at(-1))));
    path = fill(op.resource, {...params, [last]: s.newId()});
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
  const resource = await storeBody(s, path, existing);
  return success(s, pick(op, replaces ? 200 : 201), {resource, path, accept});
}

async function read(/** @type {Step} */ s) {
  const resource = await held(s, /** @type {string} */ (s.resourcePath));
  return success(s, pick(s.op, 200), {resource, path: resource.path, accept: s.accept});
}

/** A replacement (PUT) of the whole message; it creates one only where the operation declares 201. */
async function replace(/** @type {Step} */ s) {
  const {api, op, store, at, accept} = s;
  const path = /** @type {string} */ (s.resourcePath);
  const existing = await store.get(at(path));
  const creates = !existing && op.responses.some((r) => r.status === 201);
  if (!existing && !creates) throw notHeld(api, op, path);
  const resource = await storeBody(s, path, existing);
  return success(s, pick(op, creates ? 201 : 200), {resource, path, accept});
}

async function remove(/** @type {Step} */ s) {
  const resource = await held(s, /** @type {string} */ (s.resourcePath));
  await s.store.delete(s.at(resource.path));
  return success(s, pick(s.op, 204), {resource, path: resource.path, accept: s.accept});
}

/** The stored messages of the operation's schema that refer to the message at its path, oldest first. */
async function listRelated(/** @type {Step} */ s) {
  const {api, op, store, accept} = s;
  const parent = await held(s, /** @type {string} */ (s.resourcePath));
  const documentId = isObject(parent.message) ? /** @type {any} */ (parent.message).documentId : undefined;
  const items = (await store.all())
    .filter((r) => r.api === api.id && r.schema === op.schema && refersTo(r.message, documentId))
    .sort((a, b) => a.created.localeCompare(b.created));
  return success(s, pick(op, 200), {list: items.map((r) => r.message), path: /** @type {string} */ (s.resourcePath), accept});
}

/** The stored messages of the operation's schema that hold the value of each required query parameter, oldest first. */
async function listMatching(/** @type {Step} */ s) {
  const {api, op, store, accept} = s;
  const wanted = op.parameters
    .filter((p) => p.in === 'query' && p.required)
    .map((p) => /** @type {string} */ (s.url.searchParams.get(p.name)));
  const items = (await store.all())
    .filter((r) => r.api === api.id && r.schema === op.schema && wanted.every((v) => holdsValue(r.message, v)))
    .sort((a, b) => a.created.localeCompare(b.created));
  return success(s, pick(op, 200), {list: items.map((r) => r.message), path: op.path, accept});
}

/**
 * Checks the body and stores its message at `path`, as created when the one it replaces was.
 * @param {Step} s
 * @param {string} path
 * @param {StoredResource | undefined} existing
 */
async function storeBody(s, path, existing) {
  const {api, op, stamp} = s;
  const body = checkBody(api, op, /** @type {string} */ (s.text), s.form, s.findings);
  /** @type {StoredResource} */
  const resource = {
    api: api.id,
    path,
    template: op.resource,
    schema: op.schema,
    form: s.form,
    message: body.message,
    text: body.text,
    created: existing?.created ?? stamp,
    updated: stamp,
  };
  await s.store.put(s.at(path), resource);
  return resource;
}

/** The stored resource at a path, or a 404 that says none is. */
async function held(/** @type {Step} */ s, /** @type {string} */ path) {
  const resource = await s.store.get(keyOf({api: s.api.id, path}));
  if (!resource) throw notHeld(s.api, s.op, path);
  return resource;
}

/** Whether a message refers, anywhere below its top level, to a document with the given documentId. */
function refersTo(/** @type {unknown} */ message, /** @type {unknown} */ documentId) {
  if (!isObject(documentId) || typeof (/** @type {any} */ (documentId).value) !== 'string') return false;
  const {value, schemeAgencyId} = /** @type {any} */ (documentId);
  for (const reference of documentReferences(message))
    if (reference.value === value && (!reference.schemeAgencyId || !schemeAgencyId || reference.schemeAgencyId === schemeAgencyId))
      return true;
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
