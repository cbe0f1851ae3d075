// The sandbox's service worker: answers the requests under `<scope>sandbox/<registry id>/` with the sandbox's
// handlers (handlers/handler.mjs) and leaves every other request alone: no `respondWith`, so pages, the search
// index, prefetched code and offline use go to the network (or the browser's cache) as without it.
// Bundled by src/plugins/sandbox/index.ts, which calls startSandboxWorker with the operations of every API version.
import {createSandbox} from './handlers/handler.mjs';
import {idbStore} from './handlers/idb-store.mjs';
import {memoryStore} from './handlers/store.mjs';

// The site's TypeScript lib is DOM, not WebWorker: what is used of the service worker's scope, typed here.
/**
 * @typedef {Event & {waitUntil(promise: Promise<unknown>): void}} ExtendableEvent
 * @typedef {ExtendableEvent & {request: Request, respondWith(response: Promise<Response>): void}} FetchEvent
 * @typedef {object} WorkerScope
 * @property {{scope: string}} registration
 * @property {{origin: string}} location
 * @property {{claim(): Promise<void>}} clients
 * @property {() => Promise<void>} skipWaiting
 * @property {(type: string, listener: (event: any) => void) => void} addEventListener
 */

/**
 * @param {import('./handlers/operations.mjs').SandboxApi[]} apis
 */
export function startSandboxWorker(apis) {
  const scope = /** @type {WorkerScope} */ (/** @type {unknown} */ (self));
  const base = `${new URL(scope.registration.scope).pathname}sandbox/`;
  const sandbox = createSandbox({apis, base, store: typeof indexedDB === 'undefined' ? memoryStore() : idbStore()});

  // A new version takes over at once: the worker keeps no state of its own, only the store. Where the browser has static
  // routes (Chromium), every request outside the sandbox goes to the network without even starting the worker.
  scope.addEventListener('install', (/** @type {ExtendableEvent & {addRoutes?: (routes: object[]) => Promise<void>}} */ event) => {
    const routes =
      event.addRoutes && typeof URLPattern !== 'undefined'
        ? event
            .addRoutes([
              {condition: {urlPattern: new URLPattern({pathname: `${base}*`})}, source: 'fetch-event'},
              {condition: {urlPattern: new URLPattern({})}, source: 'network'},
            ])
            .catch(() => undefined)
        : undefined;
    event.waitUntil(Promise.all([scope.skipWaiting(), routes]));
  });
  scope.addEventListener('activate', (/** @type {ExtendableEvent} */ event) => event.waitUntil(scope.clients.claim()));
  // A page loaded past the worker (a forced reload) asks to be controlled: ensureSandbox() in client.ts.
  scope.addEventListener('message', (/** @type {ExtendableEvent & {data: unknown}} */ event) => {
    if (event.data === 'claim') event.waitUntil(scope.clients.claim());
  });
  scope.addEventListener('fetch', (/** @type {FetchEvent} */ event) => {
    const url = new URL(event.request.url);
    if (url.origin !== scope.location.origin || !sandbox.owns(url)) return;
    event.respondWith(sandbox.handle(event.request));
  });
}
