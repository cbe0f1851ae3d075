// The plan's named checks (`<registry id>.<operationId>.<check>`): each made once, of a kind the page's legend
// explains (check-kinds.mjs), standard or our reading as its sources say (sources.mjs); and which of them a run
// reports, and which it cannot make.
import {kindOf} from '../check-kinds.mjs';
import {kindAt, operationSource} from '../sources.mjs';

/** @typedef {import('../model.mjs').KitModel} KitModel */
/** @typedef {import('../model.mjs').KitOperation} KitOperation */
/** @typedef {import('../sources.mjs').Check} Check */
/** @typedef {import('../sources.mjs').Source} Source */
/** @typedef {import('./context.mjs').PlanContext} PlanContext */

/**
 * Who declares what a check of a kind tests, as its title says it: a check of our reading never reads as the
 * standard's (its title cites this site's specification, which adds to the published one).
 * @param {Check['kind']} kind
 */
const declaredBy = (kind) =>
  kind === 'standard' ? 'the specification declares' : 'this site’s specification declares (with what it adds to the published one)';

/** The titles that name who declares what they test, by check: made again when reKind changes the kind. */
/** @type {WeakMap<Check, (declared: string) => string>} */
const titleFunctions = new WeakMap();

/**
 * A named check of an operation (made once; later calls return it).
 * @param {PlanContext} plan
 * @param {KitOperation} op
 * @param {string} name
 * @param {{title: string | ((declared: string) => string), sources: Source[], pointers?: string[], ours?: {source: Source, reason: string}}} what
 *   `title`: what it checks, or a function of who declares it (`the specification declares`, or this site's
 *   specification for our reading); `pointers`: where the spec declares what is checked (its deviations decide the
 *   kind); `ours`: our reading by the sandbox's list of behaviour
 * @returns {Check}
 */
export function check(plan, op, name, {title, sources, pointers = [op.pointer], ours}) {
  const {model} = plan;
  const id = `${model.id}.${op.operationId}.${name}`;
  const known = plan.checks.get(id);
  if (known) return known;
  // The page's legend explains every kind of check (check-kinds.mjs): a new kind needs its entry there.
  if (!kindOf(name)) throw new Error(`the check ${id} is of a kind src/plugins/conformance/check-kinds.mjs does not explain`);
  const judged = kindAt(model, [op.pointer, ...pointers]);
  const kind = ours ? 'our-reading' : judged.kind;
  /** @type {Check} */
  const made = {
    id,
    api: model.id,
    operationId: op.operationId,
    name,
    title: typeof title === 'function' ? title(declaredBy(kind)) : title,
    kind,
    sources: [...sources, ...(ours ? [ours.source] : []), ...judged.sources],
    reason: ours?.reason ?? judged.reason,
  };
  if (typeof title === 'function') titleFunctions.set(made, title);
  plan.checks.set(id, made);
  return made;
}

/** Makes a check our reading where what it needs is this site's addition (asking for XML where Accept is ours). */
export function reKind(/** @type {KitModel} */ model, /** @type {Check} */ c, /** @type {string[]} */ pointers) {
  const judged = kindAt(model, pointers);
  if (judged.kind === 'our-reading' && c.kind !== 'our-reading') {
    c.kind = 'our-reading';
    c.title = titleFunctions.get(c)?.(declaredBy(c.kind)) ?? c.title;
    c.reason = judged.reason;
    c.sources.push(...judged.sources);
  }
}

/** Whether a check is reported in this run: its operation is selected, and it is not left out as our reading. */
export const wanted = (/** @type {PlanContext} */ plan, /** @type {Check} */ c) =>
  plan.selected.has(c.operationId) && !(plan.standardOnly && c.kind === 'our-reading');

/** Marks checks that this run cannot make, with why (reported as skipped). */
export function cannot(/** @type {PlanContext} */ plan, /** @type {Check[]} */ list, /** @type {string} */ why) {
  for (const c of list) if (!plan.skipped.has(c.id)) plan.skipped.set(c.id, why);
}

/**
 * Operations whose checks the plan cannot make (plan.unplanned): each gets a status check that says why, unless a
 * step carries its status after all (another resource's sequence calls it).
 * @param {PlanContext} plan
 */
export function reportUnplanned(plan) {
  for (const {op, why} of plan.unplanned) {
    const status = check(plan, op, 'status', {
      title: (declared) => `${op.method} ${op.path} answers as ${declared}`,
      sources: [operationSource(plan.model, op)],
    });
    if (!plan.steps.some((s) => s.evaluations.some((e) => e.check === status))) cannot(plan, [status], why);
  }
}
