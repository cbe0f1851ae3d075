// SETU's XML form: a read with `Accept: application/xml` (`xml.status`, `xml.content-type`, `xml.body`, `xml.kept`),
// of a message or of a line; and a create sent in the XML form, read back as JSON (`xml-request`,
// `xml-request.kept`). Where Accept or the XML body is this site's addition to a spec, its checks are our reading.
import {messageTypeOf, withIds} from '../inputs.mjs';
import {notes, operationSource} from '../sources.mjs';
import {answerChecks, pointerOf, statusCheck} from './answer-checks.mjs';
import {bodyOf} from './bodies.mjs';
import {cannot, check, reKind} from './checks.mjs';
import {documentId} from './context.mjs';
import {requestHeaders, xml} from './headers.mjs';
import {keptJudge} from './kept.mjs';
import {boundPath, locationBinding, newPath} from './paths.mjs';
import {addStep, at} from './steps.mjs';
import {a} from './words.mjs';

/** @typedef {import('../model.mjs').KitOperation} KitOperation */
/** @typedef {import('./verdicts.mjs').Evaluation} Evaluation */
/** @typedef {import('./context.mjs').PlanContext} PlanContext */
/** @typedef {import('./sequence.mjs').Sequence} Sequence */

/**
 * The checks of a read with `Accept: application/xml`: those of any answer under `xml.`, and that it holds what was sent.
 * @param {PlanContext} plan
 * @param {KitOperation} read
 * @param {{what: string, holds: 'message' | 'line', judge: Evaluation['judge']}} how `what`: the read, as the status
 *   check's title names it; `judge`: of `xml.kept`
 * @returns {Evaluation[]}
 */
export function xmlReadEvaluations(plan, read, {what, holds, judge}) {
  const xmlPointers = [`${pointerOf(read, 200)}/content/application~1xml`, ...(read.parameterPointers.accept ?? [])];
  const evaluations = [
    statusCheck(plan, read, [200], 'xml.status', `${what} with \`Accept: application/xml\``),
    ...answerChecks(plan, read, 'xml.', 'xml', [200]),
    {
      check: check(plan, read, 'xml.kept', {
        title: `the XML answer holds the ${holds} that was sent`,
        sources: [operationSource(plan.model, read, 'response 200, application/xml'), notes.xml],
        pointers: xmlPointers,
      }),
      judge,
    },
  ];
  // Asking for XML is our reading where Accept is this site's addition: every XML check of the read says so.
  for (const e of evaluations) reKind(plan.model, e.check, xmlPointers);
  return evaluations;
}

/** A create in the XML form, where the create takes it: at a new id, in a group of its own, read back as JSON. */
export function planXmlCreate(/** @type {Sequence} */ sequence) {
  const {plan, resource, group, creator, read, remove, singleton, dual, inCollection} = sequence;
  const {model, newId} = plan;
  if (singleton || dual || !creator.requestBody?.mediaTypes.includes(xml) || !messageTypeOf(model, creator.requestBody.schema)?.xml) return;
  const {example, label, binding, createPath, createStatuses, setup, noRead} = sequence;
  const other = withIds(example.value, {documentId: documentId(plan), newId});
  const xmlBody = bodyOf(
    model,
    other.value,
    `${label(example.name, other.documentId ?? '')}, in its XML form`,
    'xml',
    creator.requestBody.schema,
  );
  if (!xmlBody) return;
  const xmlBinding = `${binding}, XML`;
  const xmlPath = inCollection ? boundPath(resource.template, xmlBinding) : newPath(resource.template, {}, newId);
  const xmlGroup = `${group} (XML)`;
  const xmlCreate = addStep(plan, group, {
    op: creator,
    group: xmlGroup,
    needs: [],
    headers: requestHeaders(model, creator, {form: 'xml'}),
    path: createPath(xmlPath),
    body: xmlBody,
    purpose: `create ${a(resource.schema)} sent in its XML form`,
    evaluations: [
      statusCheck(plan, creator, createStatuses, 'xml-request', 'a create sent in the XML form (`Content-Type: application/xml`)', {
        sources: [notes.xml],
        pointers: [`${creator.pointer}/requestBody/content/application~1xml`],
      }),
    ],
    essential: {
      group: xmlGroup,
      statuses: creator.responses.map((r) => r.status).filter((s) => s >= 200 && s < 300),
      ...(inCollection ? {binding: locationBinding(resource.template, xmlBinding)} : {}),
    },
    creates: {path: xmlPath, op: remove ?? null, label: `the ${resource.schema} the kit created in XML`, when: 'success'},
    after: setup,
  });
  const xmlKept = check(plan, creator, 'xml-request.kept', {
    title: 'what was created in XML reads back as JSON equal to the same message',
    sources: [operationSource(model, creator, 'request body application/xml'), notes.xml],
    pointers: [`${creator.pointer}/requestBody/content/application~1xml`],
  });
  if (!read) return cannot(plan, [xmlKept], noRead);
  addStep(plan, group, {
    op: read,
    group: xmlGroup,
    needs: [xmlGroup],
    path: xmlPath,
    body: null,
    purpose: `read the ${resource.schema} of step ${at(xmlCreate)} as JSON`,
    evaluations: [{check: xmlKept, judge: keptJudge(model, read, other.value, 'json', null), primary: true}],
    confirms: {group: xmlGroup, check: xmlKept, what: `the ${resource.schema} created in XML in step ${at(xmlCreate)}`},
    after: [xmlCreate.n],
  });
}
