// Refusals: a write the standard says a server refuses (`invalid-message`: a broken copy of the example,
// `missing-version`: no setuVersionId, `unsupported-content-type`: text/plain), and what every refusal carries
// (`error-object`: SETU's error object; `error-code`, our reading: its code and description).
import {brokenCopy, validInput} from '../inputs.mjs';
import {errorObjectOf} from '../judge.mjs';
import {behaviour, notes, operationSource} from '../sources.mjs';
import {pointerOf} from './answer-checks.mjs';
import {bodyOf, jsonText} from './bodies.mjs';
import {cannot, check} from './checks.mjs';
import {deleterOf} from './context.mjs';
import {requestHeaders} from './headers.mjs';
import {addStep} from './steps.mjs';
import {describe, fail, pass, skip, statusIs} from './verdicts.mjs';
import {code} from './words.mjs';

/** @typedef {import('../model.mjs').KitOperation} KitOperation */
/** @typedef {import('./verdicts.mjs').Evaluation} Evaluation */
/** @typedef {import('./paths.mjs').PathSpec} PathSpec */
/** @typedef {import('./context.mjs').PlanContext} PlanContext */

/**
 * The refusal checks of an error answer of an operation: SETU's error object, and its code (our reading); made once
 * per operation, as every refusal of it feeds the same checks.
 * @param {PlanContext} plan
 * @param {KitOperation} op
 * @returns {Evaluation[]}
 */
export function errorChecks(plan, op) {
  const {model} = plan;
  const known = plan.errorChecks.get(op);
  if (known) return known;
  const pointers = Object.keys(op.errors).map((s) => pointerOf(op, Number(s)));
  /** @type {Evaluation[]} */
  const list = [
    {
      check: check(plan, op, 'error-object', {
        title: 'every refusal carries SETU’s error object, `{code, description}` (both optional strings)',
        sources: [operationSource(model, op, `responses ${Object.keys(op.errors).join(', ') || '4xx'}`), notes.errorBody],
        pointers: pointers.length ? pointers : [`${op.pointer}/responses`],
      }),
      judge: (o) => {
        if (o.status === null || o.status < 400 || o.status >= 500) return skip(`not a refusal: ${describe(o)}`);
        const error = errorObjectOf(o.text, o.headers.get('content-type'));
        return error.object ? pass(error.detail) : fail(`${o.status}: ${error.detail}`);
      },
    },
    {
      check: check(plan, op, 'error-code', {
        title: 'every refusal’s error object names a `code` and a `description`',
        sources: [notes.errorBody],
        ours: {
          ...behaviour('errors'),
          reason:
            'The schema makes both members optional; a refusal without a code or a description tells the client nothing to act on. The sandbox always sends both.',
        },
      }),
      judge: (o) => {
        if (o.status === null || o.status < 400 || o.status >= 500) return skip(`not a refusal: ${describe(o)}`);
        const error = errorObjectOf(o.text, o.headers.get('content-type'));
        if (!error.object) return skip(`no error object (see ${model.id}.${op.operationId}.error-object)`);
        return error.named ? pass(error.detail) : fail(error.detail);
      },
    },
  ];
  plan.errorChecks.set(op, list);
  return list;
}

/**
 * The three refusals of a write: a broken copy of the example, no setuVersionId, an unsupported Content-Type, each
 * sent where a mistaken acceptance does no harm (a new id, or the resource the run made), and undone at once if accepted.
 * @param {PlanContext} plan
 * @param {string} group the call sequence they belong to
 * @param {KitOperation} op
 * @param {() => {value: unknown, path: PathSpec, label: string}} target a fresh body and path for each request
 * @param {{created: boolean, after: number[]}} how `created`: an accepted request makes a new resource at `path`
 */
export function refusals(plan, group, op, target, how) {
  if (!op.requestBody) return;
  const {model} = plan;
  const add = (/** @type {import('./steps.mjs').StepFields} */ fields) => addStep(plan, group, fields);
  const errors = errorChecks(plan, op);
  const undo = (/** @type {PathSpec} */ path) =>
    how.created
      ? {
          path,
          op: deleterOf(plan, op),
          label: `what ${op.operationId} made though it should have refused it`,
          when: /** @type {const} */ ('accepted'),
          fromLocation: op.kind === 'create-in-collection',
        }
      : undefined;
  // A broken copy: the example without a required property (a body the schema refuses).
  const broken = (() => {
    const t = target();
    if (op.requestBody.opaque) return {...t, text: '{"setu-conform": "not valid JSON"', label: 'a body that is not well-formed JSON'};
    const copy = brokenCopy(plan.components, op.requestBody.schema, t.value);
    if (!copy || validInput(model, op.requestBody.schema, jsonText(copy.copy), 'json').valid) return null;
    return {...t, text: jsonText(copy.copy), label: `${t.label}, without its required ${code(copy.name)} (${copy.pointer})`};
  })();
  const invalid = check(plan, op, 'invalid-message', {
    title: 'refuses a message its schema does not accept with 400',
    sources: [operationSource(model, op, `request body ${op.requestBody.schema}, response 400`), notes.status],
    // Refusing with 400 is the standard's (the usage note on response codes) where a spec declares no 400 itself.
    pointers: [`${op.pointer}/requestBody`],
  });
  if (broken) {
    add({
      op,
      path: broken.path,
      body: {text: broken.text, form: 'json', label: broken.label},
      purpose: `send a broken copy of the example: ${broken.label}`,
      evaluations: [{primary: true, check: invalid, judge: statusIs([400])}, ...errors],
      creates: undo(broken.path),
      after: how.after,
    });
  } else cannot(plan, [invalid], 'the example has no required property to leave out');
  const t = target();
  const versionPointers = op.parameterPointers.setuversionid ?? [];
  if (versionPointers.length) {
    add({
      op,
      path: t.path,
      headers: requestHeaders(model, op, {version: false}),
      body: bodyOf(model, t.value, t.label),
      purpose: 'send the example without the setuVersionId header',
      evaluations: [
        {
          primary: true,
          check: check(plan, op, 'missing-version', {
            title: 'refuses a write without the `setuVersionId` header with 400',
            sources: [operationSource(model, op, 'header setuVersionId (required)'), notes.status],
            pointers: versionPointers,
          }),
          judge: statusIs([400]),
        },
        ...errors,
      ],
      creates: undo(t.path),
      after: how.after,
    });
  }
  const u = target();
  add({
    op,
    path: u.path,
    headers: {...requestHeaders(model, op), 'Content-Type': 'text/plain'},
    body: bodyOf(model, u.value, `${u.label}, as Content-Type: text/plain`),
    purpose: 'send the example as Content-Type: text/plain',
    evaluations: [
      {
        primary: true,
        check: check(plan, op, 'unsupported-content-type', {
          title: `refuses a body in a form it does not take (${code('Content-Type: text/plain')}) with 400, as SETU’s response codes say of an invalid request`,
          sources: [operationSource(model, op, `request body ${op.requestBody.mediaTypes.join(', ')}`), notes.status],
          pointers: [`${op.pointer}/requestBody`],
        }),
        // SETU's list of response codes (the usage note, from the standard's own) has 400 for a request that is not
        // valid and no 415, nor does any published specification: HTTP's own code is not the standard's.
        judge: (o) =>
          o.status === 415
            ? fail(
                `${describe(o)}: 415 is HTTP’s own code for an unsupported media type, but SETU’s list of response codes has 400 for a request that is not valid, and no 415`,
              )
            : statusIs([400])(o),
      },
      ...errors,
    ],
    creates: undo(u.path),
    after: how.after,
  });
}
