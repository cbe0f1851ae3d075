// What every answer of a call is checked on: its status (`status`), the headers the spec declares for it (`date`,
// `location`, `content-location`), its Content-Type (`content-type`) and its body, judged by the validator (`body`).
// An XML read's checks are the same under `xml.` (xml.mjs).
import {judgeBody, mediaTypeOf} from '../judge.mjs';
import {behaviour, kindAt, notes, operationSource} from '../sources.mjs';
import {check} from './checks.mjs';
import {json, xml} from './headers.mjs';
import {templateMatch} from './paths.mjs';
import {describe, fail, pass, skip, statusIs} from './verdicts.mjs';
import {code, statusWords} from './words.mjs';

/** @typedef {import('../model.mjs').KitModel} KitModel */
/** @typedef {import('../model.mjs').KitOperation} KitOperation */
/** @typedef {import('../sources.mjs').Source} Source */
/** @typedef {import('./verdicts.mjs').Evaluation} Evaluation */
/** @typedef {import('./context.mjs').PlanContext} PlanContext */

/** The answer an operation declares for a status, if any. */
export const respond = (/** @type {KitOperation} */ op, /** @type {number | null} */ status) =>
  op.responses.find((r) => r.status === status);

/** Where the spec declares an operation's answer of a status. */
export const pointerOf = (/** @type {KitOperation} */ op, /** @type {number} */ status) => `${op.pointer}/responses/${status}`;

/** The statuses a success of an operation may have, in its role: a create's 201 where declared, never 202. */
export function successes(/** @type {KitOperation} */ op, /** @type {'create' | 'other'} */ role) {
  const declared = op.responses.map((r) => r.status).filter((s) => s !== 202);
  if (role === 'create' && declared.includes(201)) return [201];
  const other = declared.filter((s) => s !== 201);
  return other.length ? other : declared;
}

/**
 * `status`: the answer has one of the statuses the spec declares for the call.
 * @param {PlanContext} plan
 * @param {KitOperation} op
 * @param {number[]} wantedStatuses
 * @param {string} name the check's name (`status`, `xml.status`, `replace.status`, `xml-request`)
 * @param {string} what the call, as the title names it
 * @param {{sources?: Source[], pointers?: string[]}} [more]
 * @returns {Evaluation}
 */
export function statusCheck(plan, op, wantedStatuses, name, what, more = {}) {
  return {
    primary: true,
    check: check(plan, op, name, {
      title: (declared) => `${what} answers ${statusWords(wantedStatuses)}, as ${declared}`,
      sources: [operationSource(plan.model, op, `response ${statusWords(wantedStatuses)}`), notes.status, ...(more.sources ?? [])],
      pointers: [...wantedStatuses.map((s) => pointerOf(op, s)), ...(more.pointers ?? [])],
    }),
    judge: statusIs(wantedStatuses),
  };
}

/**
 * The evaluations of an answer's headers, Content-Type and body, for the status it has.
 * @param {PlanContext} plan
 * @param {KitOperation} op
 * @param {string} prefix of the checks' names (`xml.` for a read as XML, `replace.` for the update of a PUT that creates)
 * @param {'json' | 'xml'} form the form asked for
 * @param {number[]} statuses the statuses the call may answer with
 * @returns {Evaluation[]}
 */
export function answerChecks(plan, op, prefix, form, statuses) {
  const declared = statuses.map((s) => respond(op, s)).filter((r) => r !== undefined);
  // The headers are the same in either form: checked on JSON answers only.
  const list = form === 'json' ? headerChecks(plan, op, prefix, declared) : [];
  const withBody = declared.filter((r) => r.body);
  if (withBody.length === 0) return list;
  return [...list, ...contentChecks(plan, op, prefix, form, withBody)];
}

/** The templates a Location (or Content-Location) of an operation's answer may name: the resource, or the line, it made. */
function locationTemplates(/** @type {KitModel} */ model, /** @type {KitOperation} */ op) {
  if (op.kind === 'create-in-collection') return [op.resource];
  if (op.kind === 'add-lines')
    return [
      ...new Set(
        Object.values(model.resources.find((r) => r.template === op.resource)?.lines ?? {}).map((l) => /** @type {string} */ (l.template)),
      ),
    ];
  return [op.path];
}

/**
 * A check of each header the answers declare: a Date that is an HTTP date, a Location (or Content-Location) that is
 * the address of what the call made.
 * @param {PlanContext} plan
 * @param {KitOperation} op
 * @param {string} prefix
 * @param {KitOperation['responses']} declared
 * @returns {Evaluation[]}
 */
