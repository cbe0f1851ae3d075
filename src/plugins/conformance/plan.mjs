// The kit's plan for one API version: every request it sends, in the standard's own call sequences, and the named
// checks each answer feeds. Per message resource: the refusals of its create (a broken copy of the example, no
// setuVersionId, an unsupported Content-Type), the create, a read as JSON and as XML, a create in XML, the refusals of
// its update, the update and a read, the lines (add, read, replace, delete under their message), its lists, the delete
// and a read, and calls on ids the server does not hold. Everything follows from the kit's model of the spec
// (model.mjs): nothing here names an API, a path or a message. The same plan is the dry run's output, the command's
// run (runner.mjs), the page /docs/conformance (its checks) and the tests'.
import {componentsOf, messageTypeOf, toXml, withIds, brokenCopy, changedCopies, shorterCopies, validInput, idPrefix} from './inputs.mjs';
import {judgeBody, modelOfAnswer, differences, errorObjectOf, mediaTypeOf} from './judge.mjs';
import {behaviour, kindAt, notes, operationSource} from './sources.mjs';
import {kindOf} from './check-kinds.mjs';
import {paramOf, segmentsOf} from '../sandbox/handlers/path-template.mjs';

/** @typedef {import('./model.mjs').KitModel} KitModel */
/** @typedef {import('./model.mjs').KitOperation} KitOperation */
/** @typedef {import('./sources.mjs').Check} Check */
/** @typedef {import('./sources.mjs').Source} Source */
/** @typedef {import('./judge.mjs').Verdict} Verdict */

/**
 * What came back for a request: the answer, or why there is none.
 * @typedef {object} Outcome
 * @property {number | null} status null: no answer
 * @property {Headers} headers
 * @property {string} text the body as UTF-8 text, up to the client's limit
 * @property {boolean} truncated the body went past the limit
 * @property {string | null} failure why there is no answer (a timeout, a refused connection)
 * @property {string | null} redirect where a 3xx answer pointed (never followed)
 * @property {number} ms
 */

/**
 * The run so far, as a step's checks see it.
 * @typedef {object} RunState
 * @property {Record<string, string>} bindings ids the server chose (from a create's Location), by name
 * @property {(n: number) => Outcome | undefined} outcomeOf the outcome of an earlier step
 * @property {(location: string) => {path: string} | {error: string}} locate a Location of the step's answer as a path
 *   under the base URL
 * @property {string} requestPath the path of the step's request under the base URL
 */

/**
 * How a check judges a step's outcome; `primary`: the step's main check, which fails where there is no answer (the
 * others are then skipped).
 * @typedef {{check: Check, judge: (o: Outcome, run: RunState) => Verdict, primary?: boolean}} Evaluation
 */

/**
 * A path: a template and its parameters, each a value or the name of an id the server chose.
 * @typedef {{template: string, values: Record<string, string | {binding: string}>, query?: string}} PathSpec
 */

/**
 * One request of the plan.
 * @typedef {object} Step
 * @property {number} n its number, from 1, in the order sent
 * @property {string} group the call sequence it belongs to (a resource, or its lines)
 * @property {string[]} needs the groups that must still be going (not stopped by a failed create)
 * @property {number[]} after the steps it needs (pruning keeps them)
 * @property {KitOperation} op
 * @property {PathSpec} path
 * @property {Record<string, string>} headers
 * @property {{text: string, form: 'json' | 'xml', label: string} | null} body
 * @property {string} purpose what the request is for, in a few words
 * @property {Evaluation[]} evaluations
 * @property {{group: string, statuses: number[], binding?: {name: string, param: string, template: string}}} [essential]
 *   the group stops unless the answer has one of `statuses` (and, with `binding`, a Location from which the id is read)
 * @property {{group: string, check: Check, what: string}} [confirms] a read of a resource the run made: a 404 fails
 *   `check` (the resource is not kept), skips the read's own checks and stops the group
 * @property {{path: PathSpec, op: KitOperation | null, label: string, when: 'success' | 'accepted', fromLocation?: boolean}} [creates]
 *   what the request may leave on the server, for the clean-up (`accepted`: a request meant to be refused, whose
 *   acceptance is undone at once)
 * @property {PathSpec} [deletes] a delete of something the run made
 * @property {{path: PathSpec, check: Check}} [confirmsGone]
 */

/**
 * @typedef {object} Plan
 * @property {KitModel} model
 * @property {Step[]} steps
 * @property {Check[]} checks every check, in the order first met
 * @property {Map<string, string>} skipped checks that cannot be made in this run, and why
 * @property {string[]} operations the operations whose checks run
 */

/**
 * @typedef {object} PlanOptions
 * @property {string | null} [party] only the operations this party implements (its tag)
 * @property {string[] | null} [only] only these operations' checks (other operations the party offers still set up)
 * @property {boolean} [standardOnly] leave out the checks of our reading
 * @property {boolean} [allowLeftovers] also create what no offered operation deletes (the attachment upload)
 * @property {() => string} [newId] a new UUID
 */

