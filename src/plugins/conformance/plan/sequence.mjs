// What a message resource's call sequence works with: the run's calls on the resource (its create, read, update and
// delete, its lists), where the resources it makes are stored, and whether it can make one at all. The phases of the
// sequence (resource.mjs puts them in order) take it as their parameter.
import {boundPath, newPath} from './paths.mjs';
import {example} from './bodies.mjs';
import {deleterOf} from './context.mjs';
import {addStep} from './steps.mjs';
import {a} from './words.mjs';

/** @typedef {import('../model.mjs').KitOperation} KitOperation */
/** @typedef {import('../../sandbox/handlers/operations.mjs').SandboxResource} SandboxResource */
/** @typedef {import('./paths.mjs').PathSpec} PathSpec */
/** @typedef {import('./steps.mjs').Step} Step */
/** @typedef {import('./context.mjs').PlanContext} PlanContext */

/**
 * What a message resource's call sequence starts from.
 * @typedef {object} ResourceCalls
 * @property {PlanContext} plan
 * @property {SandboxResource} resource
 * @property {string} group the sequence's group of steps: the resource's template
 * @property {KitOperation[]} ops the run's calls on it: its operations, and the lists that select messages of its kind
 * @property {KitOperation[]} all every operation the standard defines on it
 * @property {KitOperation | undefined} creator
 * @property {KitOperation | undefined} read
 * @property {KitOperation | undefined} replace
 * @property {KitOperation | undefined} remove
 * @property {boolean} singleton one resource at a fixed path
 * @property {boolean} dual the create is the update: a PUT that creates
 * @property {boolean} inCollection the server chooses the resource's id, and names it in Location
 * @property {string} noRead why a check that reads the resource back cannot be made
 * @property {string} binding the name of the id the create's Location names
 * @property {PathSpec} mainPath where the resource the sequence creates is stored
 * @property {(resourcePath: PathSpec) => PathSpec} createPath where a create of a resource at a path is sent
 */

/**
 * A sequence once its resource is created (create.mjs): what the later phases build on.
 * @typedef {ResourceCalls & {
 *   creator: KitOperation,
 *   example: {name: string, value: unknown},
 *   label: (name: string, docId: string) => string,
 *   setup: number[],
 *   createStatuses: number[],
 *   main: {value: any, documentId: string | null},
 *   created: Step,
 *   resourcePath: PathSpec,
 * }} Sequence
 */

/**
 * The run's calls on a message resource.
 * @param {PlanContext} plan
 * @param {SandboxResource} resource
 * @returns {ResourceCalls}
 */
export function callsOf(plan, resource) {
  const ops = plan.offered.filter(
    (op) => op.resource === resource.template || (op.kind === 'list-matching' && op.schema === resource.schema),
  );
  const all = plan.model.operations.filter((op) => op.resource === resource.template);
  const creator =
    ops.find((op) => ['create', 'create-in-collection'].includes(op.kind)) ??
    ops.find((op) => op.kind === 'replace' && op.responses.some((r) => r.status === 201));
  const replace = ops.find((op) => op.kind === 'replace');
  const inCollection = creator?.kind === 'create-in-collection';
  // Where a resource of this kind is stored: a new UUID in the path, the id the server chose (a binding), or the singleton's path.
  const binding = `${resource.template} (the id in the Location of the create)`;
  return {
    plan,
    resource,
    group: resource.template,
    ops,
    all,
    creator,
    read: ops.find((op) => op.kind === 'read'),
    replace,
    remove: ops.find((op) => op.kind === 'delete'),
    singleton: !resource.template.includes('{'),
    dual: creator !== undefined && creator === replace,
    inCollection,
    noRead: all.some((o) => o.kind === 'read')
      ? `no read of ${a(resource.schema)} is among this run's operations`
      : `the standard defines no call that reads ${a(resource.schema)} back`,
    binding,
    mainPath: inCollection ? boundPath(resource.template, binding) : newPath(resource.template, {}, plan.newId),
    createPath: (resourcePath) => (inCollection && creator ? {template: creator.path, values: {}} : resourcePath),
  };
}

/**
 * Whether the sequence can make a resource, and what it sends first: where it cannot, its operations go to
 * `plan.unplanned` with why. A singleton is written only where a read shows the server holds none there now.
 * @param {ResourceCalls} calls
 * @returns {{setup: number[], example: {name: string, value: unknown}} | null} the steps a create comes after, and the
 *   example it sends; null: the sequence makes nothing
 */
export function setUp(calls) {
  const {plan, resource, ops, all, creator, read, remove, singleton, group} = calls;
  const {party} = plan;
  const createBody = creator ? example(creator) : undefined;
  if (!creator || !createBody) {
    // Nothing can be made here: checks that need a resource are skipped, with why.
    const why = creator
      ? `${creator.operationId} has no example in the specification to create one with`
      : `needs ${a(resource.schema)} on the server, and ${all.find((o) => ['create', 'create-in-collection'].includes(o.kind) || (o.kind === 'replace' && o.responses.some((r) => r.status === 201)))?.operationId ?? 'no operation'} (which makes one) is not among this run's operations${party ? ` (the party "${party}" does not implement it)` : ''}`;
    for (const op of ops) plan.unplanned.push({op, why});
  }
  const leftBehind = creator && !remove && !plan.allowLeftovers;
  if (creator && leftBehind) {
    plan.unplanned.push(
      ...ops.map((op) => ({
        op,
        why: `creating ${a(resource.schema)} would leave it on the server: no operation of this run deletes one (the standard defines none${deleterOf(plan, creator) ? '' : ' for it'}); --allow-leftovers sends it anyway`,
      })),
    );
  }
  const canCreate = Boolean(creator && createBody && !leftBehind);

  /** @type {number[]} */
  const setup = [];
  if (canCreate && singleton) {
    if (!read) {
      plan.unplanned.push(
        ...ops.map((op) => ({
          op,
          why: `the kit cannot see whether the server already holds ${a(resource.schema)} at ${resource.template} (no read of it in this run), so it does not write there`,
        })),
      );
    } else {
      const pre = addStep(plan, group, {
        op: read,
        path: {template: resource.template, values: {}},
        body: null,
        purpose: `make sure the server holds no ${resource.schema} at ${resource.template} yet (the kit leaves one it did not make alone)`,
        evaluations: [],
        essential: {group, statuses: [404]},
        needs: [],
      });
      setup.push(pre.n);
    }
  }
  const usable = canCreate && !(singleton && !read);
  return usable ? {setup, example: /** @type {{name: string, value: unknown}} */ (createBody)} : null;
}
