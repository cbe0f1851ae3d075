// What a check says of an answer: pass, fail or skip with a detail (a Verdict), and the answer in a few words
// (describe), which the details and the reports use. The typedefs are what a step's checks judge.
import {errorObjectOf} from '../judge.mjs';

/** @typedef {import('../sources.mjs').Check} Check */
/** @typedef {import('../judge.mjs').Verdict} Verdict */

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
 * @property {(location: string) => {path: string, url: string} | {error: string, url: string | null}} locate a Location
 *   of the step's answer as a path under the base URL, or why it is none (naming the address it resolves to)
 * @property {string} requestPath the path of the step's request under the base URL
 */

/**
 * How a check judges a step's outcome; `primary`: the step's main check, which fails where there is no answer (the
 * others are then skipped).
 * @typedef {{check: Check, judge: (o: Outcome, run: RunState) => Verdict, primary?: boolean}} Evaluation
 */

export const pass = (/** @type {string} */ detail) => /** @type {Verdict} */ ({result: 'pass', detail});
export const fail = (/** @type {string} */ detail, /** @type {Verdict['problems']} */ problems = undefined) =>
  /** @type {Verdict} */ (problems ? {result: 'fail', detail, problems} : {result: 'fail', detail});
export const skip = (/** @type {string} */ detail) => /** @type {Verdict} */ ({result: 'skip', detail});
export const success = (/** @type {number | null} */ s) => s !== null && s >= 200 && s < 300;

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

/** A judge that passes an answer with one of `statuses` (a refusal's 400, an unknown id's 404) and fails any other. */
export const statusIs = (/** @type {number[]} */ statuses) => (/** @type {Outcome} */ o) =>
  o.status !== null && statuses.includes(o.status) ? pass(describe(o)) : fail(describe(o));

/**
 * A judge of a read that shows what an earlier update or delete did: where that step did not succeed, a skip that
 * says so. The step's number is read when judging, as pruning renumbers the steps after they are made.
 * @param {{n: number}} step
 * @param {'update' | 'delete'} what
 * @param {(o: Outcome, run: RunState) => Verdict} judge
 * @returns {(o: Outcome, run: RunState) => Verdict}
 */
export const ifCarriedOut = (step, what, judge) => (o, run) =>
  success(run.outcomeOf(step.n)?.status ?? null) ? judge(o, run) : skip(`the ${what} of step ${step.n} was not carried out`);
