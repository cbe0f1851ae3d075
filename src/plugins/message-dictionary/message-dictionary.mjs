// What the message dictionary knows, computed from the registry (src/data/apis.json), specs/ and
// src/data/message-changes/: the dictionary messages of each API version, their fields, examples and XML form, and
// the field-by-field changes between versions of a standard. src/plugins/message-dictionary/generate.mjs renders it; the unit tests
// check it against the specs.
import fs from 'node:fs';
import path from 'node:path';
import {root} from '../../build/paths.mjs';
import {apis} from '../../data/registry.mjs';
import {deref, operationsOf, readSpec} from '../../build/specs.mjs';
import {fieldsOf, resolveField} from '../../build/message-fields.mjs';
import {componentNameOf} from '../../spec-refs.mjs';
import {xmlFormOf} from '../../build/xml-forms.mjs';
import {specXmlFormOf, xsdFactsFor} from '../../build/published-forms.mjs';

/** @typedef {import('../../data/registry.mjs').ApiVersion} ApiVersion */
/** @typedef {{name: string, minOccurs: number, maxOccurs: number | 'unbounded', datatype?: string}} XsdElement */

const changesDir = path.join(root, 'src', 'data', 'message-changes');

/** The API versions the dictionary documents: those with a `standardSlug` and a spec in specs/. */
export const dictionaryApis = () => apis.filter((api) => api.standardSlug && fs.existsSync(path.join(root, 'specs', api.specFile)));

/**
 * The dictionary messages of an API version: its message types (`messageTypes` in the registry) except those that
 * are an alternative of another one's oneOf (a planning line body's two forms are shown inside the line body).
 */
export function dictionaryMessagesOf(api, spec) {
  const components = spec.components?.schemas ?? {};
  const alternatives = new Set(
    api.messageTypes.flatMap((name) => (resolveField(components[name], components)?.oneOf ?? []).map((alt) => componentNameOf(alt.$ref))),
  );
  return api.messageTypes.filter((name) => components[name] && !alternatives.has(name));
}

/** The route (under /docs) of a message's dictionary page. */
export const messageRoute = (api, message) => `/messages/${api.standardSlug}/${api.version}/${message}`;

/**
 * The XML form of a message: root element and namespace, or null with the reason. The one place the dictionary
 * reads the registry's `xml` (through the validator's generator, so that both say the same), and the facts of the
 * message's XSD (src/data/published-forms/): `elements`, dictionary path -> its element's name, occurrences and
 * datatype as the XSD gives them (empty for a message without an XSD).
 * @returns {{xml: (Record<string, any> & {elements: Map<string, XsdElement>}) | null, xmlReason: string | null}}
 */
export function xmlOfMessage(api, spec, message) {
  const form = xmlFormOf(spec, api, message);
  if (!form.xml) return form;
  const facts = xsdFactsFor(api, message);
  const xsd = new Map((facts?.elements ?? []).map((e) => [e.path, e]));
  /** @type {Map<string, XsdElement>} */
  const elements = new Map();
  if (facts) {
    for (const e of specXmlFormOf(spec.components.schemas, message, form.xml.root)) {
      const fact = xsd.get(e.path);
      if (fact && !e.wildcard) elements.set(e.field, {name: e.path.split('/').pop(), ...fact});
    }
  }
  return {...form, xml: {...form.xml, elements}};
}

/**
 * The examples of a message in its spec: request and response bodies typed as the message (or a list of it), the
 * spec's `components.examples` named after it, and the schema's own `examples`.
 */
