// The sandbox on localhost: the handlers the site's service worker runs (src/sandbox/), served over HTTP at
// http://127.0.0.1:<port>/<registry id>/<operation path>, for the integration tests of an implementer's own client.
// Resources are kept in memory until the server stops. Each request is logged with its answer and, for a refusal, the
// first line of its error.
// Usage: npm run sandbox -- [--port 4010] [--host 127.0.0.1] [--report FILE]   (the npm script first generates the validators)
// --report FILE: when the sandbox stops (Ctrl+C, SIGTERM), every request it received and its verdict, as JUnit (FILE.xml)
// or JSON (FILE.json), for the tests of a client (src/plugins/conformance/client-report.mjs).
import fs from 'node:fs';
import http from 'node:http';
import {fileURLToPath} from 'node:url';
import {apisWithReference} from '../src/data/registry.mjs';
import {sandboxApiOf} from '../src/sandbox/operations.mjs';
import {createSandbox} from '../src/sandbox/handler.mjs';
import {memoryStore} from '../src/sandbox/store.mjs';
import {readSpec} from './lib/specs.mjs';
import {messageOf} from './lib/errors.mjs';
import {clientRecorder, reportFormatOf} from '../src/plugins/conformance/client-report.mjs';

/** @typedef {import('../src/sandbox/handler.mjs').Verdict} Verdict */

/** One log line: time, status, method and path, the operation, and what was wrong. */
export function verdictLine(/** @type {Verdict} */ v, /** @type {Date} */ at = new Date()) {
  const time = at.toTimeString().slice(0, 8);
  return `${time} ${v.status} ${v.method} ${v.path}${v.operationId ? `  ${v.operationId}` : ''}${v.problem ? `  ${v.problem}` : ''}`;
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
 * @param {{log?: (line: string) => void, onVerdict?: (verdict: Verdict) => void, store?: import('../src/sandbox/store.mjs').SandboxStore}} [options]
 *   `onVerdict`: every request's verdict; `store`: where it keeps resources (memory by default; the tests look into it)
 */
export function createSandboxServer({log = console.log, onVerdict, store = memoryStore()} = {}) {
  const apis = apisWithReference.map((api) => sandboxApiOf(api, readSpec(api.specFile)));
  const sandbox = createSandbox({
    apis,
    store,
    base: '/',
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
      res.writeHead(response.status, Object.fromEntries(response.headers));
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

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const arg = (/** @type {string} */ name, /** @type {string} */ fallback) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
  };
  const port = Number(arg('port', process.env.PORT ?? '4010'));
  const host = arg('host', '127.0.0.1');
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`[sandbox] --port ${arg('port', '')}: not a port number`);
    process.exit(2);
  }
  const reportFile = arg('report', '');
  const reportFormat = reportFile ? reportFormatOf(reportFile) : null;
  if (process.argv.includes('--report') && !reportFormat) {
    console.error(`[sandbox] --report ${reportFile}: name a .xml file (a JUnit report) or a .json file`);
    process.exit(2);
  }
  const recorder = reportFormat ? clientRecorder() : null;
  if (recorder && reportFormat) {
    // When the sandbox stops: the report of every request, written before the process ends.
    const stop = () => {
      try {
        fs.writeFileSync(reportFile, recorder.report(reportFormat));
        console.log(`\n[sandbox] ${recorder.requests.length} requests reported in ${reportFile}`);
        process.exit(0);
      } catch (error) {
        console.error(`[sandbox] --report ${reportFile}: ${messageOf(error)}`);
        process.exit(1);
      }
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  }
  try {
    const {server, apis} = createSandboxServer({onVerdict: recorder ? (v) => recorder.add(v) : undefined});
    server.on('error', (error) => {
      console.error(`[sandbox] ${messageOf(error)}`);
      process.exit(1);
    });
    server.listen(port, host, () => {
      const address = server.address();
      const origin = `http://${host}:${typeof address === 'object' && address ? address.port : port}`;
      console.log(`SETU API sandbox at ${origin}/<API>/<path>, resources in memory until it stops (Ctrl+C):`);
      if (recorder) console.log(`  every request and its verdict go to ${reportFile} when it stops`);
      for (const api of apis) {
        console.log(
          `  ${origin}/${api.id}  ${api.title} ${api.version}, ${api.operations.length} operations, setuVersionId ${api.versions.join(' or ')}`,
        );
      }
    });
  } catch (error) {
    console.error(`[sandbox] ${messageOf(error)}`);
    process.exit(1);
  }
}
