// For implementers of a client: the local sandbox (`npm run sandbox -- --port N --report FILE`, src/plugins/sandbox/local-server.mjs)
// records every request it receives and its verdict, and writes them when it stops, as a JUnit report (a test case per
// request, for CI test views) or as JSON. A request the sandbox refuses because of what the client sent (a 4xx other
// than a 404 for a resource it does not hold) is a failure, with the sandbox's error and each error the validator found
// in the body, located as setu-validate reports them (`body:LINE:COLUMN: error: message [rule] (path)`); a 404 for a
// resource it does not hold is the answer, not the client's fault; a 5xx is an error of the sandbox. Each request's
// test case takes the time the sandbox took to answer it.
import {junitXml} from '../validator/command/reports.mjs';

/** @typedef {import('../sandbox/handlers/handler.mjs').Verdict} Verdict */

/**
 * A request as the report holds it.
 * @typedef {object} ClientRequestRecord
 * @property {number} n
 * @property {string} time ISO
 * @property {string} method
 * @property {string} path
 * @property {string | null} api the registry id of the API version its path names
 * @property {string | null} operationId
 * @property {number} status
 * @property {'accepted' | 'not held' | 'refused' | 'sandbox error'} verdict
 * @property {string | null} problem
 * @property {import('../sandbox/handlers/refusals.mjs').BodyError[]} errors what the validator found in a refused body
 * @property {number} ms how long the sandbox took to answer
 */

/** An error of a refused body as setu-validate's text report writes one, the body standing for the file. */
const errorLine = (/** @type {import('../sandbox/handlers/refusals.mjs').BodyError} */ e) =>
  `body${e.line ? `:${e.line}:${e.column ?? 1}` : ''}: error: ${e.message}${e.rule ? ` [${e.rule}]` : ''}${e.path !== null ? ` (${e.path})` : ''}`;

/** The verdict on what the client sent, from the sandbox's answer. */
function verdictOf(/** @type {Verdict} */ v) {
  if (v.status < 400) return 'accepted';
  if (v.status >= 500) return 'sandbox error';
  // A 404 on an operation's path: the resource is not held (the answer a read of a deleted resource expects).
  if (v.status === 404 && v.operationId) return 'not held';
  return 'refused';
}

/** The format a report file's name asks for: JUnit for `.xml`, JSON for `.json`; null for any other. */
export const reportFormatOf = (/** @type {string} */ file) => (/\.xml$/i.test(file) ? 'junit' : /\.json$/i.test(file) ? 'json' : null);

/** A recorder of the sandbox's verdicts, and the report of what it recorded. */
export function clientRecorder() {
  /** @type {ClientRequestRecord[]} */
  const requests = [];
  const started = new Date();
  return {
    /** @param {Verdict} v @param {Date} [at] */
    add(v, at = new Date()) {
      const api = v.path.split('/')[1] || null;
      requests.push({
        n: requests.length + 1,
        time: at.toISOString(),
        method: v.method,
        path: v.path,
        api,
        operationId: v.operationId,
        status: v.status,
        verdict: verdictOf(v),
        problem: v.problem,
        errors: v.errors ?? [],
        ms: Math.round((v.ms ?? 0) * 10) / 10,
      });
    },
    requests,
    /**
     * The report, in `format`.
     * @param {'junit' | 'json'} format
     * @param {Date} [stopped]
     */
    report(format, stopped = new Date()) {
      const count = (/** @type {ClientRequestRecord['verdict']} */ verdict) => requests.filter((r) => r.verdict === verdict).length;
      if (format === 'json') {
        const summary = {
          requests: requests.length,
          accepted: count('accepted'),
          notHeld: count('not held'),
          refused: count('refused'),
          sandboxErrors: count('sandbox error'),
        };
        return `${JSON.stringify({tool: 'setu-sandbox', started: started.toISOString(), stopped: stopped.toISOString(), summary, requests}, null, 2)}\n`;
      }
      const cases = requests.map((r) => ({
        name: `${r.n}. ${r.method} ${r.path}`,
        classname: `${r.api ?? 'sandbox'}.${r.operationId ?? 'no-operation'}`,
        time: r.ms / 1000,
        ...(r.verdict === 'refused'
          ? {
              failure: {
                message: `${r.status}: ${r.problem ?? ''}`,
                type: 'refused',
                text: [`${r.time} ${r.status} ${r.method} ${r.path}`, r.problem ?? '', ...r.errors.map(errorLine)].join('\n'),
              },
            }
          : {}),
        ...(r.verdict === 'sandbox error' ? {error: {message: `${r.status}: ${r.problem ?? ''}`, type: 'sandbox-error'}} : {}),
        ...(r.verdict === 'accepted' || r.verdict === 'not held'
          ? {out: `${r.time} ${r.status} ${r.operationId}${r.verdict === 'not held' ? ': the sandbox holds no such resource' : ''}`}
          : {}),
      }));
      return junitXml('setu-sandbox', [{name: 'requests the client sent to the SETU API sandbox', cases}]);
    },
  };
}
