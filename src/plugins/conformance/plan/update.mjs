// A resource's update: its refusals, the update (the spec's update example, or the message with one value changed)
// and a read that shows it kept (`kept`); then a PUT without an optional element, which a read shows gone
// (`replaces-whole`, our reading). Where the update is the create (a PUT that creates), its checks are `replace.…`.
import {changedCopies, shorterCopies, withIds} from '../inputs.mjs';
import {differences} from '../judge.mjs';
import {behaviour, operationSource} from '../sources.mjs';
import {answerChecks, statusCheck, successes} from './answer-checks.mjs';
import {bodyOf, example, firstOf, isObject, valid} from './bodies.mjs';
import {cannot, check} from './checks.mjs';
import {documentId} from './context.mjs';
import {keptJudge} from './kept.mjs';
import {refusals} from './refusals.mjs';
import {addStep, at} from './steps.mjs';
import {describe, fail, ifCarriedOut, pass, skip, success} from './verdicts.mjs';
import {code} from './words.mjs';

/** @typedef {import('../model.mjs').KitOperation} KitOperation */
/** @typedef {import('./verdicts.mjs').Outcome} Outcome */
/** @typedef {import('./sequence.mjs').Sequence} Sequence */

/** The update of the sequence's resource, where the run offers one. */
export function planUpdate(/** @type {Sequence} */ sequence) {
  const {replace} = sequence;
  if (!replace) return;
  const current = planReplace(sequence, replace);
  planReplacesWhole(sequence, replace, current);
}

/**
 * The update's refusals, the update, and a read of it.
 * @param {Sequence} sequence
 * @param {KitOperation} replace
 * @returns {unknown} the message as the server now holds it, where a read can show it
 */
function planReplace(sequence, replace) {
  const {plan, resource, group, read, dual, created, resourcePath, main, noRead} = sequence;
  const {model} = plan;
  const prefix = dual ? 'replace.' : '';
  if (!dual)
    refusals(
      plan,
      group,
      replace,
      () => ({value: main.value, path: resourcePath, label: `the ${resource.schema} of step ${at(created)}`}),
      {
        created: false,
        after: [created.n],
      },
    );
  const sameId = (/** @type {unknown} */ value) =>
    withIds(value, {documentId: main.documentId ?? documentId(plan), newId: plan.newId}).value;
  const updateExample = example(replace);
  let update = updateExample && !dual ? sameId(updateExample.value) : null;
  let updateLabel = updateExample && !dual ? `the spec's update example ${code(updateExample.name)}` : '';
  if (!update || differences(main.value, update).length === 0 || !valid(model, replace, update)) {
    // The example with one value changed, the first such copy the validator accepts.
    const changed = firstOf(changedCopies(plan.components, resource.schema, main.value), (candidate) =>
      valid(model, replace, candidate.copy),
    );
    update = changed ? changed.copy : null;
    if (changed) updateLabel = `the message of step ${at(created)} with ${changed.pointer} changed`;
  }
  const updateStatuses = successes(replace, 'other');
  const replaceKept = check(plan, replace, `${prefix}kept`, {
    title: 'an update is kept: the resource reads back as the update sent it',
    sources: [operationSource(model, replace), ...(read ? [operationSource(model, read, 'response 200')] : [])],
  });
  if (!update) {
    cannot(plan, [replaceKept], `the kit finds no value of the example it can change and still send a valid ${resource.schema}`);
    return main.value;
  }
  const updated = addStep(plan, group, {
    op: replace,
    path: resourcePath,
    body: bodyOf(model, update, updateLabel),
    purpose: `update the ${resource.schema} of step ${at(created)} with ${updateLabel}`,
    evaluations: [
      statusCheck(plan, replace, updateStatuses, `${prefix}status`, 'the update'),
      ...answerChecks(plan, replace, prefix, 'json', updateStatuses),
    ],
    after: [created.n],
  });
  if (!read) {
    cannot(plan, [replaceKept], noRead);
    return main.value;
  }
  addStep(plan, group, {
    op: read,
    path: resourcePath,
    body: null,
    purpose: `read the ${resource.schema} updated in step ${at(updated)}`,
    evaluations: [
      {primary: true, check: replaceKept, judge: ifCarriedOut(updated, 'update', keptJudge(model, read, update, 'json', null))},
    ],
    confirms: {group, check: replaceKept, what: `the ${resource.schema} updated in step ${at(updated)}`},
    after: [updated.n],
  });
  return update;
}

/**
 * What a PUT keeps of what its body leaves out (our reading: the whole message is replaced): the message without an
 * optional element, and a read that shows the element gone.
 * @param {Sequence} sequence
 * @param {KitOperation} replace
 * @param {unknown} current the message as the server holds it
 */
function planReplacesWhole(sequence, replace, current) {
  const {plan, resource, group, read, dual, created, resourcePath, noRead} = sequence;
  const {model} = plan;
  const whole = check(plan, replace, `${dual ? 'replace.' : ''}replaces-whole`, {
    title: 'a PUT that leaves out an optional element removes it: the body replaces the whole message',
    sources: [{label: 'PUT behavior', route: '/api/usage-notes/put-behavior#sources-disagree'}],
    ours: behaviour('replaces'),
  });
  const shorter = firstOf(shorterCopies(plan.components, resource.schema, current, Object.keys(resource.lines)), (s) =>
    valid(model, replace, s.copy),
  );
  if (!shorter || !read) return cannot(plan, [whole], shorter ? noRead : 'the example has no optional element to leave out');
  const put = addStep(plan, group, {
    op: replace,
    path: resourcePath,
    body: bodyOf(model, shorter.copy, `the message as it stands, without its optional ${code(shorter.name)}`),
    purpose: `update the ${resource.schema} without its optional ${code(shorter.name)}`,
    evaluations: [],
    after: [created.n],
  });
  addStep(plan, group, {
    op: read,
    path: resourcePath,
    body: null,
    purpose: `read the ${resource.schema} updated in step ${at(put)}: is ${code(shorter.name)} gone?`,
    evaluations: [
      {
        primary: true,
        check: whole,
        judge: (o, run) => {
          if (!success(run.outcomeOf(put.n)?.status ?? null))
            return skip(`the update of step ${put.n} answered ${describe(/** @type {Outcome} */ (run.outcomeOf(put.n)))}`);
          if (o.status !== 200) return skip(`the read answered ${describe(o)}`);
          try {
            const value = JSON.parse(o.text);
            return isObject(value) && shorter.name in value
              ? fail(`${code(shorter.name)} kept its stored value`)
              : pass(`${code(shorter.name)} is gone`);
          } catch {
            return skip('the answer is not JSON');
          }
        },
      },
    ],
    confirms: {group, check: whole, what: `the ${resource.schema} updated in step ${at(put)}`},
    after: [put.n],
  });
}
