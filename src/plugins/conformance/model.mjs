// What the conformance kit knows of one API version, read from its OpenAPI file: the sandbox's operations model
// (src/plugins/sandbox/handlers/operations.mjs: every operation's kind, parameters, bodies and success responses), and what the kit
// adds to it: the parties each operation is tagged with, the JSON examples of each request body, where in the spec each
// operation and parameter is declared (the checks cite it), its error answers, and the spec's `x-deviations` (what
// this site's spec adds to the published one, which makes a check "our reading"). Plain JSON, so that the one-file
// command carries the models of every API version instead of the specs (built by build.mjs), and a clone computes
// them from specs/ when it starts (readModels).
import {sandboxApiOf} from '../sandbox/handlers/operations.mjs';
import {deref} from '../../spec-refs.mjs';
import {tagsOf} from '../api-reference/implementing-parties.mjs';

/** @typedef {import('../sandbox/handlers/operations.mjs').SandboxOperation} SandboxOperation */
/** @typedef {import('../sandbox/handlers/operations.mjs').SandboxResource} SandboxResource */

/**
 * @typedef {object} KitOperation an operation as the sandbox models it, with what the kit adds
 * @property {string} operationId
 * @property {string} method
 * @property {string} path
 * @property {SandboxOperation['parameters']} parameters
 * @property {SandboxOperation['requestBody']} requestBody
 * @property {SandboxOperation['responses']} responses
 * @property {SandboxOperation['kind']} kind
 * @property {string} resource
 * @property {string} schema
 * @property {string | null} lineParam
 * @property {string} pointer the JSON pointer of the operation in the spec (`/paths/~1timecard~1{id}/post`)
 * @property {string[]} parties the implementing parties it is tagged with (the API landing page's "Operations by
 *   implementing party")
 * @property {{name: string, value: unknown}[]} examples the JSON examples of its request body, in the spec's order
 * @property {Record<string, string[]>} parameterPointers lower-case header name → where the spec declares it (the
 *   operation's or path's entry, and the component it refers to)
 * @property {Record<string, {mediaTypes: string[]}>} errors the 4xx answers it declares (400, 404), by status
 */

/**
 * @typedef {object} KitModel
 * @property {string} id the registry id
 * @property {string} standard
 * @property {string} version
 * @property {string} title
 * @property {string} specFile
 * @property {string} referenceRoute the API reference under /docs (`/api/p2p`); an operation's page is
 *   `<referenceRoute>/<operationId>`
 * @property {string} specPageRoute the page of the standard's specification, whose #deviations lists the spec's deviations
 * @property {string | null} rulesRoute the page of the business rules the validator checks, where the version has them
 * @property {string[]} versions the `setuVersionId` values the sandbox takes; the kit sends the first (the API's version)
 * @property {string[]} parties every implementing party, as the landing page lists them (api-reference/implementing-parties.mjs)
 * @property {KitOperation[]} operations
 * @property {SandboxResource[]} resources
 * @property {{kind: string, at: string, summary: string}[]} deviations the spec's x-deviations that concern operations,
 *   parameters and responses
 */

/** A JSON pointer token of a path (`/timecard/{id}` → `~1timecard~1{id}`). */
const token = (/** @type {string} */ s) => s.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * The kit's model of one API version.
 * @param {import('../../data/registry.mjs').ApiWithReference} entry its registry entry
 * @param {any} spec its OpenAPI document
 * @returns {KitModel}
 */
export function kitModelOf(entry, spec) {
  const sandboxApi = sandboxApiOf(entry, spec);
  // The parties, as the landing page lists them (the same function): tags that are never an operation's first (its
  // message's) and that tag an operation.
  const {parties} = tagsOf(spec);

  const operations = sandboxApi.operations.map((op) => {
    const item = spec.paths[op.path];
    const operation = item[op.method.toLowerCase()];
    const pointer = `/paths/${token(op.path)}/${op.method.toLowerCase()}`;
    /** @type {Record<string, string[]>} */
    const parameterPointers = {};
    const note = (/** @type {any[]} */ list, /** @type {string} */ at) =>
      list.forEach((p, i) => {
        const target = deref(spec, p);
        if (target?.in !== 'header') return;
        const where = [`${at}/parameters/${i}`];
        if (typeof p.$ref === 'string') where.push(p.$ref.slice(1));
        (parameterPointers[String(target.name).toLowerCase()] ??= []).push(...where);
      });
    note(item.parameters ?? [], `/paths/${token(op.path)}`);
    note(operation.parameters ?? [], pointer);
    /** @type {{name: string, value: unknown}[]} */
    const examples = [];
    if (operation.requestBody) {
      const content = deref(spec, operation.requestBody).content?.['application/json'];
      if (content?.example !== undefined) examples.push({name: 'example', value: content.example});
      for (const [name, example] of Object.entries(content?.examples ?? {})) examples.push({name, value: deref(spec, example).value});
    }
    /** @type {Record<string, {mediaTypes: string[]}>} */
    const errors = {};
    for (const status of ['400', '404']) {
      const response = operation.responses?.[status];
      if (response) errors[status] = {mediaTypes: Object.keys(deref(spec, response).content ?? {})};
    }
    return {
      ...op,
      pointer,
      parties: (operation.tags ?? []).filter((/** @type {string} */ t) => parties.includes(t)),
      examples,
      parameterPointers,
      errors,
    };
  });
  const rulesRoute = entry.businessRules ? `${entry.docsRoute}business-rules` : null;
  return {
    id: entry.id,
    standard: entry.standard,
    version: entry.version,
    title: entry.title,
    specFile: entry.specFile,
    referenceRoute: entry.referenceRoute,
    specPageRoute: entry.specPageRoute,
    rulesRoute,
    versions: sandboxApi.versions,
    parties,
    operations,
    resources: sandboxApi.resources,
    deviations: (spec['x-deviations'] ?? [])
      .filter(
        (/** @type {{at: string}} */ d) => /^\/(paths|components\/(parameters|responses))\//.test(d.at) && !/\/operationId$/.test(d.at),
      )
      .map((/** @type {{kind: string, at: string, summary: string}} */ d) => ({kind: d.kind, at: d.at, summary: d.summary})),
  };
}

/**
 * The deviation of the spec from the published one that concerns a place: one recorded at any of `pointers` or above
 * it (a deviation at `/paths/~1x` concerns every operation of that path). Additions first: they make a check our reading.
 * @param {KitModel} model
 * @param {string[]} pointers
 * @returns {{kind: string, at: string, summary: string} | null}
 */
export function deviationAt(model, pointers) {
  let index = indexes.get(model);
  if (!index) {
    index = new Map();
    for (const d of model.deviations) index.set(d.at, [...(index.get(d.at) ?? []), d]);
    indexes.set(model, index);
  }
  /** @type {{kind: string, at: string, summary: string}[]} */
  const found = [];
  for (const pointer of pointers) {
    // The pointer and each pointer above it.
    for (let at = pointer; at; at = at.slice(0, Math.max(0, at.lastIndexOf('/')))) found.push(...(index.get(at) ?? []));
  }
  return found.find((d) => d.kind === 'addition') ?? found[0] ?? null;
}

/** The deviations of each model by the pointer they are recorded at. */
/** @type {WeakMap<KitModel, Map<string, {kind: string, at: string, summary: string}[]>>} */
const indexes = new WeakMap();
