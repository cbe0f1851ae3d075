// A plan while it is made: the model, the run's options, and what the plan holds so far. Every part of the plan
// (plan/*.mjs) takes it as a parameter and adds its steps and checks to it, in the order they are sent.
import {componentsOf, idPrefix} from '../inputs.mjs';

/** @typedef {import('../model.mjs').KitModel} KitModel */
/** @typedef {import('../model.mjs').KitOperation} KitOperation */
/** @typedef {import('../sources.mjs').Check} Check */
/** @typedef {import('./verdicts.mjs').Evaluation} Evaluation */
/** @typedef {import('./steps.mjs').Step} Step */

/**
 * @typedef {object} PlanOptions
 * @property {string | null} [party] only the operations this party implements (its tag)
 * @property {string[] | null} [only] only these operations' checks (other operations the party offers still set up)
 * @property {boolean} [standardOnly] leave out the checks of our reading
 * @property {boolean} [allowLeftovers] also create what no offered operation deletes (the attachment upload)
 * @property {() => string} [newId] a new UUID
 */

/**
 * @typedef {object} PlanContext
 * @property {KitModel} model
 * @property {Record<string, any>} components the spec's schemas, which the kit's copies of its examples follow
 * @property {KitOperation[]} offered the operations the run may call: the party's (all without a party)
 * @property {Set<string>} selected the operations whose checks are reported
 * @property {string | null} party
 * @property {boolean} standardOnly
 * @property {boolean} allowLeftovers
 * @property {() => string} newId
 * @property {Map<string, Check>} checks every check made, by id, in the order first made
 * @property {Map<string, string>} skipped checks the run cannot make, and why
 * @property {Step[]} steps
 * @property {Map<string, string>} documentIds ids the kit gave the examples' documents, by the example's id: later
 *   messages refer to them
 * @property {{op: KitOperation, why: string}[]} unplanned operations whose checks cannot be made in this run, and why
 * @property {Map<KitOperation, Evaluation[]>} errorChecks the refusal checks of each operation, made once
 */

/**
 * A new plan of a model.
 * @param {KitModel} model
 * @param {PlanOptions} options
 * @returns {PlanContext}
 */
export function planContext(model, options) {
  const {party = null, only = null, standardOnly = false, allowLeftovers = false, newId = () => crypto.randomUUID()} = options;
  const offered = model.operations.filter((op) => party === null || op.parties.includes(party));
  return {
    model,
    components: componentsOf(model),
    offered,
    selected: new Set(offered.filter((op) => only === null || only.includes(op.operationId)).map((op) => op.operationId)),
    party,
    standardOnly,
    allowLeftovers,
    newId,
    checks: new Map(),
    skipped: new Map(),
    steps: [],
    documentIds: new Map(),
    unplanned: [],
    errorChecks: new Map(),
  };
}

/** A new document id, marked as the kit's (inputs.mjs). */
export const documentId = (/** @type {PlanContext} */ plan) => `${idPrefix}${plan.newId()}`;

/** The operation that deletes what an operation makes: the delete of its resource, where the run may call it. */
export const deleterOf = (/** @type {PlanContext} */ plan, /** @type {KitOperation} */ op) =>
  plan.offered.find((o) => o.kind === 'delete' && o.resource === op.resource) ?? null;
