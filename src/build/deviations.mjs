// The differences between a spec of specs/ and the published SETU specification, as the spec records them in
// its root extension `x-deviations` (format: README.md, "Changing a spec"): checking the entries, and rebuilding
// the published form of a spec by reverting them (each entry is an RFC 6902 operation in reverse). Used by the unit tests.
import jsonPatch from 'fast-json-patch';
import {messageOf} from './errors.mjs';
import jsonPointer from 'json-pointer';
import {componentNameOf} from '../spec-refs.mjs';

const deviationKinds = ['repair', 'addition', 'omission', 'change'];

/** {found, value, parent, key} for a pointer into a document (`found` false: only that). */
export function resolvePointer(document, pointer) {
  const tokens = jsonPointer.parse(pointer);
  if (!jsonPointer.has(document, tokens)) return {found: false};
  const parent = tokens.length ? jsonPointer.get(document, tokens.slice(0, -1)) : undefined;
  return {found: true, value: jsonPointer.get(document, tokens), parent, key: tokens.at(-1)};
}

/** True when pointer `inner` is `outer` or lies inside it. */
const pointerWithin = (inner, outer) => inner === outer || inner.startsWith(`${outer}/`);

/** The x-deviations entries of a spec (an empty list when it has none). */
export const deviationsOf = (spec) => spec['x-deviations'] ?? [];

const descriptionSays = (node) =>
  typeof node?.description === 'string' && /(^|\n)Differs from the published v[\d.]+ schema: /.test(node.description);

/** Every problem of a spec's x-deviations, as readable lines (empty when they are well formed). */
export function deviationProblems(spec) {
  const entries = spec['x-deviations'];
  if (entries === undefined) return [];
  if (!Array.isArray(entries)) return ['x-deviations must be an array'];
  const problems = [];
  entries.forEach((entry, i) => {
    const where = `x-deviations[${i}] (${entry?.at})`;
    const unknown = Object.keys(entry ?? {}).filter((k) => !['kind', 'at', 'published', 'summary', 'form'].includes(k));
    if (unknown.length) problems.push(`${where}: unknown member(s) ${unknown.join(', ')}`);
    if (!deviationKinds.includes(entry?.kind)) problems.push(`${where}: kind must be one of ${deviationKinds.join(', ')}`);
    if (typeof entry?.summary !== 'string' || entry.summary.trim().length < 20)
      problems.push(`${where}: summary must say what differs and why`);
    else if ((entry.summary.match(/[.!?](\s|$)/g) ?? []).length > 5) problems.push(`${where}: summary should be 1–3 sentences`);
    if ('form' in entry) {
      // A difference from the published XSD only: `published` is the XSD's text there; the JSON form is as published.
      if (entry.form !== 'xml') problems.push(`${where}: form must be "xml" (a difference from the published XSD only)`);
      if (!['repair', 'change'].includes(entry.kind)) problems.push(`${where}: a difference of the XML form is a repair or a change`);
      if (typeof entry.published !== 'string' || !entry.published.startsWith('<'))
        problems.push(`${where}: the published node of the XML form is the XSD's text there`);
      if (!resolvePointer(spec, entry.at).found) problems.push(`${where}: no such node in the spec`);
      return;
    }
    if (entry?.kind === 'addition' && 'published' in entry) problems.push(`${where}: an addition has no published node`);
    // A repair may also add a node the published specification lacks (no `published`) or remove one (`at` not in the spec).
    if (!['addition', 'repair'].includes(entry?.kind) && !('published' in entry))
      problems.push(`${where}: a ${entry?.kind} needs the published node`);
    let resolved;
    try {
      resolved = resolvePointer(spec, entry.at);
    } catch (error) {
      problems.push(`${where}: ${messageOf(error)}`);
      return;
    }
    const removed = entry.kind === 'omission' || (entry.kind === 'repair' && !resolved.found);
    if (entry.kind === 'omission' && resolved.found) {
      problems.push(`${where}: an omission points at a node the spec still has`);
    } else if (removed) {
      if (!('published' in entry)) problems.push(`${where}: a removed node needs its published form`);
      if (!resolvePointer(spec, entry.at.slice(0, entry.at.lastIndexOf('/'))).found)
        problems.push(`${where}: the parent of a removed node must exist`);
    } else if (!resolved.found) {
      problems.push(`${where}: no such node in the spec`);
    }
    if (entry.at.startsWith('/x-deviations')) problems.push(`${where}: points into x-deviations itself`);
  });
  const pointers = entries.map((e) => e?.at).filter((p) => typeof p === 'string');
  pointers.forEach((a, i) =>
    pointers.forEach((b, j) => {
      if (i !== j && pointerWithin(a, b)) problems.push(`x-deviations: "${a}" lies inside "${b}" (entries must not overlap)`);
    }),
  );
  return problems;
}

