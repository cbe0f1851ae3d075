// The plan's requests (steps), in the order sent: adding one, naming one in a text, and keeping only those a run
// needs. A text names a step by a mark (`at`) that pruning turns into its final number.
import {requestHeaders} from './headers.mjs';
import {wanted} from './checks.mjs';

/** @typedef {import('../model.mjs').KitModel} KitModel */
/** @typedef {import('../model.mjs').KitOperation} KitOperation */
/** @typedef {import('../sources.mjs').Check} Check */
/** @typedef {import('./verdicts.mjs').Evaluation} Evaluation */
/** @typedef {import('./paths.mjs').PathSpec} PathSpec */
/** @typedef {import('./context.mjs').PlanContext} PlanContext */

/**
 * One request of the plan.
 * @typedef {object} Step
 * @property {number} n its number, from 1, in the order sent
 * @property {string} group the call sequence it belongs to (a resource, or its lines)
 * @property {string[]} needs the groups that must still be going (not stopped by a failed create)
 * @property {number[]} after the steps it needs (pruning keeps them)
 * @property {KitOperation} op
 * @property {PathSpec} path
 * @property {Record<string, string>} headers
 * @property {{text: string, form: 'json' | 'xml', label: string} | null} body
 * @property {string} purpose what the request is for, in a few words
 * @property {Evaluation[]} evaluations
 * @property {{group: string, statuses: number[], binding?: {name: string, param: string, template: string}}} [essential]
 *   the group stops unless the answer has one of `statuses` (and, with `binding`, a Location from which the id is read)
 * @property {{group: string, check: Check, what: string}} [confirms] a read of a resource the run made: a 404 fails
 *   `check` (the resource is not kept), skips the read's own checks and stops the group
 * @property {{path: PathSpec, op: KitOperation | null, label: string, when: 'success' | 'accepted', fromLocation?: boolean}} [creates]
 *   what the request may leave on the server, for the clean-up (`accepted`: a request meant to be refused, whose
 *   acceptance is undone at once)
 * @property {PathSpec} [deletes] a delete of something the run made
 * @property {{path: PathSpec, check: Check}} [confirmsGone]
 */

/**
 * @typedef {object} Plan
 * @property {KitModel} model
 * @property {Step[]} steps
 * @property {Check[]} checks every check, in the order first met
 * @property {Map<string, string>} skipped checks that cannot be made in this run, and why
 * @property {string[]} operations the operations whose checks run
 */

/**
 * @typedef {Omit<Step, 'n' | 'group' | 'needs' | 'after' | 'headers'> & {headers?: Record<string, string>, needs?: string[],
 *   after?: number[], group?: string}} StepFields
 */

/**
 * Adds a step to the plan: by default in `group` and needing it, after no other step, with the operation's headers.
 * @param {PlanContext} plan
 * @param {string} group the call sequence being planned
 * @param {StepFields} fields
 * @returns {Step}
 */
export function addStep(plan, group, fields) {
  const step = /** @type {Step} */ ({
    n: plan.steps.length + 1,
    group: fields.group ?? group,
    needs: fields.needs ?? [group],
    after: fields.after ?? [],
    headers: fields.headers ?? requestHeaders(plan.model, fields.op),
    ...fields,
  });
  plan.steps.push(step);
  return step;
}

/** A step's number in a text written now: renumbered when the plan is pruned. */
export const at = (/** @type {{n: number}} */ step) => `§${step.n}§`;

/**
 * The plan a run makes: only the steps it needs (those with a wanted check, and the steps they come after),
 * renumbered, each with its wanted checks; the checks it reports, and why it skips those it cannot make.
 * @param {PlanContext} plan
 * @returns {Plan}
 */
export function prunedPlan(plan) {
  const {steps} = plan;
  const keep = new Set();
  const visit = (/** @type {number} */ n) => {
    if (keep.has(n)) return;
    keep.add(n);
    for (const m of steps[n - 1].after) visit(m);
  };
  for (const step of steps) if (step.evaluations.some((e) => wanted(plan, e.check))) visit(step.n);
  const kept = steps.filter((s) => keep.has(s.n));
  /** @type {Map<number, number>} */
  const renumbered = new Map(kept.map((s, i) => [s.n, i + 1]));
  const renumber = (/** @type {string} */ text) => text.replace(/§(\d+)§/g, (_, n) => String(renumbered.get(Number(n)) ?? '?'));
  for (const step of kept) {
    step.n = /** @type {number} */ (renumbered.get(step.n));
    step.after = step.after.filter((m) => renumbered.has(m)).map((m) => /** @type {number} */ (renumbered.get(m)));
    step.evaluations = step.evaluations.filter((e) => wanted(plan, e.check) || e.primary);
    step.purpose = renumber(step.purpose);
    if (step.body) step.body.label = renumber(step.body.label);
    if (step.confirms) step.confirms.what = renumber(step.confirms.what);
  }
  const reported = [...plan.checks.values()].filter((c) => wanted(plan, c));
  return {
    model: plan.model,
    steps: kept,
    checks: reported,
    skipped: new Map([...plan.skipped].filter(([id]) => reported.some((c) => c.id === id))),
    operations: [...plan.selected],
  };
}
