// The start of a resource's sequence: the create's refusals, the create (`status` and the answer's checks), the reads
// that show what was created is kept (`kept`, as JSON and as XML), and a second create at the same id (`exists`, our
// reading).
import {messageTypeOf, toXml, withIds} from '../inputs.mjs';
import {behaviour, notes, operationSource} from '../sources.mjs';
import {answerChecks, respond, statusCheck, successes} from './answer-checks.mjs';
import {bodyOf} from './bodies.mjs';
import {cannot, check} from './checks.mjs';
import {documentId} from './context.mjs';
import {requestHeaders, xml} from './headers.mjs';
import {keptJudge} from './kept.mjs';
import {locationBinding, newPath} from './paths.mjs';
import {errorChecks, refusals} from './refusals.mjs';
import {addStep, at} from './steps.mjs';
import {statusIs} from './verdicts.mjs';
import {xmlReadEvaluations} from './xml.mjs';
import {a, code} from './words.mjs';

/** @typedef {import('../model.mjs').KitOperation} KitOperation */
/** @typedef {import('./sequence.mjs').ResourceCalls} ResourceCalls */
/** @typedef {import('./sequence.mjs').Sequence} Sequence */

/**
 * Creates the sequence's resource, after its refusals, and reads it back.
 * @param {ResourceCalls} calls
 * @param {{setup: number[], example: {name: string, value: unknown}}} start what setUp (sequence.mjs) found
 * @returns {Sequence}
 */
export function planCreate(calls, {setup, example}) {
  const {plan, resource, group, singleton, inCollection, binding, mainPath, createPath, remove} = calls;
  const {model, newId} = plan;
  const creator = /** @type {KitOperation} */ (calls.creator);
  const label = (/** @type {string} */ name, /** @type {string} */ docId) =>
    `the spec's example ${code(name)}${docId ? ` with documentId ${docId}` : ''}`;

  // The create's refusals, each at a new id (or at the collection), undone if accepted.
  refusals(
    plan,
    group,
    creator,
    () => {
      const ids = withIds(example.value, {documentId: documentId(plan), newId});
      const path = singleton ? {template: resource.template, values: {}} : newPath(resource.template, {}, newId);
      return {value: ids.value, path: createPath(path), label: label(example.name, ids.documentId ?? '')};
    },
    {created: true, after: setup},
  );

  const main = withIds(example.value, {documentId: documentId(plan), documentIds: plan.documentIds, newId});
  const createStatuses = successes(creator, 'create');
  const created = addStep(plan, group, {
    op: creator,
    path: createPath(singleton ? {template: resource.template, values: {}} : mainPath),
    body: bodyOf(model, main.value, label(example.name, main.documentId ?? '')),
    purpose: `create ${a(resource.schema)}${inCollection ? ' (the server chooses its id and names it in Location)' : ''}`,
    evaluations: [
      statusCheck(plan, creator, createStatuses, 'status', 'the create'),
      ...answerChecks(plan, creator, '', 'json', createStatuses),
    ],
    essential: {
      group,
      statuses: creator.responses.map((r) => r.status).filter((s) => s >= 200 && s < 300),
      ...(inCollection ? {binding: locationBinding(resource.template, binding)} : {}),
    },
    creates: {path: mainPath, op: remove ?? null, label: `the ${resource.schema} the kit created`, when: 'success'},
    after: setup,
  });
  /** @type {Sequence} */
  const sequence = {
    ...calls,
    creator,
    example,
    label,
    setup,
    createStatuses,
    main,
    created,
    resourcePath: singleton ? {template: resource.template, values: {}} : mainPath,
  };
  planReadBack(sequence);
  planCreateAgain(sequence);
  return sequence;
}

/** Reads of what was created: as JSON (which confirms the create), as XML where the read offers it. */
function planReadBack(/** @type {Sequence} */ sequence) {
  const {plan, resource, group, creator, read, created, resourcePath, main, noRead} = sequence;
  const {model} = plan;
  const kept = check(plan, creator, 'kept', {
    title: `what was created reads back equal to what was sent`,
    sources: [operationSource(model, creator), ...(read ? [operationSource(model, read, 'response 200')] : [])],
  });
  if (!read) return cannot(plan, [kept], noRead);
  // An object per step: pruning rewrites its step numbers in place.
  const confirms = () => ({group, check: kept, what: `the ${resource.schema} created in step ${at(created)}`});
  addStep(plan, group, {
    op: read,
    path: resourcePath,
    body: null,
    purpose: `read the ${resource.schema} of step ${at(created)} as JSON`,
    evaluations: [
      statusCheck(plan, read, [200], 'status', 'the read'),
      ...answerChecks(plan, read, '', 'json', [200]),
      {check: kept, judge: keptJudge(model, read, main.value, 'json', null)},
    ],
    confirms: confirms(),
    after: [created.n],
  });
  const xmlRead =
    respond(read, 200)?.body?.mediaTypes.includes(xml) &&
    messageTypeOf(model, resource.schema)?.xml &&
    toXml(model, resource.schema, main.value) !== null;
  if (!xmlRead) return;
  addStep(plan, group, {
    op: read,
    headers: requestHeaders(model, read, {accept: 'xml'}),
    path: resourcePath,
    body: null,
    purpose: `read the ${resource.schema} of step ${at(created)} as XML`,
    evaluations: xmlReadEvaluations(plan, read, {
      what: 'the read',
      holds: 'message',
      judge: keptJudge(model, read, main.value, 'xml', null),
    }),
    confirms: confirms(),
    after: [created.n],
  });
}

/** A second create at the same id: refused (our reading). */
function planCreateAgain(/** @type {Sequence} */ sequence) {
  const {plan, resource, group, creator, created, resourcePath, example, label} = sequence;
  if (creator.kind !== 'create' || creator.responses.some((r) => r.status === 200)) return;
  const again = withIds(example.value, {documentId: documentId(plan), newId: plan.newId});
  addStep(plan, group, {
    op: creator,
    path: resourcePath,
    body: bodyOf(plan.model, again.value, label(example.name, again.documentId ?? '')),
    purpose: `create ${a(resource.schema)} again at the id of step ${at(created)}`,
    evaluations: [
      {
        primary: true,
        check: check(plan, creator, 'exists', {
          title: 'refuses a create at an id already in use with 400',
          sources: [notes.identifiers],
          ours: behaviour('exists'),
        }),
        judge: statusIs([400]),
      },
      ...errorChecks(plan, creator),
    ],
    after: [created.n],
    needs: [group],
  });
}