/** The component schemas a schema refers to, directly or through other components (names). */
function referencedComponents(spec, node, seen = new Set()) {
  (function visit(value) {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!value || typeof value !== 'object') return;
    const name = componentNameOf(value.$ref);
    if (name !== null && !seen.has(name)) {
      seen.add(name);
      visit(spec.components?.schemas?.[name]);
    }
    for (const child of Object.values(value)) visit(child);
  })(node);
  return seen;
}

/**
 * Schema descriptions and entries must agree: an entry inside a component schema needs a description on the way
 * to its node that says "Differs from the published v<version> schema: …", and every such description needs an
 * entry inside its schema or inside a component schema it refers to.
 */
export function descriptionProblems(spec) {
  const problems = [];
  const entries = deviationsOf(spec);
  const schemaPrefix = '/components/schemas/';
  for (const entry of entries) {
    if (entry.kind === 'omission' || !entry.at.startsWith(schemaPrefix)) continue;
    const tokens = jsonPointer.parse(entry.at);
    let node = spec;
    let says = false;
    for (const [i, token] of tokens.entries()) {
      node = node?.[token];
      if (i >= 2 && descriptionSays(node)) says = true;
    }
    if (!says) problems.push(`${entry.at}: no description on the way to this node says "Differs from the published v… schema: …"`);
  }
  const covered = (pointer) => entries.some((e) => pointerWithin(e.at, pointer));
  for (const [name, schema] of Object.entries(spec.components?.schemas ?? {})) {
    (function visit(value, pointer) {
      if (Array.isArray(value)) return value.forEach((v, i) => visit(v, `${pointer}/${i}`));
      if (!value || typeof value !== 'object') return;
      if (descriptionSays(value)) {
        const refs = [...referencedComponents(spec, value)].map((n) => `${schemaPrefix}${jsonPointer.escape(n)}`);
        if (!covered(pointer) && !refs.some(covered)) {
          problems.push(`${pointer}: says it differs from the published schema, but no x-deviations entry lies there`);
        }
      }
      for (const [k, v] of Object.entries(value)) if (k !== 'description') visit(v, `${pointer}/${jsonPointer.escape(k)}`);
    })(schema, `${schemaPrefix}${jsonPointer.escape(name)}`);
  }
  return problems;
}

/**
 * The RFC 6902 patch that reverts a spec's x-deviations: each `at` gets its `published` node back (`replace` where the
 * spec has a node there, `add` where it left the published one out), a node without `published` (an addition) is
 * removed, and so is `x-deviations` itself. `keep` is a set of entries not to revert (for example the repairs, to
 * isolate what the additions change). Entries about the XML form only (`form: "xml"`) change nothing in the JSON form.
 * @returns {import('fast-json-patch').Operation[]}
 */
function revertPatch(spec, keep = new Set()) {
  const entries = deviationsOf(spec).filter((e) => !keep.has(e) && e.form !== 'xml');
  // Array elements are removed from the highest index down, so that earlier removals do not shift later ones.
  const order = (e) => {
    const last = jsonPointer.parse(e.at).at(-1) ?? '';
    return /^\d+$/.test(last) ? -Number(last) : 0;
  };
  /** @type {import('fast-json-patch').Operation[]} */
  const patch = [...entries]
    .sort((a, b) => order(a) - order(b))
    .map((entry) =>
      'published' in entry
        ? {op: resolvePointer(spec, entry.at).found ? 'replace' : 'add', path: entry.at, value: structuredClone(entry.published)}
        : {op: 'remove', path: entry.at},
    );
  if ('x-deviations' in spec) patch.push({op: 'remove', path: '/x-deviations'});
  return patch;
}

/**
 * The spec as published, rebuilt by applying revertPatch to a copy (fast-json-patch, which checks each operation: a
 * node to remove or replace must exist, the parent of one to add too). The result has no x-deviations.
 */
export function revertDeviations(spec, keep = new Set()) {
  const patch = revertPatch(spec, keep);
  try {
    return jsonPatch.applyPatch(structuredClone(spec), patch, true).newDocument;
  } catch (error) {
    if (!(error instanceof jsonPatch.JsonPatchError)) throw error;
    // The library's message goes on with the operation and the whole document: its first line says what failed.
    throw new Error(`x-deviations: cannot revert ${error.operation?.path}: ${error.message.split('\n')[0]}`, {cause: error});
  }
}
