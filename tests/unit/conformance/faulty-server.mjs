// For the conformance kit's tests: the site's local sandbox (src/plugins/sandbox/local-server.mjs) on a free port, and faulty servers
// that wrap the sandbox's handler (the same handlers, on the same store) and break one promise of the standard each (a
// fault rewrites a request, an answer, or both). A faulty server counts the requests it receives, so a test can tell
// that nothing was sent. Wrapping the handler rather than proxying to the local server saves a second HTTP exchange per
// request.
import http from 'node:http';
import {createSandboxServer} from '../../../src/plugins/sandbox/local-server.mjs';
import {memoryStore} from '../../../src/plugins/sandbox/handlers/store.mjs';
import {createSandbox} from '../../../src/plugins/sandbox/handlers/handler.mjs';
import {sandboxApiOf} from '../../../src/plugins/sandbox/handlers/operations.mjs';
import {apisWithReference} from '../../../src/data/registry.mjs';
import {readSpec} from '../../../src/build/specs.mjs';

/**
 * @typedef {{method: string, path: string, host: string, headers: Headers, body: string}} ProxyRequest
 * @typedef {{status: number, headers: Headers, body: string}} ProxyResponse
 * @typedef {(request: ProxyRequest, forward: (request: ProxyRequest) => Promise<ProxyResponse>) => Promise<ProxyResponse>} Fault
 */

const listen = (/** @type {http.Server} */ server) =>
  /** @type {Promise<number>} */ (
    new Promise((resolve) =>
      server.listen(0, '127.0.0.1', () => resolve(/** @type {import('node:net').AddressInfo} */ (server.address()).port)),
    )
  );

/** The local sandbox with a store the tests can look into, and its handler on the same store for the faulty servers. */
export async function startSandbox() {
  const store = memoryStore();
  const {server} = createSandboxServer({log: () => {}, store});
  const port = await listen(server);
  const sandbox = createSandbox({apis: apisWithReference.map((api) => sandboxApiOf(api, readSpec(api.specFile))), store, base: '/'});
  /** @param {ProxyRequest} request */
  const handle = async (request) => {
    const response = await sandbox.handle(
      // At the faulty server's own address, which the sandbox's absolute URLs (Content-Location) are made from.
      new Request(`http://${request.host}${request.path}`, {
        method: request.method,
        headers: request.headers,
        body: ['GET', 'HEAD'].includes(request.method) ? undefined : request.body,
      }),
    );
    return {status: response.status, headers: response.headers, body: await response.text()};
  };
  return {store, handle, origin: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(resolve))};
}

/**
 * A server that answers every request through `fault` (none: as `forward` answers it).
 * @param {(request: ProxyRequest) => Promise<ProxyResponse>} forward
 * @param {Fault} [fault]
 */
export async function startFaulty(forward, fault) {
  let requests = 0;
  const server = http.createServer(async (req, res) => {
    requests++;
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers))
      if (typeof value === 'string' && name !== 'host' && name !== 'content-length') headers.set(name, value);
    const request = {
      method: req.method ?? 'GET',
      path: req.url ?? '/',
      host: req.headers.host ?? '127.0.0.1',
      headers,
      body: Buffer.concat(chunks).toString('utf8'),
    };
    try {
      const answer = await (fault ? fault(request, forward) : forward(request));
      /** @type {Record<string, string>} */
      const out = {};
      answer.headers.forEach((value, name) => {
        if (!['content-length', 'transfer-encoding', 'connection', 'keep-alive'].includes(name)) out[name] = value;
      });
      res.sendDate = false;
      res.writeHead(answer.status, out);
      res.end(answer.body);
    } catch (error) {
      res.writeHead(500, {'Content-Type': 'text/plain'});
      res.end(String(error));
    }
  });
  const port = await listen(server);
  return {
    origin: `http://127.0.0.1:${port}`,
    requests: () => requests,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** A copy of an answer with another status, headers or body. */
export const answer = (
  /** @type {ProxyResponse} */ r,
  /** @type {{status?: number, headers?: Record<string, string | null>, body?: string}} */ change,
) => {
  const headers = new Headers(r.headers);
  for (const [name, value] of Object.entries(change.headers ?? {})) {
    if (value === null) headers.delete(name);
    else headers.set(name, value);
  }
  return {status: change.status ?? r.status, headers, body: change.body ?? r.body};
};
