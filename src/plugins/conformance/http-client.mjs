// The kit's HTTP client, safe to point at a real server: it calls the base URL and nothing else (a URL that is not under
// it, on its origin and its path, dot segments resolved, is refused before anything is sent, and a redirect is
// reported, never followed), every request has a timeout, and an answer's body is read up to a limit. Node's fetch
// (undici), with nothing installed.
import {readBounded} from '../sandbox/handlers/request.mjs';

/** The most of an answer's body the kit reads: 5 MB, the size the sandbox and the validator page take. */
const maxAnswerBytes = 5 * 1024 * 1024;

/**
 * @typedef {import('./plan.mjs').Outcome} Outcome
 * @typedef {{method: string, url: string, headers: Record<string, string>, body: string | null}} ClientRequest
 */

/** Words for the network errors Node's fetch gives as a `cause` code. */
const networkWords = /** @type {Record<string, string>} */ ({
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name not resolved',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ETIMEDOUT: 'connection timed out',
  EPIPE: 'connection closed',
  UND_ERR_SOCKET: 'connection closed',
  UND_ERR_HEADERS_OVERFLOW: 'answer headers too large',
  CERT_HAS_EXPIRED: 'TLS certificate expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'TLS certificate self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'TLS certificate chain self-signed',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'TLS certificate not verified',
  ERR_TLS_CERT_ALTNAME_INVALID: 'TLS certificate for another host',
});

/** Network errors that mean the request never reached a server. */
const notReached = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * Why a request got no answer, in a few words; `network`: the server may be unreachable (rather than slow); `reached`:
 * the request may have reached it (and been carried out).
 */
function failureOf(
  /** @type {unknown} */ error,
  /** @type {{timedOut: boolean, timeoutMs: number}} */ timer,
  /** @type {AbortSignal} */ run,
) {
  if (run.aborted) return {words: 'interrupted', network: false, reached: true};
  if (timer.timedOut) return {words: `no answer within ${timer.timeoutMs / 1000} s`, network: false, reached: true};
  const cause = /** @type {any} */ (error)?.cause;
  const code = cause?.code ?? /** @type {any} */ (error)?.code;
  const words =
    code && networkWords[code] ? networkWords[code] : (cause?.message ?? (error instanceof Error ? error.message : String(error)));
  // `bad port`: a port fetch refuses to call (a browser's list).
  return {words, network: true, reached: !(notReached.has(code) || words === 'bad port')};
}

/**
 * Whether a URL is under the base URL: on its origin, and its path (dot segments resolved, as `new URL` does) the base
 * URL's path or one below it. The one rule for every URL the kit calls, also those it takes from an answer.
 * @param {URL} baseUrl
 * @param {URL} url
 */
export function underBase(baseUrl, url) {
  if (url.origin !== baseUrl.origin) return false;
  const basePath = baseUrl.pathname.replace(/\/+$/, '');
  return basePath === '' || url.pathname === basePath || url.pathname.startsWith(`${basePath}/`);
}

/**
 * A client for one base URL.
 * @param {{baseUrl: URL, headers: [string, string][], timeoutMs: number, signal: AbortSignal}} options `headers`: the
 *   user's (authentication), sent with every request
 */
export function createClient({baseUrl, headers, timeoutMs, signal}) {
  const base = baseUrl.href.replace(/\/+$/, '');
  /** The absolute URL of a path under the base URL. */
  const urlOf = (/** @type {string} */ path) => `${base}${path}`;

  /**
   * Sends one request and reads its answer.
   * @param {{method: string, path: string, headers: Record<string, string>, body: string | null}} request
   * @param {AbortSignal} [runSignal] the run's own (the clean-up has another)
   * @returns {Promise<Outcome & {network: boolean, reached: boolean, request: ClientRequest}>}
   */
  async function send(request, runSignal = signal) {
    const target = new URL(urlOf(request.path));
    const url = target.href;
    const all = {...request.headers};
    for (const [name, value] of headers) all[name] = value;
    const started = performance.now();
    const sent = {method: request.method, url, headers: all, body: request.body};
    /** @type {Outcome & {network: boolean, reached: boolean, request: ClientRequest}} */
    const outcome = {
      status: null,
      headers: new Headers(),
      text: '',
      truncated: false,
      failure: null,
      redirect: null,
      ms: 0,
      network: false,
      reached: true,
      request: sent,
    };
    // A path with dot segments (an id the server named) could lead out of the base URL: not sent.
    if (!underBase(baseUrl, target)) {
      outcome.failure = `not sent: ${url} is not under the base URL ${baseUrl.href}`;
      outcome.reached = false;
      return outcome;
    }
    // A timer of its own, not AbortSignal.timeout: combined with AbortSignal.any, Node 20 may collect that signal before
    // it fires (a request then waits for ever).
    const controller = new AbortController();
    const timer = {timedOut: false, timeoutMs};
    const clock = setTimeout(() => {
      timer.timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onRun = () => controller.abort();
    runSignal.addEventListener('abort', onRun, {once: true});
    if (runSignal.aborted) controller.abort();
    try {
      const response = await fetch(url, {
        method: request.method,
        headers: all,
        body: request.body ?? undefined,
        redirect: 'manual',
        signal: controller.signal,
      });
      outcome.status = response.status;
      outcome.headers = response.headers;
      if (response.status >= 300 && response.status < 400) {
        const location = response.headers.get('location');
        outcome.redirect = location ? new URL(location, url).href : '(no Location)';
      }
      const read = await readAnswer(response);
      outcome.text = read.text;
      outcome.truncated = read.truncated;
    } catch (error) {
      const failure = failureOf(error, timer, runSignal);
      // An answer whose body did not come in time is no answer.
      outcome.status = null;
      outcome.failure = failure.words;
      outcome.network = failure.network;
      outcome.reached = failure.reached;
    } finally {
      clearTimeout(clock);
      runSignal.removeEventListener('abort', onRun);
    }
    outcome.ms = Math.round(performance.now() - started);
    return outcome;
  }
  return {send, urlOf};
}

/** An answer's body as UTF-8 text, up to maxAnswerBytes. */
async function readAnswer(/** @type {Response} */ response) {
  const {bytes, over} = await readBounded(response.body, maxAnswerBytes);
  return {text: new TextDecoder().decode(bytes), truncated: over};
}
