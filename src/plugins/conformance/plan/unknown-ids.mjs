// Calls on what the server does not hold (`unknown-id`): a resource at a new id (404; an update does not create), and
// a line the message the run made does not hold.
import {idPrefix, withIds} from '../inputs.mjs';
import {notes, operationSource} from '../sources.mjs';
import {bodyOf} from './bodies.mjs';
import {check} from './checks.mjs';
import {deleterOf, documentId} from './context.mjs';
import {newPath} from './paths.mjs';
import {errorChecks} from './refusals.mjs';
import {addStep, at} from './steps.mjs';
import {statusIs} from './verdicts.mjs';
import {a, code} from './words.mjs';

/** @typedef {import('../model.mjs').KitOperation} KitOperation */
/** @typedef {import('./context.mjs').PlanContext} PlanContext */
/** @typedef {import('./lines.mjs').LineKind} LineKind */

/**
 * A call on an id the server does not hold: 404 (not for a PUT that creates). It needs nothing the run made, so it
 * is sent in a group of its own, also where the sequence cannot make a resource.
 * @param {PlanContext} plan
 * @param {KitOperation} op
 * @param {boolean} creates the call is a PUT that creates
 */
export function unknownId(plan, op, creates) {
  if (creates || op.responses.some((r) => r.status === 201 && op.kind === 'replace')) return;
  const {model, newId} = plan;
  const resourceTemplate = op.kind === 'list-related' ? op.resource : op.path;
  const resource = model.resources.find((r) => r.template === op.resource);
  const unknown = withIds(op.examples[0]?.value ?? null, {documentId: documentId(plan), newId});
  const path = op.kind === 'list-related' ? {...newPath(resourceTemplate, {}, newId), template: op.path} : newPath(op.path, {}, newId);
  const group = `${op.resource} (unknown ids)`;
  addStep(plan, group, {
    op,
    group,
    needs: [],
    path,
    body: op.requestBody && op.examples[0] ? bodyOf(model, unknown.value, `the spec's example ${code(op.examples[0].name)}`) : null,
    purpose: `${op.method} ${a(resource?.schema ?? 'resource')} at an id the server does not hold`,
    evaluations: [
      {
        primary: true,
        check: check(plan, op, 'unknown-id', {
          title: `answers 404 for an id the server does not hold${op.kind === 'replace' ? ' (an update does not create)' : ''}`,
          sources: [operationSource(model, op, 'response 404'), notes.status],
          pointers: [op.pointer],
        }),
        judge: statusIs([404]),
      },
      ...errorChecks(plan, op),
    ],
    creates: op.requestBody
      ? {path, op: deleterOf(plan, op), label: `what ${op.operationId} made at an unknown id`, when: 'accepted'}
      : undefined,
  });
}

/** A read, update and delete of a line id the message the run made does not hold: 404. */
export function unknownLineIds(/** @type {LineKind} */ kind) {
  const {sequence, adders, readLine, replaceLine, deleteLine, linePath, fresh} = kind;
  const {plan, resource, group, created} = sequence;
  for (const op of [readLine, replaceLine, deleteLine]) {
    if (!op) continue;
    // An update sends a line: the first of the add's example, under a new id.
    const value = op.kind === 'replace-line' && adders[0] ? fresh(adders[0]) : null;
    const property = value ? Object.keys(/** @type {object} */ (value.value))[0] : '';
    const lineValue = value ? {[property]: [value.value[property][0]]} : null;
    const unknownLine = value?.lineIds[0] ?? `${idPrefix}${plan.newId()}`;
    addStep(plan, group, {
      op,
      path: linePath(unknownLine),
      body: lineValue ? bodyOf(plan.model, lineValue, `a line ${unknownLine} the message does not hold`) : null,
      purpose: `${op.method} a line the ${resource.schema} of step ${at(created)} does not hold`,
      evaluations: [
        {
          primary: true,
          check: check(plan, op, 'unknown-id', {
            title: 'answers 404 for a line the message does not hold',
            sources: [operationSource(plan.model, op, 'response 404'), notes.status],
            pointers: [op.pointer],
          }),
          judge: statusIs([404]),
        },
        ...errorChecks(plan, op),
      ],
      after: [created.n],
    });
  }
}
