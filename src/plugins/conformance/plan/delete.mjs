// The end of a resource's sequence: its delete (`status`, and `no-content`, our reading, where 204 is declared beside
// 200), and a read that finds nothing (`gone`). What a failed run leaves is deleted by the runner's clean-up, from
// the steps' `creates`.
import {behaviour, notes, operationSource} from '../sources.mjs';
import {answerChecks, statusCheck, successes} from './answer-checks.mjs';
import {cannot, check} from './checks.mjs';
import {errorChecks} from './refusals.mjs';
import {addStep, at} from './steps.mjs';
import {describe, fail, ifCarriedOut, pass, skip, statusIs, success} from './verdicts.mjs';

/** @typedef {import('./verdicts.mjs').Evaluation} Evaluation */
/** @typedef {import('./sequence.mjs').Sequence} Sequence */

/** The delete of the sequence's resource, where the run offers one, and a read after it. */
export function planDelete(/** @type {Sequence} */ sequence) {
  const {plan, resource, group, read, remove, created, resourcePath, noRead} = sequence;
  if (!remove) return;
  const {model} = plan;
  const statuses = successes(remove, 'other');
  /** @type {Evaluation[]} */
  const evaluations = [statusCheck(plan, remove, statuses, 'status', 'the delete'), ...answerChecks(plan, remove, '', 'json', statuses)];
  if (statuses.includes(204) && statuses.length > 1)
    evaluations.push({
      check: check(plan, remove, 'no-content', {
        title: 'a delete answers 204 No Content rather than 200 with the deleted message: our choice of the two the specification declares',
        sources: [operationSource(model, remove, 'responses 200 and 204')],
        ours: behaviour('delete'),
      }),
      judge: (o) =>
        o.status === 204 ? pass(describe(o)) : success(o.status) ? fail(describe(o)) : skip(`the delete answered ${describe(o)}`),
    });
  const deleted = addStep(plan, group, {
    op: remove,
    path: resourcePath,
    body: null,
    purpose: `delete the ${resource.schema} of step ${at(created)}`,
    evaluations,
    deletes: resourcePath,
    after: [created.n],
  });
  const gone = check(plan, remove, 'gone', {
    title: 'a deleted resource is gone: a read of it answers 404',
    sources: [operationSource(model, remove), notes.status],
  });
  if (!read) return cannot(plan, [gone], noRead);
  addStep(plan, group, {
    op: read,
    path: resourcePath,
    body: null,
    purpose: `read the ${resource.schema} deleted in step ${at(deleted)}`,
    evaluations: [{primary: true, check: gone, judge: ifCarriedOut(deleted, 'delete', statusIs([404]))}, ...errorChecks(plan, read)],
    confirmsGone: {path: resourcePath, check: gone},
    after: [deleted.n],
  });
}