function headerChecks(plan, op, prefix, declared) {
  const {model} = plan;
  return [...new Set(declared.flatMap((r) => r.headers))].map((header) => {
    const lower = header.toLowerCase();
    const declaredAt = declared.filter((r) => r.headers.includes(header)).map((r) => `${pointerOf(op, r.status)}/headers/${header}`);
    const ours = lower === 'location' && kindAt(model, declaredAt).kind === 'our-reading' ? behaviour('location') : undefined;
    return {
      check: check(plan, op, `${prefix}${lower}`, {
        title: ours
          ? `the answer carries a ${header} header, the address of the resource: our recommendation, which this site’s specification adds to the published one`
          : (declared) =>
              `the answer carries the ${header} header ${declared}${lower === 'date' ? ', a valid HTTP date' : ', the address of the resource'}`,
        sources: [
          operationSource(
            model,
            op,
            `response ${statusWords(declared.filter((r) => r.headers.includes(header)).map((r) => r.status))}, header ${header}`,
          ),
        ],
        pointers: declaredAt,
        ours,
      }),
      /** @type {Evaluation['judge']} */
      judge: (o, run) => {
        if (o.status === null || !declared.find((r) => r.status === o.status)?.headers.includes(header))
          return skip(`no ${header} is declared for ${describe(o)}`);
        const value = o.headers.get(header);
        if (!value) return fail(`no ${header} header`);
        if (lower === 'date')
          return Number.isNaN(Date.parse(value)) ? fail(`${header}: ${value}, not an HTTP date`) : pass(`${header}: ${value}`);
        const where = run.locate(value);
        if ('error' in where) return fail(`${header}: ${value}: ${where.error}`);
        const templates = locationTemplates(model, op);
        if (!templates.some((t) => templateMatch(t, where.path)))
          return fail(`${header}: ${value}, which is not the address of ${templates.map(code).join(' or ')}`);
        if (['create', 'replace'].includes(op.kind) && op.path.includes('{') && where.path !== run.requestPath)
          return fail(`${header}: ${value}, not the path the resource was created at (${run.requestPath})`);
        return pass(`${header}: ${value}`);
      },
    };
  });
}

/**
 * The checks of an answer's body: its Content-Type is the form asked for, and the validator accepts it.
 * @param {PlanContext} plan
 * @param {KitOperation} op
 * @param {string} prefix
 * @param {'json' | 'xml'} form
 * @param {KitOperation['responses']} withBody the declared answers that have a body
 * @returns {Evaluation[]}
 */
function contentChecks(plan, op, prefix, form, withBody) {
  const {model} = plan;
  const mediaType = form === 'json' ? json : xml;
  const contentType = check(plan, op, `${prefix}content-type`, {
    title: `the answer's Content-Type is ${code(mediaType)}, the form ${form === 'json' ? 'the request' : 'Accept'} asked for`,
    sources: [
      operationSource(model, op, `response ${statusWords(withBody.map((r) => r.status))}, ${mediaType}`),
      ...(form === 'xml' ? [notes.xml] : []),
    ],
    pointers: withBody.map((r) => `${pointerOf(op, r.status)}/content/${mediaType.replace('/', '~1')}`),
  });
  const schemas = [...new Set(withBody.map((r) => r.body?.list?.schema ?? r.body?.schema))].filter(Boolean).join(' or ');
  const body = check(plan, op, `${prefix}body`, {
    title: `the answer is a valid ${schemas}${form === 'xml' ? ' in its XML form (the XSD’s element order included)' : ''}, as the validator judges it${model.rulesRoute ? ', business rules included' : ''}`,
    sources: [
      operationSource(model, op, `response ${statusWords(withBody.map((r) => r.status))}, schema ${schemas}`),
      ...(model.rulesRoute ? [{label: `Business rules of ${model.standard} ${model.version}`, route: model.rulesRoute}] : []),
      ...(form === 'xml' ? [notes.xml] : []),
    ],
    pointers: withBody.map((r) => `${pointerOf(op, r.status)}/content/${mediaType.replace('/', '~1')}`),
  });
  return [
    {
      check: contentType,
      judge: (o) => {
        if (!respond(op, o.status)?.body) return skip(`no body is declared for ${describe(o)}`);
        const got = o.headers.get('content-type');
        return mediaTypeOf(got) === mediaType
          ? pass(`Content-Type: ${got}`)
          : fail(got ? `Content-Type: ${got}` : 'no Content-Type header');
      },
    },
    {
      check: body,
      judge: (o) => {
        const response = respond(op, o.status);
        if (!response?.body) return skip(`no body is declared for ${describe(o)}`);
        if (o.truncated) return fail('the answer is larger than the kit reads (5 MB)');
        return judgeBody(model, response.body, o.text, form);
      },
    },
  ];
}
