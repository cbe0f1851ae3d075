// For the conformance kit's tests: the site's local sandbox (scripts/sandbox.mjs) on a free port, and proxies in front
// of it that break one promise of the standard each (a fault rewrites a request, an answer, or both). A proxy counts
// the requests it receives, so a test can tell that nothing was sent.
import http from 'node:http';
import {createSandboxServer} from '../../../scripts/sandbox.mjs';
import {memoryStore} from '../../../src/sandbox/store.mjs';

/**
 * @typedef {{method: string, path: string, headers: Headers, body: string}} ProxyRequest
 * @typedef {{status: number, headers: Headers, body: string}} ProxyResponse
 * @typedef {(request: ProxyRequest, forward: (request: ProxyRequest) => Promise<ProxyResponse>) => Promise<ProxyResponse>} Fault
 */

const listen = (/** @type {http.Server} */ server) =>
  /** @type {Promise<number>} */ (
    new Promise((resolve) =>
      server.listen(0, '127.0.0.1', () => resolve(/** @type {import('node:net').AddressInfo} */ (server.address()).port)),
    )
  );

/** The local sandbox with a store the tests can look into. */
export async function startSandbox() {
  const store = memoryStore();
  const {server} = createSandboxServer({log: () => {}, store});
  const port = await listen(server);
  return {store, origin: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(resolve))};
}

/**
 * A proxy in front of `origin` that answers through `fault` (none: every request as the sandbox answers it).
 * @param {string} origin
 * @param {Fault} [fault]
 */
export async function startProxy(origin, fault) {
  let requests = 0;
  /** @param {ProxyRequest} request */
  const forward = async (request) => {
    const response = await fetch(`${origin}${request.path}`, {
      method: request.method,
      headers: request.headers,
      body: ['GET', 'HEAD'].includes(request.method) ? undefined : request.body,
      redirect: 'manual',
    });
    return {status: response.status, headers: response.headers, body: await response.text()};
  };
  const server = http.createServer(async (req, res) => {
    requests++;
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers))
      if (typeof value === 'string' && name !== 'host' && name !== 'content-length') headers.set(name, value);
    const request = {method: req.method ?? 'GET', path: req.url ?? '/', headers, body: Buffer.concat(chunks).toString('utf8')};
    try {
      const answer = await (fault ? fault(request, forward) : forward(request));
      const out = Object.fromEntries(
        [...answer.headers].filter(([name]) => !['content-length', 'transfer-encoding', 'connection', 'keep-alive'].includes(name)),
      );
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
