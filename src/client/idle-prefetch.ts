/**
 * Docusaurus prefetches the code of each internal link the moment it scrolls into view. On an API page
 * that is ~100 links at once: ~300 ms of main-thread work on a phone (appending <link rel=prefetch> and
 * matching routes) while the page is still starting, counted as blocking time. Here those prefetches
 * wait in a queue and run one per idle period. Docusaurus' own rules (none on Save-Data or 2G) and its
 * preloading on hover and touch are unchanged.
 */
import type {ClientModule} from '@docusaurus/types';

type DocusaurusGlobal = Window['docusaurus'];

const whenIdle: (callback: () => void) => void =
  typeof window !== 'undefined' && 'requestIdleCallback' in window
    ? (callback) => window.requestIdleCallback(callback, {timeout: 5000})
    : (callback) => setTimeout(callback, 200);

let patched = false;

function withDeferredPrefetch(docusaurus: DocusaurusGlobal): DocusaurusGlobal {
  const prefetchNow = docusaurus.prefetch.bind(docusaurus);
  const queue: (() => void)[] = [];
  let draining = false;
  const drain = () => {
    queue.shift()?.();
    if (queue.length > 0) whenIdle(drain);
    else draining = false;
  };
  const prefetch: DocusaurusGlobal['prefetch'] = (routePath) => {
    const done = new Promise<void[]>((resolve) => {
      queue.push(() => {
        const result = prefetchNow(routePath);
        void (result === false ? resolve([]) : result.then(resolve, () => resolve([])));
      });
    });
    if (!draining) {
      draining = true;
      whenIdle(drain);
    }
    return done;
  };
  return {...docusaurus, prefetch};
}

const module: ClientModule = {
  // Runs in a layout effect after the first render, before any link's IntersectionObserver reports.
  onRouteDidUpdate() {
    if (patched || typeof window === 'undefined' || !window.docusaurus) return;
    patched = true;
    // The object Docusaurus puts there is read-only; links look up window.docusaurus.prefetch at each call.
    window.docusaurus = withDeferredPrefetch(window.docusaurus);
  },
};

export default module;