export function messageExamples(spec, message) {
  const found = [];
  const components = spec.components?.schemas ?? {};
  const fromContent = (where, content) => {
    const media = content?.['application/json'];
    if (!media?.schema) return;
    const ref = componentNameOf(media.schema.$ref);
    const itemRef = componentNameOf(media.schema.items?.$ref);
    if (ref !== message && itemRef !== message) return;
    const values = [];
    if (media.example !== undefined) values.push({label: where, value: media.example});
    for (const [key, ex] of Object.entries(media.examples ?? {})) {
      const resolved = deref(spec, ex);
      values.push({label: resolved.summary ?? key, value: resolved.value});
    }
    for (const v of values) {
      const list = itemRef === message && Array.isArray(v.value) ? v.value : [v.value];
      for (const value of list) found.push({label: v.label, where, value});
    }
  };
  for (const {method, path: p, operation} of operationsOf(spec)) {
    const op = `${method.toUpperCase()} ${p}`;
    if (operation.requestBody) fromContent(`${op} request`, deref(spec, operation.requestBody).content);
    for (const [code, response] of Object.entries(operation.responses ?? {})) {
      if (code.startsWith('2')) fromContent(`${op} response ${code}`, deref(spec, response).content);
    }
  }
  for (const [key, ex] of Object.entries(spec.components?.examples ?? {})) {
    if (key === message || key.startsWith(`${message}-`) || key.startsWith(`${message}_`))
      found.push({label: ex.summary ?? key, where: `components.examples.${key}`, value: ex.value});
  }
  for (const value of components[message]?.examples ?? []) found.push({label: `${message} example`, where: 'schema', value});
  // The same example is often given for several operations: keep one of each.
  const seen = new Set();
  return found.filter((ex) => {
    if (!ex.value || typeof ex.value !== 'object') return false;
    const key = JSON.stringify(ex.value);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * A self-contained JSON Schema 2020-12 of a message: the component and everything it refers to under `$defs`.
 * A 3.0 spec's OpenAPI-only keywords are translated (`nullable`, `example`) or left out (`xml`, `discriminator`,
 * `externalDocs`), which changes no verdict.
 */
export function messageJsonSchema(api, spec, message) {
  const components = spec.components?.schemas ?? {};
  const openapi30 = !/^3\.1\./.test(spec.openapi ?? '');
  const needed = new Set();
  const visit = (node) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const name = componentNameOf(node.$ref);
    if (name && !needed.has(name)) {
      needed.add(name);
      visit(components[name]);
    }
    for (const [key, value] of Object.entries(node)) if (!['example', 'examples', 'enum', 'const', 'default'].includes(key)) visit(value);
  };
  needed.add(message);
  visit(components[message]);
  const convert = (node, inSchema = true) => {
    if (Array.isArray(node)) return node.map((n) => convert(n, inSchema));
    if (!node || typeof node !== 'object') return node;
    if (!inSchema) return node;
    const out = {};
    for (const [key, value] of Object.entries(node)) {
      if (['xml', 'discriminator', 'externalDocs'].includes(key)) continue;
      if (key === '$ref') out.$ref = value.replace('#/components/schemas/', '#/$defs/');
      else if (key === 'example') out.examples = [value];
      else if (key === 'nullable' && openapi30) continue;
      else if (['enum', 'const', 'default', 'examples'].includes(key)) out[key] = value;
      else if (key === 'properties' || key === '$defs' || key === 'patternProperties')
        out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, convert(v)]));
      else out[key] = convert(value);
    }
    if (openapi30 && node.nullable === true && out.type) out.type = [...[out.type].flat(), 'null'];
    return out;
  };
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: `https://setu.nl/docs/messages/files/${api.standardSlug}/${api.version}/${message}.schema.json`,
    title: `${message} (${api.standard} ${api.version})`,
    description: `Generated from specs/${api.specFile}: the component schema ${message} and the components it refers to.`,
    $ref: `#/$defs/${message}`,
    $defs: Object.fromEntries([...needed].sort().map((name) => [name, convert(components[name])])),
  };
}

/**
 * A file of src/data/message-changes/ whose two versions the dictionary documents.
 * @typedef {object} ChangeFile
 * @property {string} file its name
 * @property {any} data its JSON, as written (`standard`, `from`, `to`, `explanations`, `sourceNotes`, `messages`, `moves`,
 *   `explained`)
 * @property {ApiVersion} fromApi the registry entry of the version `from`
 * @property {ApiVersion} toApi the registry entry of the version `to`
 */

/**
 * Every message-changes file whose versions both have a dictionary.
 * @returns {ChangeFile[]}
 */
function changeFiles() {
  if (!fs.existsSync(changesDir)) return [];
  return fs
    .readdirSync(changesDir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => {
      const data = JSON.parse(fs.readFileSync(path.join(changesDir, file), 'utf8'));
      // The diff page says where the explanations come from, and marks those not from the standard's own notes.
      if (typeof data.explanations !== 'string' || typeof (data.sourceNotes ?? {}) !== 'object')
        throw new Error(`src/data/message-changes/${file}: "explanations" (a sentence) and "sourceNotes" (an object) are required`);
      const of = (/** @type {string} */ version) => dictionaryApis().find((a) => a.standard === data.standard && a.version === version);
      return {file, data, fromApi: of(data.from), toApi: of(data.to)};
    })
    .filter(/** @returns {c is ChangeFile} */ (c) => Boolean(c.fromApi && c.toApi));
}

