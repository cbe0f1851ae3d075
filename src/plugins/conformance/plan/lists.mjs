// A resource's lists: those below it (the messages that refer to it) and those that select by a query parameter; each
// answers as declared, and holds a message the kit made (`members`, our reading), created for it where needed.
import {withIds} from '../inputs.mjs';
import {behaviour, operationSource} from '../sources.mjs';
import {answerChecks, statusCheck} from './answer-checks.mjs';
import {bodyOf, example} from './bodies.mjs';
import {cannot, check} from './checks.mjs';
import {documentId} from './context.mjs';
import {boundPath, locationBinding} from './paths.mjs';
import {addStep, at} from './steps.mjs';
import {describe, fail, pass, skip} from './verdicts.mjs';
import {a, code} from './words.mjs';

/** @typedef {import('../model.mjs').KitOperation} KitOperation */
/** @typedef {import('./verdicts.mjs').Evaluation} Evaluation */
/** @typedef {import('./paths.mjs').PathSpec} PathSpec */
/** @typedef {import('./sequence.mjs').Sequence} Sequence */

/** Every list of the sequence's resource, in the order the run offers them. */
export function planLists(/** @type {Sequence} */ sequence) {
  for (const list of sequence.ops.filter((op) => op.kind === 'list-related' || op.kind === 'list-matching')) planList(sequence, list);
}

/**
 * A list, after what it should hold: the message a list-matching list selects is the one the sequence created; a
 * list-related list gets a message of its own that refers to it.
 * @param {Sequence} sequence
 * @param {KitOperation} list
 */
function planList(sequence, list) {
  const {plan, resource, group, created, resourcePath, main} = sequence;
  const query = list.parameters
    .filter((p) => p.in === 'query' && p.required)
    .map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(String(p.example ?? ''))}`)
    .join('&');
  const listPath = /** @type {PathSpec} */ ({
    template: list.path,
    values: list.kind === 'list-related' ? resourcePath.values : {},
    query: query ? `?${query}` : '',
  });
  const memberCreator =
    list.kind === 'list-related'
      ? plan.offered.find((o) => o.kind === 'create-in-collection' && o.schema === list.schema && o.examples.length)
      : undefined;
  const members = check(plan, list, 'members', {
    title:
      list.kind === 'list-related'
        ? `the list holds ${a(list.schema)} that refers to the ${resource.schema}`
        : `the list holds the ${list.schema} that holds the value asked for`,
    sources: [operationSource(plan.model, list, 'response 200')],
    ours: behaviour('lists'),
  });
  const member = memberCreator ? planMember(sequence, list, memberCreator) : null;
  const before = member ? [member.step.n] : [created.n];
  const memberDocument = member ? member.documentId : list.kind === 'list-matching' ? main.documentId : null;
  /** @type {Evaluation} */
  const holdsMember = {
    check: members,
    judge: (o) => {
      if (o.status !== 200) return skip(`the list answered ${describe(o)}`);
      try {
        const items = JSON.parse(o.text);
        if (!Array.isArray(items)) return skip('the answer is not a list');
        return items.some((i) => i?.documentId?.value === memberDocument)
          ? pass(`${items.length} items, the kit's among them`)
          : fail(`${items.length} items, none with documentId ${memberDocument}`);
      } catch {
        return skip('the answer is not JSON');
      }
    },
  };
  addStep(plan, group, {
    op: list,
    path: listPath,
    body: null,
    purpose: `list the ${list.schema}s ${list.kind === 'list-related' ? `of the ${resource.schema} of step ${at(created)}` : `that hold ${query}`}`,
    evaluations: [
      statusCheck(plan, list, [200], 'status', 'the list'),
      ...answerChecks(plan, list, '', 'json', [200]),
      ...(memberDocument ? [holdsMember] : []),
    ],
    after: before,
  });
  if (!memberDocument)
    cannot(plan, [members], `no create of ${a(list.schema)} is among this run's operations, so the kit has none to find in the list`);
}

/**
 * A message for a list-related list to hold: the spec's example of its create, referring to the sequence's resource;
 * only where the run can delete it again (or may leave it).
 * @param {Sequence} sequence
 * @param {KitOperation} list
 * @param {KitOperation} memberCreator
 * @returns {{step: import('./steps.mjs').Step, documentId: string | null} | null}
 */
function planMember(sequence, list, memberCreator) {
  const {plan, resource, group, created} = sequence;
  const memberResource = memberCreator.resource;
  const memberDelete = plan.offered.find((o) => o.kind === 'delete' && o.resource === memberResource);
  if (!memberDelete && !plan.allowLeftovers) return null;
  const memberExample = /** @type {{name: string, value: unknown}} */ (example(memberCreator));
  const member = withIds(memberExample.value, {documentId: documentId(plan), documentIds: plan.documentIds, newId: plan.newId});
  const memberBinding = `${memberResource} (member of ${list.operationId})`;
  const step = addStep(plan, group, {
    op: memberCreator,
    group: `${group} ${list.operationId}`,
    path: {template: memberCreator.path, values: {}},
    body: bodyOf(
      plan.model,
      member.value,
      `the spec's example ${code(memberExample.name)} with documentId ${member.documentId}, referring to the ${resource.schema} of step ${at(created)}`,
    ),
    purpose: `create ${a(list.schema)} that refers to the ${resource.schema} of step ${at(created)}`,
    evaluations: [],
    essential: {group: `${group} ${list.operationId}`, statuses: [200, 201], binding: locationBinding(memberResource, memberBinding)},
    creates: {
      path: boundPath(memberResource, memberBinding),
      op: memberDelete ?? null,
      label: `the ${list.schema} the kit created for ${list.operationId}`,
      when: 'success',
    },
    after: [created.n],
  });
  return {step, documentId: member.documentId};
}
