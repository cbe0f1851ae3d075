// Starting the sandbox in the reader's browser: registers its service worker (src/plugins/sandbox/worker.mjs) on
// demand, never on a page load. The sandbox page calls it when the reader starts the sandbox; the API explorer calls
// it before it sends a request to the sandbox.
import {baseUrl} from '../../data/site.mjs';

/** The worker's address; its scope is the whole site, `/docs/`, so that it answers requests from every page. */
const workerUrl = `${baseUrl}sandbox-worker.js`;

/** The address of an API version's sandbox, e.g. `https://…/docs/sandbox/p2p`: the server URL of its operations. */
export function sandboxServerUrl(apiId: string): string {
  return `${window.location.origin}${baseUrl}sandbox/${apiId}`;
}

/** Whether this browser can run the sandbox (service workers need a secure context: https, or localhost). */
export function sandboxSupported(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator && window.isSecureContext;
}

const isSandboxWorker = (worker: ServiceWorker | null | undefined) => Boolean(worker && new URL(worker.scriptURL).pathname === workerUrl);

/** Whether the sandbox's worker controls this page, so that its requests to the sandbox are answered. */
export function sandboxActive(): boolean {
  return sandboxSupported() && isSandboxWorker(navigator.serviceWorker.controller);
}

/**
 * Registers the sandbox's worker (once; later calls find it) and resolves once it controls this page, so that a
 * request to `sandboxServerUrl(…)` that follows is answered by it. Rejects, with a reason a reader can act on, where
 * the browser cannot run it or the worker does not start within `timeoutMs`.
 */
export async function ensureSandbox(timeoutMs = 30_000): Promise<void> {
  if (!sandboxSupported()) {
    throw new Error(
      'This browser cannot run the sandbox: it needs service workers, which a private window or an insecure (http) address may turn off.',
    );
  }
  if (sandboxActive()) return;
  const container = navigator.serviceWorker;
  const controlled = new Promise<void>((resolve) => {
    const onChange = () => {
      if (!isSandboxWorker(container.controller)) return;
      container.removeEventListener('controllerchange', onChange);
      resolve();
    };
    container.addEventListener('controllerchange', onChange);
  });
  await container.register(workerUrl, {scope: baseUrl});
  const registration = await withTimeout(container.ready, timeoutMs);
  if (sandboxActive()) return;
  // An active worker that did not take this page (it was loaded with a forced reload, past the worker): ask it to.
  registration.active?.postMessage('claim');
  await withTimeout(controlled, timeoutMs);
}

/** Unregisters the worker: this page keeps it until it is reloaded, other pages of the site are no longer answered. */
export async function stopSandbox(): Promise<void> {
  if (!sandboxSupported()) return;
  const registration = await navigator.serviceWorker.getRegistration(baseUrl);
  if (registration && isSandboxWorker(registration.active ?? registration.waiting ?? registration.installing))
    await registration.unregister();
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`The sandbox did not start within ${ms / 1000} seconds. Reload the page and try again.`)),
      ms,
    );
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