/** Maps a from-version path to the to-version along the moves (the longest matching move; a move carries descendants). */
function mapPath(moves, message, fromPath) {
  let best = null;
  for (const move of moves.filter((m) => m.message === message)) {
    const hit = fromPath === move.from || fromPath.startsWith(`${move.from}.`) || fromPath.startsWith(`${move.from}(`);
    if (hit && (!best || move.from.length > best.from.length)) best = move;
  }
  return best ? best.to + fromPath.slice(best.from.length) : fromPath;
}

const valuesOf = (entry) => {
  const s = entry.itemSchema ?? entry.schema ?? {};
  if (s.const !== undefined) return [s.const];
  return s.enum ?? null;
};
const formatOf = (entry) => {
  const s = entry.itemSchema ?? entry.schema ?? {};
  return [s.format ?? '', s.pattern ?? ''].join(' ').trim();
};
const cardinality = (e) => `${e.min}..${e.max}`;
const typeOf = (e) => (e.itemType ? `${e.type} of ${e.itemType}` : e.type);

/** Whether a path is inside (or is) another. */
const within = (p, ancestor) => p === ancestor || p.startsWith(`${ancestor}.`) || p.startsWith(`${ancestor}(`);

/**
 * The changes of one message between two versions: added and removed subtrees (their root only), moves (from the
 * data file), and for every field present in both (after the moves) a change of type, cardinality, values or format.
 * @returns {{change: string, fromPath: string | null, toPath: string | null, before: string | null, after: string | null}[]}
 */
function diffMessage(fromEntries, toEntries, moves, message) {
  const from = new Map(fromEntries.map((e) => [e.path, e]));
  const to = new Map(toEntries.map((e) => [e.path, e]));
  const changes = [];
  const image = new Map();
  for (const e of fromEntries) image.set(mapPath(moves, message, e.path), e);
  for (const move of moves.filter((m) => m.message === message)) {
    if (!from.has(move.from)) throw new Error(`move of ${message}: ${move.from} is no field of the from-version`);
    if (!to.has(move.to)) throw new Error(`move of ${message}: ${move.to} is no field of the to-version`);
    changes.push({change: 'moved', fromPath: move.from, toPath: move.to, before: null, after: null});
  }
  const removedRoots = [];
  for (const e of fromEntries) {
    const mapped = mapPath(moves, message, e.path);
    if (to.has(mapped)) continue;
    if (removedRoots.some((r) => within(e.path, r))) continue;
    removedRoots.push(e.path);
    changes.push({change: 'removed', fromPath: e.path, toPath: null, before: typeOf(e), after: null});
  }
  const addedRoots = [];
  for (const e of toEntries) {
    if (image.has(e.path)) continue;
    if (addedRoots.some((r) => within(e.path, r))) continue;
    addedRoots.push(e.path);
    changes.push({change: 'added', fromPath: null, toPath: e.path, before: null, after: typeOf(e)});
  }
  for (const e of toEntries) {
    const old = image.get(e.path);
    if (!old) continue;
    const pair = {fromPath: old.path, toPath: e.path};
    if (typeOf(old) !== typeOf(e)) changes.push({change: 'type', ...pair, before: typeOf(old), after: typeOf(e)});
    if (cardinality(old) !== cardinality(e))
      changes.push({change: 'cardinality', ...pair, before: cardinality(old), after: cardinality(e)});
    const [a, b] = [valuesOf(old), valuesOf(e)];
    if (JSON.stringify(a) !== JSON.stringify(b) && (a || b))
      changes.push({change: 'values', ...pair, before: a ? a.join(', ') : null, after: b ? b.join(', ') : null});
    if (formatOf(old) !== formatOf(e)) changes.push({change: 'format', ...pair, before: formatOf(old) || null, after: formatOf(e) || null});
  }
  return changes;
}

/** A path pattern of the data file (`*` any run of characters) as a test. */
const pathMatcher = (pattern) => {
  const re = new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
  return (p) => p !== null && re.test(p);
};

