// The operations on lines (an allowance under a timecard, a planning line under a request): they act on the list
// properties of the stored message that hold lines (operations.mjs names them and each line's identifier), finding a
// line by its identifier, as a real server holds lines as part of their message.
import {paramOf, segmentsOf} from './path-template.mjs';
import {fill} from './route.mjs';
import {checkBody} from './body.mjs';
import {pick, success} from './answers.mjs';
import {Refusal, code, isObject, lineExists, listWords} from './refusals.mjs';

/** @typedef {import('./store.mjs').StoredResource} StoredResource */
/** @typedef {import('./resources.mjs').Step} Step */
/** @typedef {ReturnType<typeof linesIn>} MessageLines */

/**
 * Performs an operation on the lines of the stored message `parent` and answers it.
 * @param {Step} s
 * @param {StoredResource} parent
 * @returns {Promise<Response>}
 */
export async function lines(s, parent) {
  const held = linesIn(s, parent);
  switch (s.op.kind) {
    case 'read-line':
    case 'delete-line':
      return readOrDeleteLine(s, held);
    case 'replace-line':
      return replaceLine(s, held);
    default:
      return addLines(s, held);
  }
}

/** The lines of a stored message, as the operation's resource names them, and how to find, answer and save them. */
function linesIn(/** @type {Step} */ s, /** @type {StoredResource} */ parent) {
  const {api, op, params, store, at, stamp} = s;
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
  const missing = () => new Refusal(404, 'NOT_FOUND', `The ${parent.schema} at ${code(parent.path)} holds no ${lineWord} in the sandbox.`);
  /** The lines of a line body, with their list property and id. */
  const linesOf = (/** @type {unknown} */ body) =>
    Object.entries(isObject(body) ? /** @type {Record<string, unknown>} */ (body) : {}).flatMap(([property, list]) =>
      Array.isArray(list) && resource.lines[property] ? list.map((line) => ({property, line, id: idOf(property, line)})) : [],
    );
  const save = async () => {
    await store.put(at(parent.path), {...parent, message, updated: stamp});
  };
  /** The path of a line of the message. */
  const lineOf = (/** @type {string} */ property, /** @type {string} */ id) =>
    fill(resource.lines[property].template ?? '', {
      ...params,
      [/** @type {string} */ (paramOf(/** @type {string} */ (segmentsOf(resource.lines[property].template ?? '').at(-1))))]: id,
    });
  return {parent, message, lineId, lineWord, find, missing, linesOf, save, lineOf};
}

async function readOrDeleteLine(/** @type {Step} */ s, /** @type {MessageLines} */ held) {
  const {op} = s;
  const found = held.find(/** @type {string} */ (held.lineId));
  if (!found) throw held.missing();
  if (op.kind === 'delete-line') {
    const list = /** @type {unknown[]} */ (held.message[found.property]);
    list.splice(found.index, 1);
    if (list.length === 0) delete held.message[found.property];
    await held.save();
  }
  return success(s, pick(op, op.kind === 'read-line' ? 200 : 204), {
    line: {[found.property]: [found.line]},
    path: s.requestPath,
    accept: s.accept,
  });
}

async function replaceLine(/** @type {Step} */ s, /** @type {MessageLines} */ held) {
  const {message, lineId} = held;
  // The line a replacement addresses must be there before its body matters.
  const found = held.find(/** @type {string} */ (lineId));
  if (!found) throw held.missing();
  const {body, added} = bodyLines(s, held);
  const clash = added.find((l) => l.id !== lineId && held.find(l.id));
  if (clash) throw lineExists(held.parent, clash.id);
  /** @type {unknown[]} */ (message[found.property]).splice(found.index, 1);
  for (const l of added) {
    const list = /** @type {unknown[]} */ (message[l.property] ??= []);
    if (l.property === found.property && l.id === lineId) list.splice(found.index, 0, l.line);
    else list.push(l.line);
  }
  if (/** @type {unknown[]} */ (message[found.property]).length === 0) delete message[found.property];
  await held.save();
  return success(s, pick(s.op, 200), {line: body.message, path: s.requestPath, accept: s.accept});
}

async function addLines(/** @type {Step} */ s, /** @type {MessageLines} */ held) {
  const {body, added} = bodyLines(s, held);
  const clash = added.find((l) => held.find(l.id));
  if (clash) throw lineExists(held.parent, clash.id);
  for (const l of added) /** @type {unknown[]} */ (held.message[l.property] ??= []).push(l.line);
  await held.save();
  const first = added.find((l) => l.id === held.lineId) ?? added[0];
  return success(s, pick(s.op, 201), {
    line: body.message,
    path: first ? held.lineOf(first.property, first.id) : held.parent.path,
    accept: s.accept,
  });
}

/** The body checked as a line body, and its lines: each id once, and the line the path names among them. */
function bodyLines(/** @type {Step} */ s, /** @type {MessageLines} */ held) {
  const {lineId} = held;
  const body = checkBody(s.api, s.op, /** @type {string} */ (s.text), s.form, s.findings);
  const added = held.linesOf(body.message);
  const ids = added.map((l) => l.id);
  const twice = ids.find((id, i) => ids.indexOf(id) !== i);
  if (twice !== undefined)
    throw new Refusal(400, 'LINE_EXISTS', `The body holds the line ${code(twice)} twice; a line's id is unique within its message.`);
  if (lineId !== null && !ids.includes(lineId)) {
    throw new Refusal(
      400,
      'LINE_MISMATCH',
      `The path names the ${held.lineWord}, but the body holds ${ids.length ? `the line${ids.length > 1 ? 's' : ''} ${listWords(ids.map(code))}` : 'no line'}: ` +
        'the sandbox finds a line by its identifier, so the body carries the line its path names.',
    );
  }
  return {body, added};
}
