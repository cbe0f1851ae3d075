// The sandbox's handlers: a Fetch API Request in, a Response out, for every operation of every API version (see
// operations.mjs for what each operation does). The same code runs in the service worker (../worker.mjs) and in the
// local server (../local-server.mjs); the unit tests call it directly.
//
// A request goes through these steps, each in its own module; any of them may refuse it with SETU's error object
// (refusals.mjs):
// 1. route.mjs: the API version and operation its URL and method name, with the path's parameters;
// 2. request.mjs: its headers, query parameters and body text, as the operation declares them;
// 3. resources.mjs (and lines.mjs for lines inside a message), one request at a time: what the operation does to the
//    stored messages, after body.mjs judged the body with the message validator's engine exactly as the validator page
//    judges a message;
// 4. answers.mjs: the success answer the operation declares, in the form the client accepts.
// Where the standard is silent the handlers do what behaviour.mjs lists, which the sandbox page shows.
import {operationLocator} from './route.mjs';
import {readRequest} from './request.mjs';
import {perform} from './resources.mjs';
import {Refusal, refusalResponse} from './refusals.mjs';
import {noFindings, noteText, warningText} from './findings.mjs';

/** @typedef {import('./operations.mjs').SandboxApi} SandboxApi */
/** @typedef {import('./operations.mjs').SandboxOperation} SandboxOperation */
/** @typedef {import('./store.mjs').SandboxStore} SandboxStore */

/** What each request came to, for a log: the local server prints one line per request, and one per warning or repair note. */
/**
 * @typedef {object} Verdict
 * @property {string} method
 * @property {string} path the request's path and query
 * @property {number} status
 * @property {string | null} operationId
 * @property {string | null} problem the first line of the error's description, for a refusal
 * @property {import('./refusals.mjs').BodyError[]} errors what the validator found in a refused body, each located
 * @property {number} ms how long the sandbox took to answer
 * @property {string[]} warnings what the validator warned of in an accepted body, each as the answer's header gives it
 * @property {string[]} repairs its notes on values valid only under one of our repairs of SETU's published schemas
 */

/**
 * @typedef {object} SandboxOptions
 * @property {SandboxApi[]} apis what operations.mjs made of each API version's spec
 * @property {SandboxStore} store
 * @property {string} [base] the path under which the APIs are answered, ending in `/` (`/docs/sandbox/`; `/` locally)
 * @property {string[]} [alsoUnder] other paths that answer the same, each ending in `/` (locally the site's
 *   `/docs/sandbox/`, so that a request sample copied from an operation page works with only its origin changed)
 * @property {() => string} [newId] the id of a resource the server names (a UUID)
 * @property {() => Date} [now]
 * @property {(verdict: Verdict) => void} [onVerdict]
 */

/**
 * A request to an operation, read: what the steps after reading it work with.
 * @typedef {object} Context
 * @property {SandboxApi} api
 * @property {SandboxOperation} op
 * @property {Record<string, string>} params the path parameters
 * @property {Request} request
 * @property {URL} url
 * @property {string | null} text the request body
 * @property {'json' | 'xml'} form the body's form by its Content-Type
 * @property {SandboxStore} store
 * @property {string} base the path the request came under (its answer's Location is under the same)
 * @property {() => Date} now
 * @property {() => string} newId
 * @property {import('./findings.mjs').Findings} findings what the validator finds in the body, for the answer's headers
 */

/**
 * The sandbox: `handle` answers a request under `base` (or one of `alsoUnder`), `owns` tells whether a URL is one it answers.
 * @param {SandboxOptions} options
 */
export function createSandbox({
  apis,
  store,
  base = '/',
  alsoUnder = [],
  newId = () => crypto.randomUUID(),
  now = () => new Date(),
  onVerdict,
}) {
  const {locate, operationOf} = operationLocator(apis, [base, ...alsoUnder]);
  // One request at a time changes the store: a read, a check and a write of one request are not interleaved with another's.
  let queue = Promise.resolve();
  /** @type {<T>(task: () => Promise<T>) => Promise<T>} */
  const serially = (task) => {
    const run = queue.then(task);
    queue = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  };

  /** @param {URL} url */
  const owns = (url) => locate(url) !== null;

  /** @param {Request} request */
  async function handle(request) {
    const started = performance.now();
    const url = new URL(request.url);
    const method = request.method.toUpperCase();
    /** @type {string | null} */
    let operationId = null;
    /** @type {Response} */
    let response;
    /** @type {import('./refusals.mjs').BodyError[]} */
    let errors = [];
    const findings = noFindings();
    try {
      const {api, operation: op, params, base: under} = operationOf(url, method);
      operationId = op.operationId;
      const {text, form} = await readRequest(api, op, request, url);
      /** @type {Context} */
      const context = {api, op, params, request, url, text, form, store, base: under, now, newId, findings};
      response = await serially(() => perform(context));
    } catch (error) {
      if (error instanceof Refusal) errors = error.errors;
      response = refusalResponse(
        error instanceof Refusal
          ? error
          : new Refusal(
              500,
              'SANDBOX_ERROR',
              `The sandbox failed on this request: ${error instanceof Error ? error.message : String(error)}.`,
            ),
      );
    }
    if (onVerdict)
      onVerdict({
        ...(await verdictOf(method, url, response, operationId, response.status < 400 ? findings : noFindings())),
        errors,
        ms: performance.now() - started,
      });
    return response;
  }

  return {handle, owns};
}

/**
 * What a request came to, for the log: with a refusal's first line.
 * @param {string} method
 * @param {URL} url
 * @param {Response} response
 * @param {string | null} operationId
 * @param {import('./findings.mjs').Findings} findings
 * @returns {Promise<Omit<Verdict, 'errors' | 'ms'>>}
 */
async function verdictOf(method, url, response, operationId, findings) {
  let problem = null;
  if (response.status >= 400) {
    try {
      const body = await response.clone().json();
      problem = String(body.description ?? '').split('\n')[0];
    } catch {
      problem = null;
    }
  }
  return {
    method,
    path: `${url.pathname}${url.search}`,
    status: response.status,
    operationId,
    problem,
    warnings: findings.warnings.map(warningText),
    repairs: findings.notes.filter((n) => n.repair).map(noteText),
  };
}
