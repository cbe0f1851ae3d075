// The kit's plan for one API version: every request it sends, in the standard's own call sequences, and the named
// checks each answer feeds. Everything follows from the kit's model of the spec (model.mjs): nothing here names an
// API, a path or a message. The same plan is the dry run's output, the command's run (runner.mjs), the page
// /docs/conformance (its checks) and the tests'.
//
// planOf puts together the parts in plan/, where each kind of check (check-kinds.mjs) is made:
// - resource.mjs: one message resource's sequence, phase by phase (sequence.mjs: the run's calls on it):
//   create.mjs     the create's refusals, the create, `kept` (read back as JSON and XML), `exists`
//   xml.mjs        `xml.*` (a read with Accept: application/xml), `xml-request` (a create sent as XML)
//   lists.mjs      the lists of the resource, `members`
//   update.mjs     the update's refusals, the update, `kept`, `replaces-whole`
//   lines.mjs      lines under their message: add, `kept`, `in-message`, update, delete, `gone`
//   delete.mjs     the delete, `no-content`, `gone`
//   unknown-ids.mjs `unknown-id`: a resource or a line the server does not hold
// - what any answer is checked on: answer-checks.mjs (`status`, `date`, `location`, `content-type`, `body`),
//   refusals.mjs (`invalid-message`, `missing-version`, `unsupported-content-type`, `error-object`, `error-code`),
//   kept.mjs (an answer holds what was sent);
// - the plan itself: context.mjs (what it holds while it is made), checks.mjs (a named check, its kind, skips),
//   steps.mjs (a request; pruning to what the run's options need), and the shared helpers verdicts.mjs, paths.mjs,
//   headers.mjs, bodies.mjs and words.mjs.
import {reportUnplanned} from './plan/checks.mjs';
import {planContext} from './plan/context.mjs';
import {planResource} from './plan/resource.mjs';
import {prunedPlan} from './plan/steps.mjs';

export {describe} from './plan/verdicts.mjs';
export {fillPath, templateMatch} from './plan/paths.mjs';
export {requestHeaders} from './plan/headers.mjs';

/** @typedef {import('./model.mjs').KitModel} KitModel */
/** @typedef {import('./plan/verdicts.mjs').Outcome} Outcome */
/** @typedef {import('./plan/verdicts.mjs').RunState} RunState */
/** @typedef {import('./plan/verdicts.mjs').Evaluation} Evaluation */
/** @typedef {import('./plan/paths.mjs').PathSpec} PathSpec */
/** @typedef {import('./plan/steps.mjs').Step} Step */
/** @typedef {import('./plan/steps.mjs').Plan} Plan */
/** @typedef {import('./plan/context.mjs').PlanOptions} PlanOptions */

/**
 * The plan for one API version: each message resource's call sequence in the model's order, a reason for every
 * operation it cannot check, then only the steps the run's options need.
 * @param {KitModel} model
 * @param {PlanOptions} [options]
 * @returns {Plan}
 */
export function planOf(model, options = {}) {
  const plan = planContext(model, options);
  for (const resource of model.resources) planResource(plan, resource);
  reportUnplanned(plan);
  return prunedPlan(plan);
}
