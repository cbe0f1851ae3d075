// The sandbox on localhost: the handlers the site's service worker runs (handlers/), served over HTTP by Node, for the
// integration tests of an implementer's own client. It answers at /<registry id>/<operation path> and, the same, under
// the site's path /docs/sandbox/…, so that a request sample copied from an operation page works here once its scheme,
// host and port are changed (tests/unit/api-reference/request-samples.test.mjs). Resources are kept in memory until the server stops. Each request
// is logged with its answer and, for a refusal, the first line of its error; each warning on an accepted body on a line
// of its own. `npm run sandbox` starts it
// (scripts/sandbox.mjs), with `--report FILE` a report of every request and its verdict for the tests of a client
// (clientReport); the unit tests start it on their own port.
import fs from 'node:fs';
import http from 'node:http';
import {apisWithReference} from '../../data/registry.mjs';
import {sandboxApiOf} from './handlers/operations.mjs';
import {createSandbox} from './handlers/handler.mjs';
import {memoryStore} from './handlers/store.mjs';
import {readSpec} from '../../build/specs.mjs';
import {messageOf} from '../../build/errors.mjs';
import {baseUrl} from '../../data/site.mjs';
import {clientRecorder, reportFormatOf} from '../conformance/client-report.mjs';

/** @typedef {import('./handlers/handler.mjs').Verdict} Verdict */

/**
 * The log lines of a request: time, status, method and path, the operation, and what was wrong; then one line per
 * warning the validator gave on an accepted body (`  warning: LINE:COLUMN: message [rule] (path)`), and one per note on
 * values valid only under one of our repairs of SETU's published schemas (`  note: …`), which a strict receiver rejects.
 */
export function verdictLine(/** @type {Verdict} */ v, /** @type {Date} */ at = new Date()) {
  const time = at.toTimeString().slice(0, 8);
  const head = `${time} ${v.status} ${v.method} ${v.path}${v.operationId ? `  ${v.operationId}` : ''}${v.problem ? `  ${v.problem}` : ''}`;
  return [head, ...(v.warnings ?? []).map((w) => `  warning: ${w}`), ...(v.repairs ?? []).map((n) => `  note: ${n}`)].join('\n');
}

/**
 * The request body as a web stream that, when the handler stops reading (a body over the limit), drains the rest
 * instead of destroying the socket, so that the answer (413) still reaches the client.
 * @param {http.IncomingMessage} req
 * @returns {ReadableStream<Uint8Array>}
 */
function bodyOf(req) {
  let open = true;
  return new ReadableStream({
    start(controller) {
      req.on('data', (/** @type {Buffer} */ chunk) => {
        if (!open) return;
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 0) <= 0) req.pause();
      });
      req.on('end', () => {
        if (open) controller.close();
        open = false;
      });
      req.on('error', (error) => {
        if (open) controller.error(error);
        open = false;
      });
    },
    pull() {
      req.resume();
    },
    cancel() {
      open = false;
      req.resume();
    },
  });
}

/**
 * An HTTP server that answers with the sandbox's handlers.
 * @param {{log?: (line: string) => void, onVerdict?: (verdict: Verdict) => void, store?: import('./handlers/store.mjs').SandboxStore}} [options]
 *   `onVerdict`: every request's verdict; `store`: where it keeps resources (memory by default; the tests look into it)
 */
export function createSandboxServer({log = console.log, onVerdict, store = memoryStore()} = {}) {
  const apis = apisWithReference.map((api) => sandboxApiOf(api, readSpec(api.specFile)));
  const sandbox = createSandbox({
    apis,
    store,
    base: '/',
    alsoUnder: [`${baseUrl}sandbox/`],
    onVerdict: (v) => {
      log(verdictLine(v));
      onVerdict?.(v);
    },
  });
  const server = http.createServer(async (req, res) => {
    try {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (value === undefined) continue;
        for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
      }
      const method = req.method ?? 'GET';
      const withBody = !['GET', 'HEAD'].includes(method);
      const request = new Request(`http://${req.headers.host ?? '127.0.0.1'}${req.url ?? '/'}`, {
        method,
        headers,
        body: withBody ? bodyOf(req) : undefined,
        // @ts-expect-error Node's fetch needs `duplex` for a streamed body; the DOM's RequestInit does not know it.
        duplex: withBody ? 'half' : undefined,
      });
      const response = await sandbox.handle(request);
      /** @type {Record<string, string>} */
      const answerHeaders = {};
      response.headers.forEach((value, name) => {
        answerHeaders[name] = value;
      });
      res.writeHead(response.status, answerHeaders);
      res.end(Buffer.from(await response.arrayBuffer()));
      // A body the handlers did not read (refused on its declared length, or before it mattered): drain it, so that the
      // connection is free again.
      if (!req.complete) {
        req.removeAllListeners('data');
        req.resume();
      }
    } catch (error) {
      log(`500 ${req.method} ${req.url}  ${messageOf(error)}`);
      res.writeHead(500, {'Content-Type': 'application/json; charset=utf-8'});
      res.end(JSON.stringify({code: 'SANDBOX_ERROR', description: messageOf(error)}));
    }
  });
  return {server, apis};
}

/**
 * `--report FILE`: records every request the server answers and its verdict (its `onVerdict`), and `write()` writes
 * them to `file` as JUnit (`.xml`) or JSON (`.json`) (src/plugins/conformance/client-report.mjs); the command line
 * calls it when the sandbox stops. Null for a file of any other name.
 * @param {string} file
 * @returns {{onVerdict: (verdict: Verdict) => void, write: () => number} | null} `write` returns the number of requests
 */
export function clientReport(file) {
  const format = reportFormatOf(file);
  if (!format) return null;
  const recorder = clientRecorder();
  return {
    onVerdict: (v) => recorder.add(v),
    write() {
      fs.writeFileSync(file, recorder.report(format));
      return recorder.requests.length;
    },
  };
}