const json = 'application/json';
const xml = 'application/xml';
const isObject = (/** @type {unknown} */ v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const pass = (/** @type {string} */ detail) => /** @type {Verdict} */ ({result: 'pass', detail});
const fail = (/** @type {string} */ detail, /** @type {Verdict['problems']} */ problems = undefined) =>
  /** @type {Verdict} */ (problems ? {result: 'fail', detail, problems} : {result: 'fail', detail});
const skip = (/** @type {string} */ detail) => /** @type {Verdict} */ ({result: 'skip', detail});
const code = (/** @type {string} */ s) => `\`${s}\``;
/**
 * The first item of a generator that passes a test (the rest are not made).
 * @template T
 * @param {Generator<T>} items
 * @param {(item: T) => boolean} test
 * @returns {T | undefined}
 */
function firstOf(items, test) {
  for (const item of items) if (test(item)) return item;
  return undefined;
}

/** A word with its indefinite article: `a Timecard`, `an InquiryPayEquity`. */
const a = (/** @type {string} */ word) => `${/^[AEIOU]/i.test(word) ? 'an' : 'a'} ${word}`;
const success = (/** @type {number | null} */ s) => s !== null && s >= 200 && s < 300;
const statusNames = /** @type {Record<number, string>} */ ({
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No Content',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  415: 'Unsupported Media Type',
  500: 'Internal Server Error',
});

/** An answer in a few words: its status, where a redirect pointed, what an error object says. */
export function describe(/** @type {Outcome} */ o) {
  if (o.status === null) return o.failure ?? 'no answer';
  const name = `${o.status}${statusNames[o.status] ? ` ${statusNames[o.status]}` : ''}`;
  if (o.redirect !== null) return `${name}, a redirect to ${o.redirect} (not followed: the kit only calls the base URL)`;
  if (o.status === 202) return `${name}, which SETU never allows (it means the request was not yet carried out)`;
  if (o.status >= 400) {
    const error = errorObjectOf(o.text, o.headers.get('content-type'));
    if (error.object) {
      try {
        const body = JSON.parse(o.text);
        const first = String(body.description ?? '').split('\n')[0];
        return `${name}${body.code ? ` ${body.code}` : ''}${first ? `: ${first.length > 120 ? `${first.slice(0, 117)}…` : first}` : ''}`;
      } catch {
        return name;
      }
    }
  }
  return name;
}

/** A path template with its parameters filled (each encoded as one segment); a binding the run has not got yet is `{name}`. */
export function fillPath(/** @type {PathSpec} */ spec, /** @type {Record<string, string>} */ bindings = {}) {
  /** @type {string[]} */
  const missing = [];
  const path = `/${segmentsOf(spec.template)
    .map((segment) => {
      const name = paramOf(segment);
      if (name === null) return segment;
      const value = spec.values[name];
      if (typeof value === 'string') return encodeURIComponent(value);
      const bound = value ? bindings[value.binding] : undefined;
      if (bound === undefined) missing.push(value?.binding ?? name);
      return bound === undefined ? `{${value?.binding ?? name}}` : encodeURIComponent(bound);
    })
    .join('/')}${spec.query ?? ''}`;
  return {path, missing};
}

/**
 * The parameters of a path that a template matches (`/a/{id}` and `/a/x` → `{id: 'x'}`), or null.
 * @param {string} template
 * @param {string} path a path under the base URL, percent-encoded
 * @returns {Record<string, string> | null}
 */
export function templateMatch(template, path) {
  const parts = segmentsOf(template);
  const segments = segmentsOf(path.split('?')[0]);
  if (parts.length !== segments.length) return null;
  /** @type {Record<string, string>} */
  const params = {};
  for (let i = 0; i < parts.length; i++) {
    const name = paramOf(parts[i]);
    let segment;
    try {
      segment = decodeURIComponent(segments[i]);
    } catch {
      return null;
    }
    if (name === null ? parts[i] !== segment : segment === '') return null;
    if (name !== null) params[name] = segment;
  }
  return params;
}

/** @typedef {{form?: 'json' | 'xml', accept?: 'json' | 'xml', version?: boolean}} HeaderOptions */

/**
 * The headers of a request of an operation: the form of the body and of the answer, the SETU version (the API's own),
 * and the other headers it requires, with their example values.
 * @param {KitModel} model
 * @param {KitOperation} op
 * @param {HeaderOptions} [how]
 */
export function requestHeaders(model, op, how = {}) {
  const {form = 'json', accept = 'json', version = true} = how;
  /** @type {Record<string, string>} */
  const headers = {Accept: accept === 'json' ? json : xml};
  if (op.requestBody) {
    if (version) headers.setuVersionId = model.versions[0];
    headers['Content-Type'] = form === 'json' ? json : xml;
  }
  for (const p of op.parameters) {
    if (p.in !== 'header' || !p.required || Object.keys(headers).some((h) => h.toLowerCase() === p.name.toLowerCase())) continue;
    if (p.name.toLowerCase() === 'setuversionid') continue;
    headers[p.name] = String(p.example ?? p.enum?.[0] ?? '');
  }
  return headers;
}

/**
 * The plan for one API version.
 * @param {KitModel} model
 * @param {PlanOptions} [options]
 * @returns {Plan}
 */
export function planOf(model, options = {}) {
  const {party = null, only = null, standardOnly = false, allowLeftovers = false, newId = () => crypto.randomUUID()} = options;
  const components = componentsOf(model);
  const offered = model.operations.filter((op) => party === null || op.parties.includes(party));
  const selected = new Set(offered.filter((op) => only === null || only.includes(op.operationId)).map((op) => op.operationId));

  /** @type {Map<string, Check>} */
  const checks = new Map();
  /** @type {Map<string, string>} */
  const skipped = new Map();
  /** @type {Step[]} */
  const steps = [];
  /** Document ids the kit made from examples, by the example's value: later messages refer to them. */
  const documentIds = new Map();
  const documentId = () => `${idPrefix}${newId()}`;
  /** Operations whose checks cannot be made in this run, and why. */
  /** @type {{op: KitOperation, why: string}[]} */
  const pendingSkips = [];
  /** A step's number in a text written now: renumbered when the plan is pruned. */
  const at = (/** @type {{n: number}} */ step) => `§${step.n}§`;

  // ---- checks -------------------------------------------------------------------------------------------------------

  /**
   * A named check of an operation (made once; later calls return it).
   * @param {KitOperation} op
   * @param {string} name
   * @param {{title: string, sources: Source[], pointers?: string[], ours?: {source: Source, reason: string}}} what
   *   `pointers`: where the spec declares what is checked (its deviations decide the kind); `ours`: our reading by the
   *   sandbox's list of behaviour
   */
  const check = (op, name, {title, sources, pointers = [op.pointer], ours}) => {
    const id = `${model.id}.${op.operationId}.${name}`;
    const known = checks.get(id);
    if (known) return known;
    // The page's legend explains every kind of check (check-kinds.mjs): a new kind needs its entry there.
    if (!kindOf(name)) throw new Error(`the check ${id} is of a kind src/plugins/conformance/check-kinds.mjs does not explain`);
    const judged = kindAt(model, [op.pointer, ...pointers]);
    /** @type {Check} */
    const made = {
      id,
      api: model.id,
      operationId: op.operationId,
      name,
      title,
      kind: ours ? 'our-reading' : judged.kind,
      sources: [...sources, ...(ours ? [ours.source] : []), ...judged.sources],
      reason: ours?.reason ?? judged.reason,
    };
    checks.set(id, made);
    return made;
  };
  /** Whether a check is reported in this run: its operation is selected, and it is not left out as our reading. */
  const wanted = (/** @type {Check} */ c) => selected.has(c.operationId) && !(standardOnly && c.kind === 'our-reading');
  /** Marks checks that this run cannot make, with why (reported as skipped). */
  const cannot = (/** @type {Check[]} */ list, /** @type {string} */ why) => {
    for (const c of list) if (!skipped.has(c.id)) skipped.set(c.id, why);
  };

  // ---- what each check judges -------------------------------------------------------------------------------------

  const respond = (/** @type {KitOperation} */ op, /** @type {number | null} */ status) => op.responses.find((r) => r.status === status);
  const pointerOf = (/** @type {KitOperation} */ op, /** @type {number} */ status) => `${op.pointer}/responses/${status}`;
  /** The templates a Location (or Content-Location) of an operation's answer may name: the resource, or the line, it made. */
  const locationTemplates = (/** @type {KitOperation} */ op) => {
    if (op.kind === 'create-in-collection') return [op.resource];
    if (op.kind === 'add-lines')
      return [
        ...new Set(
          Object.values(model.resources.find((r) => r.template === op.resource)?.lines ?? {}).map(
            (l) => /** @type {string} */ (l.template),
          ),
        ),
      ];
    return [op.path];
  };

  /** The statuses a success of an operation may have, in its role: a create's 201 where declared, never 202. */
  const successes = (/** @type {KitOperation} */ op, /** @type {'create' | 'other'} */ role) => {
    const declared = op.responses.map((r) => r.status).filter((s) => s !== 202);
    if (role === 'create' && declared.includes(201)) return [201];
    const other = declared.filter((s) => s !== 201);
    return other.length ? other : declared;
  };
  const statusWords = (/** @type {number[]} */ list) => list.join(' or ');

  /** `status`: the answer has one of the statuses the spec declares for the call. */
  const statusCheck = (
    /** @type {KitOperation} */ op,
    /** @type {number[]} */ wantedStatuses,
    /** @type {string} */ name,
    /** @type {string} */ what,
    /** @type {{sources?: Source[], pointers?: string[]}} */ more = {},
  ) =>
    /** @type {Evaluation} */ ({
      primary: true,
      check: check(op, name, {
        title: `${what} answers ${statusWords(wantedStatuses)}, as the specification declares`,
        sources: [operationSource(model, op, `response ${statusWords(wantedStatuses)}`), notes.status, ...(more.sources ?? [])],
        pointers: [...wantedStatuses.map((s) => pointerOf(op, s)), ...(more.pointers ?? [])],
      }),
      judge: (o) => (o.status !== null && wantedStatuses.includes(o.status) ? pass(describe(o)) : fail(describe(o))),
    });

  /** The evaluations of an answer's headers, Content-Type and body, for the status it has. */
  const answerChecks = (
    /** @type {KitOperation} */ op,
    /** @type {string} */ prefix,
    /** @type {'json' | 'xml'} */ form,
    /** @type {number[]} */ statuses,
  ) => {
    /** @type {Evaluation[]} */
    const list = [];
    const declared = statuses.map((s) => respond(op, s)).filter((r) => r !== undefined);
    const withBody = declared.filter((r) => r.body);
    const headerNames = [...new Set(declared.flatMap((r) => r.headers))];
    for (const header of form === 'json' ? headerNames : []) {
      const lower = header.toLowerCase();
      const at = declared.filter((r) => r.headers.includes(header)).map((r) => `${pointerOf(op, r.status)}/headers/${header}`);
      const ours = lower === 'location' && kindAt(model, at).kind === 'our-reading' ? behaviour('location') : undefined;
      list.push({
        check: check(op, `${prefix}${lower}`, {
          title: `the answer carries the ${header} header the specification declares${lower === 'date' ? ', a valid HTTP date' : ', the address of the resource'}`,
          sources: [
            operationSource(
              model,
              op,
              `response ${statusWords(declared.filter((r) => r.headers.includes(header)).map((r) => r.status))}, header ${header}`,
            ),
          ],
          pointers: at,
          ours,
        }),
        judge: (o, run) => {
          if (o.status === null || !declared.find((r) => r.status === o.status)?.headers.includes(header))
            return skip(`no ${header} is declared for ${describe(o)}`);
          const value = o.headers.get(header);
          if (!value) return fail(`no ${header} header`);
          if (lower === 'date')
            return Number.isNaN(Date.parse(value)) ? fail(`${header}: ${value}, not an HTTP date`) : pass(`${header}: ${value}`);
          const where = run.locate(value);
          if ('error' in where) return fail(`${header}: ${value}, ${where.error}`);
          const templates = locationTemplates(op);
          if (!templates.some((t) => templateMatch(t, where.path)))
            return fail(`${header}: ${value}, which is not the address of ${templates.map(code).join(' or ')}`);
          if (['create', 'replace'].includes(op.kind) && op.path.includes('{') && where.path !== run.requestPath)
            return fail(`${header}: ${value}, not the path the resource was created at (${run.requestPath})`);
          return pass(`${header}: ${value}`);
        },
      });
    }
    if (withBody.length === 0) return list;
    const mediaType = form === 'json' ? json : xml;
    list.push({
      check: check(op, `${prefix}content-type`, {
        title: `the answer's Content-Type is ${code(mediaType)}, the form ${form === 'json' ? 'the request' : 'Accept'} asked for`,
        sources: [
          operationSource(model, op, `response ${statusWords(withBody.map((r) => r.status))}, ${mediaType}`),
          ...(form === 'xml' ? [notes.xml] : []),
        ],
        pointers: withBody.map((r) => `${pointerOf(op, r.status)}/content/${mediaType.replace('/', '~1')}`),
      }),
      judge: (o) => {
        if (!respond(op, o.status)?.body) return skip(`no body is declared for ${describe(o)}`);
        const got = o.headers.get('content-type');
        return mediaTypeOf(got) === mediaType
          ? pass(`Content-Type: ${got}`)
          : fail(got ? `Content-Type: ${got}` : 'no Content-Type header');
      },
    });
    const schemas = [...new Set(withBody.map((r) => r.body?.list?.schema ?? r.body?.schema))].filter(Boolean).join(' or ');
    list.push({
      check: check(op, `${prefix}body`, {
        title: `the answer is a valid ${schemas}${form === 'xml' ? ' in its XML form (the XSD’s element order included)' : ''}, as the validator judges it${model.rulesRoute ? ', business rules included' : ''}`,
        sources: [
          operationSource(model, op, `response ${statusWords(withBody.map((r) => r.status))}, schema ${schemas}`),
          ...(model.rulesRoute ? [{label: `Business rules of ${model.standard} ${model.version}`, route: model.rulesRoute}] : []),
          ...(form === 'xml' ? [notes.xml] : []),
        ],
        pointers: withBody.map((r) => `${pointerOf(op, r.status)}/content/${mediaType.replace('/', '~1')}`),
      }),
      judge: (o) => {
        const response = respond(op, o.status);
        if (!response?.body) return skip(`no body is declared for ${describe(o)}`);
        if (o.truncated) return fail('the answer is larger than the kit reads (5 MB)');
        return judgeBody(model, response.body, o.text, form);
      },
    });
    return list;
  };

  /** `kept`-like checks: a read answers what the run sent (the whole message, or one line of it). */
  const keptJudge =
    (
      /** @type {KitOperation} */ read,
      /** @type {unknown} */ expected,
      /** @type {'json' | 'xml'} */ form,
      /** @type {{property: string, idProperty: string, id: string} | null} */ line,
    ) =>
    /** @type {(o: Outcome) => Verdict} */ (o) => {
      if (o.status !== 200) return skip(`the read answered ${describe(o)}`);
      const schema = respond(read, 200)?.body?.schema;
      if (!schema) return skip('the read declares no body to compare');
      const answer = modelOfAnswer(model, schema, o.text, form, line ? {[line.property]: [expected]} : expected);
      if ('error' in answer) return fail(`the answer cannot be read: ${answer.error}`);
      let actual = answer.value;
      if (line) {
        const lines = isObject(actual) ? Object.values(/** @type {object} */ (actual)).flat() : [];
        actual = lines.find((l) => isObject(l) && /** @type {any} */ (l)[line.idProperty]?.value === line.id);
        if (actual === undefined) return fail(`the answer holds no line ${code(line.id)}`);
      }
      const found = differences(expected, actual);
      return found.length === 0
        ? pass(line ? `line ${line.id} as sent` : 'as sent')
        : fail(
            `${found.length > 20 ? 'more than 20' : found.length} difference${found.length === 1 ? '' : 's'} from what was sent`,
            found.slice(0, 5).map((text) => ({text})),
          );
    };

  /** The refusal checks of an error answer of an operation: SETU's error object, and its code (our reading). */
  /** @type {Map<KitOperation, Evaluation[]>} */
  const errorChecksMade = new Map();
  const errorChecks = (/** @type {KitOperation} */ op) => {
    const known = errorChecksMade.get(op);
    if (known) return known;
    const pointers = Object.keys(op.errors).map((s) => pointerOf(op, Number(s)));
    /** @type {Evaluation[]} */
    const list = [
      {
        check: check(op, 'error-object', {
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
        check: check(op, 'error-code', {
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
    errorChecksMade.set(op, list);
    return list;
  };

  // ---- requests -----------------------------------------------------------------------------------------------------

  const headersOf = (/** @type {KitOperation} */ op, /** @type {HeaderOptions} */ how = {}) => requestHeaders(model, op, how);
  const jsonText = (/** @type {unknown} */ value) => JSON.stringify(value, null, 2);
  let group = '';

  /**
   * Adds a step.
   * @param {Omit<Step, 'n' | 'group' | 'needs' | 'after' | 'headers'> & {headers?: Record<string, string>, needs?: string[], after?: number[], group?: string}} fields
   */
  const add = (fields) => {
    const step = /** @type {Step} */ ({
      n: steps.length + 1,
      group: fields.group ?? group,
      needs: fields.needs ?? [group],
      after: fields.after ?? [],
      headers: fields.headers ?? headersOf(fields.op),
      ...fields,
    });
    steps.push(step);
    return step;
  };
  const example = (/** @type {KitOperation} */ op) => op.examples[0];
  /** The request body of a message, with its label (which example, which ids). */
  const bodyOf = (
    /** @type {unknown} */ value,
    /** @type {string} */ label,
    /** @type {'json' | 'xml'} */ form = 'json',
    /** @type {string} */ schema = '',
  ) => {
    if (form === 'json') return {text: jsonText(value), form, label};
    const text = toXml(model, schema, value);
    return text === null ? null : {text, form, label};
  };
  /** A message the kit means to be valid: checked with the validator before it is planned (a kit fault otherwise). */
  const valid = (/** @type {KitOperation} */ op, /** @type {unknown} */ value) =>
    !op.requestBody || op.requestBody.opaque || validInput(model, op.requestBody.schema, jsonText(value), 'json').valid;

  /**
   * The three refusals of a write: a broken copy of the example, no setuVersionId, an unsupported Content-Type, each
   * sent where a mistaken acceptance does no harm (a new id, or the resource the run made), and undone at once if accepted.
   * @param {KitOperation} op
   * @param {() => {value: unknown, path: PathSpec, label: string}} target a fresh body and path for each request
   * @param {{created: boolean, after: number[]}} how `created`: an accepted request makes a new resource at `path`
   */
  const refusals = (op, target, how) => {
    if (!op.requestBody) return;
    const errors = errorChecks(op);
    const undo = (/** @type {PathSpec} */ path) =>
      how.created
        ? {
            path,
            op: deleterOf(op),
            label: `what ${op.operationId} made though it should have refused it`,
            when: /** @type {const} */ ('accepted'),
            fromLocation: op.kind === 'create-in-collection',
          }
        : undefined;
    // A broken copy: the example without a required property (a body the schema refuses).
    const broken = (() => {
      const t = target();
      if (op.requestBody.opaque) return {...t, text: '{"setu-conform": "not valid JSON"', label: 'a body that is not well-formed JSON'};
      const copy = brokenCopy(components, op.requestBody.schema, t.value);
      if (!copy || validInput(model, op.requestBody.schema, jsonText(copy.copy), 'json').valid) return null;
      return {...t, text: jsonText(copy.copy), label: `${t.label}, without its required ${code(copy.name)} (${copy.pointer})`};
    })();
    const invalid = check(op, 'invalid-message', {
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
        evaluations: [{primary: true, check: invalid, judge: (o) => (o.status === 400 ? pass(describe(o)) : fail(describe(o)))}, ...errors],
        creates: undo(broken.path),
        after: how.after,
      });
    } else cannot([invalid], 'the example has no required property to leave out');
    const t = target();
    const versionPointers = op.parameterPointers.setuversionid ?? [];
    if (versionPointers.length) {
      add({
        op,
        path: t.path,
        headers: headersOf(op, {version: false}),
        body: bodyOf(t.value, t.label),
        purpose: 'send the example without the setuVersionId header',
        evaluations: [
          {
            primary: true,
            check: check(op, 'missing-version', {
              title: 'refuses a write without the `setuVersionId` header with 400',
              sources: [operationSource(model, op, 'header setuVersionId (required)'), notes.status],
              pointers: versionPointers,
            }),
            judge: (o) => (o.status === 400 ? pass(describe(o)) : fail(describe(o))),
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
      headers: {...headersOf(op), 'Content-Type': 'text/plain'},
      body: bodyOf(u.value, `${u.label}, as Content-Type: text/plain`),
      purpose: 'send the example as Content-Type: text/plain',
      evaluations: [
        {
          primary: true,
          check: check(op, 'unsupported-content-type', {
            title: `refuses a body in a form it does not take (${code('Content-Type: text/plain')}) with 400, or 415 as HTTP allows`,
            sources: [operationSource(model, op, `request body ${op.requestBody.mediaTypes.join(', ')}`), notes.status],
            pointers: [`${op.pointer}/requestBody`],
          }),
          judge: (o) => (o.status === 400 || o.status === 415 ? pass(describe(o)) : fail(describe(o))),
        },
        ...errors,
      ],
      creates: undo(u.path),
      after: how.after,
    });
  };

  /** The operation that deletes what an operation makes: the delete of its resource, where the run may call it. */
  const deleterOf = (/** @type {KitOperation} */ op) => offered.find((o) => o.kind === 'delete' && o.resource === op.resource) ?? null;

  /** A new path parameter value for a resource template: a UUID for the last parameter, the bindings for the others. */
  const newPath = (/** @type {string} */ template, /** @type {Record<string, string | {binding: string}>} */ parents = {}) => {
    const last = paramOf(/** @type {string} */ (segmentsOf(template).at(-1)));
    return /** @type {PathSpec} */ ({template, values: last ? {...parents, [last]: newId()} : {...parents}});
  };

  // ---- per resource -------------------------------------------------------------------------------------------------

  for (const resource of model.resources) {
    const ops = offered.filter((op) => op.resource === resource.template || (op.kind === 'list-matching' && op.schema === resource.schema));
    const all = model.operations.filter((op) => op.resource === resource.template);
    const creator =
      ops.find((op) => ['create', 'create-in-collection'].includes(op.kind)) ??
      ops.find((op) => op.kind === 'replace' && op.responses.some((r) => r.status === 201));
    const read = ops.find((op) => op.kind === 'read');
    const replace = ops.find((op) => op.kind === 'replace');
    const remove = ops.find((op) => op.kind === 'delete');
    const singleton = !resource.template.includes('{');
    const noRead = all.some((o) => o.kind === 'read')
      ? `no read of ${a(resource.schema)} is among this run's operations`
      : `the standard defines no call that reads ${a(resource.schema)} back`;
    const dual = creator !== undefined && creator === replace;
    const inCollection = creator?.kind === 'create-in-collection';
    group = resource.template;
    const lineProperties = Object.keys(resource.lines);
    const lineIdProperties = Object.fromEntries(Object.entries(resource.lines).map(([p, l]) => [p, l.id]));

    // Where a resource of this kind is stored: a new UUID in the path, the id the server chose (a binding), or the singleton's path.
    const binding = `${resource.template} (the id in the Location of the create)`;
    const mainPath = /** @type {PathSpec} */ (
      inCollection
        ? {
            template: resource.template,
            values: {[/** @type {string} */ (paramOf(/** @type {string} */ (segmentsOf(resource.template).at(-1))))]: {binding}},
          }
        : newPath(resource.template)
    );
    const createPath = (/** @type {PathSpec} */ resourcePath) =>
      inCollection && creator ? {template: creator.path, values: {}} : resourcePath;

    const createBody = creator ? example(creator) : undefined;
    if (!creator || !createBody) {
      // Nothing can be made here: checks that need a resource are skipped, with why.
      const why = creator
        ? `${creator.operationId} has no example in the specification to create one with`
        : `needs ${a(resource.schema)} on the server, and ${all.find((o) => ['create', 'create-in-collection'].includes(o.kind) || (o.kind === 'replace' && o.responses.some((r) => r.status === 201)))?.operationId ?? 'no operation'} (which makes one) is not among this run's operations${party ? ` (the party "${party}" does not implement it)` : ''}`;
      for (const op of ops) pendingSkips.push({op, why});
    }
    const leftBehind = creator && !remove && !allowLeftovers;
    if (creator && leftBehind) {
      pendingSkips.push(
        ...ops.map((op) => ({
          op,
          why: `creating ${a(resource.schema)} would leave it on the server: no operation of this run deletes one (the standard defines none${deleterOf(creator) ? '' : ' for it'}); --allow-leftovers sends it anyway`,
        })),
      );
    }
    const canCreate = Boolean(creator && createBody && !leftBehind);

    // A singleton (one resource at a fixed path): only where the server holds none there now, which a read shows.
    /** @type {number[]} */
    const setup = [];
    if (canCreate && singleton) {
      if (!read) {
        pendingSkips.push(
          ...ops.map((op) => ({
            op,
            why: `the kit cannot see whether the server already holds ${a(resource.schema)} at ${resource.template} (no read of it in this run), so it does not write there`,
          })),
        );
      } else {
        const pre = add({
          op: read,
          path: {template: resource.template, values: {}},
          body: null,
          purpose: `make sure the server holds no ${resource.schema} at ${resource.template} yet (the kit leaves one it did not make alone)`,
          evaluations: [],
          essential: {group, statuses: [404]},
          needs: [],
        });
        setup.push(pre.n);
      }
    }
    const usable = canCreate && !(singleton && !read);
    if (!usable) {
      // The checks that need no resource of this kind still run: an id the server does not hold.
      for (const op of ops.filter((o) => ['read', 'replace', 'delete'].includes(o.kind) && !singleton))
        unknownId(op, op.kind === 'replace' && dual);
      continue;
    }
    const c = /** @type {KitOperation} */ (creator);
    const body0 = /** @type {{name: string, value: unknown}} */ (createBody);
    const label = (/** @type {string} */ name, /** @type {string} */ docId) =>
      `the spec's example ${code(name)}${docId ? ` with documentId ${docId}` : ''}`;

    // 1. The create's refusals, each at a new id (or at the collection), undone if accepted.
    refusals(
      c,
      () => {
        const ids = withIds(body0.value, {documentId: documentId(), newId});
        const path = singleton ? {template: resource.template, values: {}} : newPath(resource.template);
        return {value: ids.value, path: createPath(path), label: label(body0.name, ids.documentId ?? '')};
      },
      {created: true, after: setup},
    );

    // 2. The create.
    const main = withIds(body0.value, {documentId: documentId(), documentIds, newId});
    const createStatuses = successes(c, 'create');
    const created = add({
      op: c,
      path: createPath(singleton ? {template: resource.template, values: {}} : mainPath),
      body: bodyOf(main.value, label(body0.name, main.documentId ?? '')),
      purpose: `create ${a(resource.schema)}${inCollection ? ' (the server chooses its id and names it in Location)' : ''}`,
      evaluations: [statusCheck(c, createStatuses, 'status', 'the create'), ...answerChecks(c, '', 'json', createStatuses)],
      essential: {
        group,
        statuses: c.responses.map((r) => r.status).filter((s) => s >= 200 && s < 300),
        ...(inCollection
          ? {
              binding: {
                name: binding,
                param: /** @type {string} */ (paramOf(/** @type {string} */ (segmentsOf(resource.template).at(-1)))),
                template: resource.template,
              },
            }
          : {}),
      },
      creates: {path: mainPath, op: remove ?? null, label: `the ${resource.schema} the kit created`, when: 'success'},
      after: setup,
    });
    const resourcePath = singleton ? {template: resource.template, values: {}} : mainPath;
    let current = main.value;

    // 3. Reads: as JSON (which confirms the create), as XML where the read offers it.
    const kept = check(c, 'kept', {
      title: `what was created reads back equal to what was sent`,
      sources: [operationSource(model, c), ...(read ? [operationSource(model, read, 'response 200')] : [])],
    });
    if (read) {
      add({
        op: read,
        path: resourcePath,
        body: null,
        purpose: `read the ${resource.schema} of step ${at(created)} as JSON`,
        evaluations: [
          statusCheck(read, [200], 'status', 'the read'),
          ...answerChecks(read, '', 'json', [200]),
          {check: kept, judge: keptJudge(read, current, 'json', null)},
        ],
        confirms: {group, check: kept, what: `the ${resource.schema} created in step ${at(created)}`},
        after: [created.n],
      });
      const xmlRead =
        respond(read, 200)?.body?.mediaTypes.includes(xml) &&
        messageTypeOf(model, resource.schema)?.xml &&
        toXml(model, resource.schema, current) !== null;
      if (xmlRead) {
        const acceptPointers = read.parameterPointers.accept ?? [];
        const xmlPointers = [`${pointerOf(read, 200)}/content/application~1xml`, ...acceptPointers];
        const evaluations = [
          {...statusCheck(read, [200], 'xml.status', 'the read with `Accept: application/xml`')},
          ...answerChecks(read, 'xml.', 'xml', [200]),
          {
            check: check(read, 'xml.kept', {
              title: 'the XML answer holds the message that was sent',
              sources: [operationSource(model, read, 'response 200, application/xml'), notes.xml],
              pointers: xmlPointers,
            }),
            judge: keptJudge(read, current, 'xml', null),
          },
        ];
        // Asking for XML is our reading where Accept is this site's addition: every XML check of the read says so.
        for (const e of evaluations) reKind(e.check, xmlPointers);
        add({
          op: read,
          headers: headersOf(read, {accept: 'xml'}),
          path: resourcePath,
          body: null,
          purpose: `read the ${resource.schema} of step ${at(created)} as XML`,
          evaluations,
          confirms: {group, check: kept, what: `the ${resource.schema} created in step ${at(created)}`},
          after: [created.n],
        });
      }
    } else cannot([kept], noRead);

    // A second create at the same id: refused (our reading).
    if (c.kind === 'create' && !c.responses.some((r) => r.status === 200)) {
      const again = withIds(body0.value, {documentId: documentId(), newId});
      add({
        op: c,
        path: resourcePath,
        body: bodyOf(again.value, label(body0.name, again.documentId ?? '')),
        purpose: `create ${a(resource.schema)} again at the id of step ${at(created)}`,
        evaluations: [
          {
            primary: true,
            check: check(c, 'exists', {
              title: 'refuses a create at an id already in use with 400',
              sources: [notes.identifiers],
              ours: behaviour('exists'),
            }),
            judge: (o) => (o.status === 400 ? pass(describe(o)) : fail(describe(o))),
          },
          ...errorChecks(c),
        ],
        after: [created.n],
        needs: [group],
      });
    }

    // 4. A create in the XML form, where the create takes it: at a new id, read back as JSON.
    if (!singleton && !dual && c.requestBody?.mediaTypes.includes(xml) && messageTypeOf(model, c.requestBody.schema)?.xml) {
      const other = withIds(body0.value, {documentId: documentId(), newId});
      const xmlBody = bodyOf(other.value, `${label(body0.name, other.documentId ?? '')}, in its XML form`, 'xml', c.requestBody.schema);
      if (xmlBody) {
        const xmlBinding = `${binding}, XML`;
        const xmlPath = /** @type {PathSpec} */ (
          inCollection
            ? {
                template: resource.template,
                values: {
                  [/** @type {string} */ (paramOf(/** @type {string} */ (segmentsOf(resource.template).at(-1))))]: {binding: xmlBinding},
                },
              }
            : newPath(resource.template)
        );
        const xmlGroup = `${group} (XML)`;
        const xmlCreate = add({
          op: c,
          group: xmlGroup,
          needs: [],
          headers: headersOf(c, {form: 'xml'}),
          path: createPath(xmlPath),
          body: xmlBody,
          purpose: `create ${a(resource.schema)} sent in its XML form`,
          evaluations: [
            statusCheck(c, createStatuses, 'xml-request', 'a create sent in the XML form (`Content-Type: application/xml`)', {
              sources: [notes.xml],
              pointers: [`${c.pointer}/requestBody/content/application~1xml`],
            }),
          ],
          essential: {
            group: xmlGroup,
            statuses: c.responses.map((r) => r.status).filter((s) => s >= 200 && s < 300),
            ...(inCollection
              ? {
                  binding: {
                    name: xmlBinding,
                    param: /** @type {string} */ (paramOf(/** @type {string} */ (segmentsOf(resource.template).at(-1)))),
                    template: resource.template,
                  },
                }
              : {}),
          },
          creates: {path: xmlPath, op: remove ?? null, label: `the ${resource.schema} the kit created in XML`, when: 'success'},
          after: setup,
        });
        const xmlKept = check(c, 'xml-request.kept', {
          title: 'what was created in XML reads back as JSON equal to the same message',
          sources: [operationSource(model, c, 'request body application/xml'), notes.xml],
          pointers: [`${c.pointer}/requestBody/content/application~1xml`],
        });
        if (read) {
          add({
            op: read,
            group: xmlGroup,
            needs: [xmlGroup],
            path: xmlPath,
            body: null,
            purpose: `read the ${resource.schema} of step ${at(xmlCreate)} as JSON`,
            evaluations: [{check: xmlKept, judge: keptJudge(read, other.value, 'json', null), primary: true}],
            confirms: {group: xmlGroup, check: xmlKept, what: `the ${resource.schema} created in XML in step ${at(xmlCreate)}`},
            after: [xmlCreate.n],
          });
        } else cannot([xmlKept], noRead);
      }
    }

    // 4b. Lists: those below this resource (the messages that refer to it), and those that select by a query parameter.
    for (const list of ops.filter((op) => op.kind === 'list-related' || op.kind === 'list-matching')) {
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
          ? offered.find((o) => o.kind === 'create-in-collection' && o.schema === list.schema && o.examples.length)
          : undefined;
      const members = check(list, 'members', {
        title:
          list.kind === 'list-related'
            ? `the list holds ${a(list.schema)} that refers to the ${resource.schema}`
            : `the list holds the ${list.schema} that holds the value asked for`,
        sources: [operationSource(model, list, 'response 200')],
        ours: behaviour('lists'),
      });
      /** @type {number[]} */
      let before = [created.n];
      /** @type {string | null} */
      let memberDocument = list.kind === 'list-matching' ? main.documentId : null;
      if (memberCreator) {
        const memberResource = memberCreator.resource;
        const memberDelete = offered.find((o) => o.kind === 'delete' && o.resource === memberResource);
        if (memberDelete || allowLeftovers) {
          const member = withIds(/** @type {{value: unknown}} */ (example(memberCreator)).value, {
            documentId: documentId(),
            documentIds,
            newId,
          });
          const memberBinding = `${memberResource} (member of ${list.operationId})`;
          const memberPath = {
            template: memberResource,
            values: {
              [/** @type {string} */ (paramOf(/** @type {string} */ (segmentsOf(memberResource).at(-1))))]: {binding: memberBinding},
            },
          };
          const made = add({
            op: memberCreator,
            group: `${group} ${list.operationId}`,
            path: {template: memberCreator.path, values: {}},
            body: bodyOf(
              member.value,
              `the spec's example ${code(/** @type {{name: string}} */ (example(memberCreator)).name)} with documentId ${member.documentId}, referring to the ${resource.schema} of step ${at(created)}`,
            ),
            purpose: `create ${a(list.schema)} that refers to the ${resource.schema} of step ${at(created)}`,
            evaluations: [],
            essential: {
              group: `${group} ${list.operationId}`,
              statuses: [200, 201],
              binding: {
                name: memberBinding,
                param: /** @type {string} */ (paramOf(/** @type {string} */ (segmentsOf(memberResource).at(-1)))),
                template: memberResource,
              },
            },
            creates: {
              path: /** @type {PathSpec} */ (memberPath),
              op: memberDelete ?? null,
              label: `the ${list.schema} the kit created for ${list.operationId}`,
              when: 'success',
            },
            after: [created.n],
          });
          before = [made.n];
          memberDocument = member.documentId;
        }
      }
      add({
        op: list,
        path: listPath,
        body: null,
        purpose: `list the ${list.schema}s ${list.kind === 'list-related' ? `of the ${resource.schema} of step ${at(created)}` : `that hold ${query}`}`,
        evaluations: [
          statusCheck(list, [200], 'status', 'the list'),
          ...answerChecks(list, '', 'json', [200]),
          ...(memberDocument
            ? [
                {
                  check: members,
                  judge: /** @type {(o: Outcome) => Verdict} */ (o) => {
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
                },
              ]
            : []),
        ],
        after: before,
      });
      if (!memberDocument)
        cannot([members], `no create of ${a(list.schema)} is among this run's operations, so the kit has none to find in the list`);
    }

    // 5. The update: its refusals, then the spec's update example (or the example with one value changed), read back.
    if (replace) {
      const prefix = dual ? 'replace.' : '';
      if (!dual)
        refusals(replace, () => ({value: current, path: resourcePath, label: `the ${resource.schema} of step ${at(created)}`}), {
          created: false,
          after: [created.n],
        });
      const sameId = (/** @type {unknown} */ value) => withIds(value, {documentId: main.documentId ?? documentId(), newId}).value;
      let update = example(replace) && !dual ? sameId(/** @type {{value: unknown}} */ (example(replace)).value) : null;
      let updateLabel =
        example(replace) && !dual ? `the spec's update example ${code(/** @type {{name: string}} */ (example(replace)).name)}` : '';
      if (!update || differences(current, update).length === 0 || !valid(replace, update)) {
        update = null;
        for (const candidate of changedCopies(components, resource.schema, current)) {
          if (valid(replace, candidate.copy)) {
            update = candidate.copy;
            updateLabel = `the message of step ${at(created)} with ${candidate.pointer} changed`;
            break;
          }
        }
      }
      const updateStatuses = successes(replace, 'other');
      const replaceKept = check(replace, `${prefix}kept`, {
        title: 'an update is kept: the resource reads back as the update sent it',
        sources: [operationSource(model, replace), ...(read ? [operationSource(model, read, 'response 200')] : [])],
      });
      if (update) {
        const updated = add({
          op: replace,
          path: resourcePath,
          body: bodyOf(update, updateLabel),
          purpose: `update the ${resource.schema} of step ${at(created)} with ${updateLabel}`,
          evaluations: [
            statusCheck(replace, updateStatuses, `${prefix}status`, 'the update'),
            ...answerChecks(replace, prefix, 'json', updateStatuses),
          ],
          after: [created.n],
        });
        if (read) {
          add({
            op: read,
            path: resourcePath,
            body: null,
            purpose: `read the ${resource.schema} updated in step ${at(updated)}`,
            evaluations: [
              {
                primary: true,
                check: replaceKept,
                judge: (o, run) =>
                  success(run.outcomeOf(updated.n)?.status ?? null)
                    ? keptJudge(read, update, 'json', null)(o)
                    : skip(`the update of step ${updated.n} was not carried out`),
              },
            ],
            confirms: {group, check: replaceKept, what: `the ${resource.schema} updated in step ${at(updated)}`},
            after: [updated.n],
          });
          current = update;
        } else cannot([replaceKept], noRead);
      } else cannot([replaceKept], `the kit finds no value of the example it can change and still send a valid ${resource.schema}`);

      // What a PUT keeps of what its body leaves out (our reading: the whole message is replaced).
      const whole = check(replace, `${prefix}replaces-whole`, {
        title: 'a PUT that leaves out an optional element removes it: the body replaces the whole message',
        sources: [{label: 'PUT behavior', route: '/api/usage-notes/put-behavior#sources-disagree'}],
        ours: behaviour('replaces'),
      });
      const shorter = firstOf(shorterCopies(components, resource.schema, current, lineProperties), (s) => valid(replace, s.copy));
      if (shorter && read) {
        const put = add({
          op: replace,
          path: resourcePath,
          body: bodyOf(shorter.copy, `the message as it stands, without its optional ${code(shorter.name)}`),
          purpose: `update the ${resource.schema} without its optional ${code(shorter.name)}`,
          evaluations: [],
          after: [created.n],
        });
        add({
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
        current = shorter.copy;
      } else cannot([whole], shorter ? noRead : 'the example has no optional element to leave out');
    }

    // 6. Lines, under their message: per kind of line (its path), add, read, replace and delete one.
    const templates = [...new Set(Object.values(resource.lines).map((l) => /** @type {string} */ (l.template)))];
    for (const template of templates) {
      const properties = Object.entries(resource.lines)
        .filter(([, l]) => l.template === template)
        .map(([p]) => p);
      const adders = ops.filter(
        (op) =>
          op.kind === 'add-lines' &&
          op.examples.length &&
          properties.some((p) => isObject(op.examples[0].value) && p in /** @type {object} */ (op.examples[0].value)),
      );
      const readLine = ops.find((op) => op.kind === 'read-line' && op.path === template);
      const replaceLine = ops.find((op) => op.kind === 'replace-line' && op.path === template);
      const deleteLine = ops.find((op) => op.kind === 'delete-line' && op.path === template);
      const lineParam = /** @type {string} */ (paramOf(/** @type {string} */ (segmentsOf(template).at(-1))));
      const parentValues = Object.fromEntries(Object.entries(resourcePath.values));
      const linePath = (/** @type {string} */ id) => ({template, values: {...parentValues, [lineParam]: id}});
      const fresh = (/** @type {KitOperation} */ op) => {
        const ids = withIds(/** @type {{value: unknown}} */ (example(op)).value, {lines: lineIdProperties, newId});
        return {value: ids.value, lineIds: ids.lineIds};
      };
      const addPath = (/** @type {KitOperation} */ op, /** @type {string} */ first) => ({
        template: op.path,
        values: op.lineParam ? {...parentValues, [op.lineParam]: first} : parentValues,
      });
      let first = true;
      for (const adder of adders) {
        const lineGroup = `${group} ${adder.operationId}`;
        refusals(
          adder,
          () => {
            const f = fresh(adder);
            return {
              value: f.value,
              path: addPath(adder, f.lineIds[0] ?? newId()),
              label: `the spec's example ${code(/** @type {{name: string}} */ (example(adder)).name)} with new line ids`,
            };
          },
          {created: false, after: [created.n]},
        );
        const lines = fresh(adder);
        const lineId = lines.lineIds[0];
        const property = Object.keys(/** @type {object} */ (lines.value)).find((p) => properties.includes(p)) ?? properties[0];
        const sentLine = /** @type {any} */ (lines.value)[property]?.[0];
        const addStatuses = successes(adder, 'other');
        const added = add({
          op: adder,
          group: lineGroup,
          needs: [group],
          path: addPath(adder, lineId),
          body: bodyOf(
            lines.value,
            `the spec's example ${code(/** @type {{name: string}} */ (example(adder)).name)} with line ids ${lines.lineIds.join(', ')}`,
          ),
          purpose: `add lines to the ${resource.schema} of step ${at(created)}`,
          evaluations: [statusCheck(adder, addStatuses, 'status', 'adding lines'), ...answerChecks(adder, '', 'json', addStatuses)],
          essential: {group: lineGroup, statuses: addStatuses},
          after: [created.n],
        });
        const addKept = check(adder, 'kept', {
          title: 'an added line reads back at its own path as it was sent',
          sources: [operationSource(model, adder), ...(readLine ? [operationSource(model, readLine, 'response 200')] : [])],
        });
        if (readLine && lineId) {
          add({
            op: readLine,
            group: lineGroup,
            needs: [group, lineGroup],
            path: linePath(lineId),
            body: null,
            purpose: `read the line ${lineId} added in step ${at(added)}`,
            evaluations: [
              ...(first
                ? [statusCheck(readLine, [200], 'status', 'the read of a line'), ...answerChecks(readLine, '', 'json', [200])]
                : []),
              {
                primary: !first,
                check: addKept,
                judge: keptJudge(readLine, sentLine, 'json', {property, idProperty: resource.lines[property].id, id: lineId}),
              },
            ],
            confirms: {group: lineGroup, check: addKept, what: `the line ${lineId} added in step ${at(added)}`},
            after: [added.n],
          });
          if (
            first &&
            respond(readLine, 200)?.body?.mediaTypes.includes(xml) &&
            toXml(model, /** @type {string} */ (respond(readLine, 200)?.body?.schema), {[property]: [sentLine]})
          ) {
            const xmlPointers = [`${pointerOf(readLine, 200)}/content/application~1xml`, ...(readLine.parameterPointers.accept ?? [])];
            const evaluations = [
              statusCheck(readLine, [200], 'xml.status', 'the read of a line with `Accept: application/xml`'),
              ...answerChecks(readLine, 'xml.', 'xml', [200]),
              {
                check: check(readLine, 'xml.kept', {
                  title: 'the XML answer holds the line that was sent',
                  sources: [operationSource(model, readLine, 'response 200, application/xml'), notes.xml],
                  pointers: xmlPointers,
                }),
                judge: keptJudge(readLine, sentLine, 'xml', {property, idProperty: resource.lines[property].id, id: lineId}),
              },
            ];
            for (const e of evaluations) reKind(e.check, xmlPointers);
            add({
              op: readLine,
              group: lineGroup,
              needs: [group, lineGroup],
              headers: headersOf(readLine, {accept: 'xml'}),
              path: linePath(lineId),
              body: null,
              purpose: `read the line ${lineId} as XML`,
              evaluations,
              confirms: {group: lineGroup, check: addKept, what: `the line ${lineId} added in step ${at(added)}`},
              after: [added.n],
            });
          }
        } else cannot([addKept], `no read of a line at ${template} is among this run's operations`);
        const inMessage = check(adder, 'in-message', {
          title: 'an added line is part of its message: a read of the message holds it',
          sources: [notes.identifiers],
          ours: behaviour('lines'),
        });
        if (read && lineId) {
          add({
            op: read,
            group: lineGroup,
            needs: [group, lineGroup],
            path: resourcePath,
            body: null,
            purpose: `read the ${resource.schema} of step ${at(created)}: does it hold the line ${lineId}?`,
            evaluations: [
              {
                primary: true,
                check: inMessage,
                judge: (o) => {
                  if (o.status !== 200) return skip(`the read answered ${describe(o)}`);
                  try {
                    const lines = JSON.parse(o.text)?.[property];
                    const held = Array.isArray(lines) && lines.some((l) => l?.[resource.lines[property].id]?.value === lineId);
                    return held ? pass(`${property} holds ${lineId}`) : fail(`${property} holds no line ${lineId}`);
                  } catch {
                    return skip('the answer is not JSON');
                  }
                },
              },
            ],
            after: [added.n],
          });
        } else cannot([inMessage], noRead);

        if (first && replaceLine && lineId && sentLine) {
          refusals(replaceLine, () => ({value: {[property]: [sentLine]}, path: linePath(lineId), label: `the line ${lineId} as added`}), {
            created: false,
            after: [added.n],
          });
          const schema = /** @type {NonNullable<KitOperation['requestBody']>} */ (replaceLine.requestBody).schema;
          const changed = firstOf(changedCopies(components, schema, {[property]: [sentLine]}), (candidate) =>
            valid(replaceLine, candidate.copy),
          );
          const lineKept = check(replaceLine, 'kept', {
            title: 'a line update is kept: the line reads back as the update sent it',
            sources: [operationSource(model, replaceLine), ...(readLine ? [operationSource(model, readLine, 'response 200')] : [])],
          });
          if (changed) {
            const statuses = successes(replaceLine, 'other');
            const updated = add({
              op: replaceLine,
              group: lineGroup,
              needs: [group, lineGroup],
              path: linePath(lineId),
              body: bodyOf(changed.copy, `the line ${lineId} with ${changed.pointer} changed`),
              purpose: `update the line ${lineId}`,
              evaluations: [
                statusCheck(replaceLine, statuses, 'status', 'the update of a line'),
                ...answerChecks(replaceLine, '', 'json', statuses),
              ],
              after: [added.n],
            });
            const newLine = /** @type {any} */ (changed.copy)[property][0];
            if (readLine) {
              add({
                op: readLine,
                group: lineGroup,
                needs: [group, lineGroup],
                path: linePath(lineId),
                body: null,
                purpose: `read the line ${lineId} updated in step ${at(updated)}`,
                evaluations: [
                  {
                    primary: true,
                    check: lineKept,
                    judge: (o, run) =>
                      success(run.outcomeOf(updated.n)?.status ?? null)
                        ? keptJudge(readLine, newLine, 'json', {property, idProperty: resource.lines[property].id, id: lineId})(o)
                        : skip(`the update of step ${updated.n} was not carried out`),
                  },
                ],
                confirms: {group: lineGroup, check: lineKept, what: `the line ${lineId} updated in step ${at(updated)}`},
                after: [updated.n],
              });
            } else cannot([lineKept], `no read of a line at ${template} is among this run's operations`);
          } else cannot([lineKept], 'the kit finds no value of the line it can change and still send a valid line');
        }
        if (first && deleteLine && lineId) {
          const statuses = successes(deleteLine, 'other');
          const deleted = add({
            op: deleteLine,
            group: lineGroup,
            needs: [group, lineGroup],
            path: linePath(lineId),
            body: null,
            purpose: `delete the line ${lineId}`,
            evaluations: [
              statusCheck(deleteLine, statuses, 'status', 'the delete of a line'),
              ...answerChecks(deleteLine, '', 'json', statuses),
            ],
            after: [added.n],
          });
          const gone = check(deleteLine, 'gone', {
            title: 'a deleted line is gone: a read of it answers 404',
            sources: [operationSource(model, deleteLine), notes.status],
          });
          if (readLine) {
            add({
              op: readLine,
              group: lineGroup,
              needs: [group, lineGroup],
              path: linePath(lineId),
              body: null,
              purpose: `read the line ${lineId} deleted in step ${at(deleted)}`,
              evaluations: [
                {
                  primary: true,
                  check: gone,
                  judge: (o, run) =>
                    success(run.outcomeOf(deleted.n)?.status ?? null)
                      ? o.status === 404
                        ? pass(describe(o))
                        : fail(describe(o))
                      : skip(`the delete of step ${deleted.n} was not carried out`),
                },
                ...errorChecks(readLine),
              ],
              after: [deleted.n],
            });
          } else cannot([gone], `no read of a line at ${template} is among this run's operations`);
        }
        first = false;
      }
      // A line id the message does not hold.
      for (const op of [readLine, replaceLine, deleteLine]) {
        if (!op) continue;
        const value = op.kind === 'replace-line' && adders[0] ? fresh(adders[0]) : null;
        const lineValue = value
          ? {
              [Object.keys(/** @type {object} */ (value.value))[0]]: [
                /** @type {any} */ (value.value)[Object.keys(/** @type {object} */ (value.value))[0]][0],
              ],
            }
          : null;
        const unknownLine = value?.lineIds[0] ?? `${idPrefix}${newId()}`;
        add({
          op,
          path: linePath(unknownLine),
          body: lineValue ? bodyOf(lineValue, `a line ${unknownLine} the message does not hold`) : null,
          purpose: `${op.method} a line the ${resource.schema} of step ${at(created)} does not hold`,
          evaluations: [
            {
              primary: true,
              check: check(op, 'unknown-id', {
                title: 'answers 404 for a line the message does not hold',
                sources: [operationSource(model, op, 'response 404'), notes.status],
                pointers: [op.pointer],
              }),
              judge: (o) => (o.status === 404 ? pass(describe(o)) : fail(describe(o))),
            },
            ...errorChecks(op),
          ],
          after: [created.n],
        });
      }
    }

    // 8. The delete, and a read that finds nothing.
    if (remove) {
      const statuses = successes(remove, 'other');
      const deleted = add({
        op: remove,
        path: resourcePath,
        body: null,
        purpose: `delete the ${resource.schema} of step ${at(created)}`,
        evaluations: [
          statusCheck(remove, statuses, 'status', 'the delete'),
          ...answerChecks(remove, '', 'json', statuses),
          ...(statuses.includes(204) && statuses.length > 1
            ? [
                {
                  check: check(remove, 'no-content', {
                    title: 'a delete answers 204 No Content, where the specification declares it beside 200',
                    sources: [operationSource(model, remove, 'responses 200 and 204')],
                    ours: behaviour('delete'),
                  }),
                  judge: /** @type {(o: Outcome) => Verdict} */ (o) =>
                    o.status === 204
                      ? pass(describe(o))
                      : success(o.status)
                        ? fail(describe(o))
                        : skip(`the delete answered ${describe(o)}`),
                },
              ]
            : []),
        ],
        deletes: resourcePath,
        after: [created.n],
      });
      const gone = check(remove, 'gone', {
        title: 'a deleted resource is gone: a read of it answers 404',
        sources: [operationSource(model, remove), notes.status],
      });
      if (read) {
        add({
          op: read,
          path: resourcePath,
          body: null,
          purpose: `read the ${resource.schema} deleted in step ${at(deleted)}`,
          evaluations: [
            {
              primary: true,
              check: gone,
              judge: (o, run) =>
                success(run.outcomeOf(deleted.n)?.status ?? null)
                  ? o.status === 404
                    ? pass(describe(o))
                    : fail(describe(o))
                  : skip(`the delete of step ${deleted.n} was not carried out`),
            },
            ...errorChecks(read),
          ],
          confirmsGone: {path: resourcePath, check: gone},
          after: [deleted.n],
        });
      } else cannot([gone], noRead);
    }

    // 9. Ids the server does not hold.
    if (!singleton)
      for (const op of ops.filter((o) => ['read', 'replace', 'delete', 'list-related'].includes(o.kind)))
        unknownId(op, op.kind === 'replace' && dual);
  }

  /**
   * A call on an id the server does not hold: 404 (not for a PUT that creates).
   * @param {KitOperation} op
   * @param {boolean} creates
   */
  function unknownId(op, creates) {
    if (creates || op.responses.some((r) => r.status === 201 && op.kind === 'replace')) return;
    const resourceTemplate = op.kind === 'list-related' ? op.resource : op.path;
    const resource = model.resources.find((r) => r.template === op.resource);
    const unknown = withIds(op.examples[0]?.value ?? null, {documentId: documentId(), newId});
    const path = op.kind === 'list-related' ? {...newPath(resourceTemplate), template: op.path} : newPath(op.path);
    add({
      op,
      group: `${op.resource} (unknown ids)`,
      needs: [],
      path,
      body: op.requestBody && op.examples[0] ? bodyOf(unknown.value, `the spec's example ${code(op.examples[0].name)}`) : null,
      purpose: `${op.method} ${a(resource?.schema ?? 'resource')} at an id the server does not hold`,
      evaluations: [
        {
          primary: true,
          check: check(op, 'unknown-id', {
            title: `answers 404 for an id the server does not hold${op.kind === 'replace' ? ' (an update does not create)' : ''}`,
            sources: [operationSource(model, op, 'response 404'), notes.status],
            pointers: [op.pointer],
          }),
          judge: (o) => (o.status === 404 ? pass(describe(o)) : fail(describe(o))),
        },
        ...errorChecks(op),
      ],
      creates: op.requestBody
        ? {path, op: deleterOf(op), label: `what ${op.operationId} made at an unknown id`, when: 'accepted'}
        : undefined,
    });
  }

  /** Makes a check our reading where what it needs is this site's addition (asking for XML where Accept is ours). */
  function reKind(/** @type {Check} */ c, /** @type {string[]} */ pointers) {
    const judged = kindAt(model, pointers);
    if (judged.kind === 'our-reading' && c.kind !== 'our-reading') {
      c.kind = 'our-reading';
      c.reason = judged.reason;
      c.sources.push(...judged.sources);
    }
  }

  // Operations whose checks the plan cannot make: each gets a check that says why, unless a step carries its status.
  for (const {op, why} of pendingSkips) {
    const status = check(op, 'status', {
      title: `${op.method} ${op.path} answers as the specification declares`,
      sources: [operationSource(model, op)],
    });
    if (!steps.some((s) => s.evaluations.some((e) => e.check === status))) cannot([status], why);
  }

  // Only the steps this run needs: those with a wanted check, and the steps they come after.
  const keep = new Set();
  const visit = (/** @type {number} */ n) => {
    if (keep.has(n)) return;
    keep.add(n);
    for (const m of steps[n - 1].after) visit(m);
  };
  for (const step of steps) if (step.evaluations.some((e) => wanted(e.check))) visit(step.n);
  const kept = steps.filter((s) => keep.has(s.n));
  /** @type {Map<number, number>} */
  const renumbered = new Map(kept.map((s, i) => [s.n, i + 1]));
  const renumber = (/** @type {string} */ text) => text.replace(/§(\d+)§/g, (_, n) => String(renumbered.get(Number(n)) ?? '?'));
  for (const step of kept) {
    step.n = /** @type {number} */ (renumbered.get(step.n));
    step.after = step.after.filter((m) => renumbered.has(m)).map((m) => /** @type {number} */ (renumbered.get(m)));
    step.evaluations = step.evaluations.filter((e) => wanted(e.check) || e.primary);
    step.purpose = renumber(step.purpose);
    if (step.body) step.body.label = renumber(step.body.label);
    if (step.confirms) step.confirms.what = renumber(step.confirms.what);
  }
  const reported = [...checks.values()].filter(wanted);
  return {
    model,
    steps: kept,
    checks: reported,
    skipped: new Map([...skipped].filter(([id]) => reported.some((c) => c.id === id))),
    operations: [...selected],
  };
}