/** The explanation of a computed change in a data file: the first `explained` entry of its kind whose path matches. */
function explanationOf(data, message, change) {
  if (change.change === 'moved')
    return data.moves.find((m) => m.message === message && m.from === change.fromPath && m.to === change.toPath) ?? null;
  const at = change.toPath ?? change.fromPath;
  return (
    (data.explained ?? []).find(
      (x) => x.message === message && x.change === change.change && (pathMatcher(x.path)(at) || pathMatcher(x.path)(change.fromPath)),
    ) ?? null
  );
}

const specCache = new Map();
/** A spec of specs/, read once. */
export function specOf(api) {
  if (!specCache.has(api.specFile)) specCache.set(api.specFile, readSpec(api.specFile));
  return specCache.get(api.specFile);
}

/** The fields of a dictionary message (cached). */
const fieldCache = new Map();
export function messageFields(api, message) {
  const key = `${api.specFile}#${message}`;
  if (!fieldCache.has(key)) fieldCache.set(key, fieldsOf(specOf(api).components.schemas, message));
  return fieldCache.get(key);
}

/** Every version diff: per message-changes file, the messages with their computed and explained changes. */
export function versionDiffs() {
  return changeFiles().map(({file, data, fromApi, toApi}) => {
    const messages = Object.entries(data.messages).map(([fromMessage, toMessage]) => {
      for (const [api, name] of [
        [fromApi, fromMessage],
        [toApi, toMessage],
      ])
        if (!specOf(api).components?.schemas?.[name])
          throw new Error(`src/data/message-changes/${file}: no message ${name} in specs/${api.specFile}`);
      let computed;
      try {
        computed = diffMessage(
          messageFields(fromApi, fromMessage).entries,
          messageFields(toApi, toMessage).entries,
          data.moves ?? [],
          toMessage,
        );
      } catch (error) {
        throw new Error(`src/data/message-changes/${file}: ${error instanceof Error ? error.message : String(error)}`, {cause: error});
      }
      const changes = computed.map((c) => ({...c, explanation: explanationOf(data, toMessage, c)}));
      return {fromMessage, toMessage, changes};
    });
    return {file, data, fromApi, toApi, messages};
  });
}

/**
 * The fields of one message of a version diff, counted once each, so that the columns add up: every field of the
 * from-version is unchanged, moved (a new path, nothing else changed), changed (type, cardinality, values or format;
 * perhaps at a new path too), a level gone (a field that no longer has one of its own although fields below it live on:
 * a wrapper object whose list moved up, or a parent into which its only child merged) or removed; every field of the
 * to-version is unchanged, moved, changed or added. A field is matched along the moves of the data file, as the diff
 * matches it (where two fields land on one path, the deeper one is its counterpart).
 * @param {ReturnType<typeof versionDiffs>[number]} diff
 * @param {ReturnType<typeof versionDiffs>[number]['messages'][number]} messageDiff
 */
export function fieldCounts(diff, messageDiff) {
  const from = messageFields(diff.fromApi, messageDiff.fromMessage).entries;
  const to = messageFields(diff.toApi, messageDiff.toMessage).entries;
  const moves = diff.data.moves ?? [];
  const toPaths = new Set(to.map((e) => e.path));
  const target = (e) => mapPath(moves, messageDiff.toMessage, e.path);
  const image = new Map(from.map((e) => [target(e), e]));
  const hasCounterpart = (e) => toPaths.has(target(e)) && image.get(target(e)) === e;
  const changedPaths = new Set(messageDiff.changes.filter((c) => !['moved', 'added', 'removed'].includes(c.change)).map((c) => c.toPath));
  const counts = {
    from: from.length,
    to: to.length,
    unchanged: 0,
    moved: 0,
    changed: 0,
    changedAtNewPath: 0,
    levelsGone: 0,
    removed: 0,
    added: 0,
  };
  for (const e of to) {
    const old = image.get(e.path);
    if (!old) counts.added++;
    else if (changedPaths.has(e.path)) {
      counts.changed++;
      if (old.path !== e.path) counts.changedAtNewPath++;
    } else if (old.path === e.path) counts.unchanged++;
    else counts.moved++;
  }
  for (const e of from) {
    if (hasCounterpart(e)) continue;
    const livesOn = toPaths.has(target(e)) || from.some((x) => x !== e && within(x.path, e.path) && hasCounterpart(x));
    if (livesOn) counts.levelsGone++;
    else counts.removed++;
  }
  return counts;
}
