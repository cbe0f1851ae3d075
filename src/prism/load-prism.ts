// Where code blocks and the request samples get Prism from (./prism.ts): bundled into the server's renderer, loaded
// in the browser on first use and kept.
import type * as HighlightModule from './prism';

export type Highlighter = typeof HighlightModule;

let loaded: Highlighter | undefined = process.env.RENDERING_ON_SERVER
  ? // eslint-disable-next-line @typescript-eslint/no-require-imports -- server only: the browser's bundle leaves this branch out
    (require('./prism') as Highlighter)
  : undefined;
let loading: Promise<Highlighter> | undefined;

/** Prism with the site's languages, if it is loaded already. */
export function loadedHighlighter(): Highlighter | undefined {
  return loaded;
}

/** Prism with the site's languages, loaded once; a failed load (offline, a new deployment) is tried again next time. */
export function loadHighlighter(): Promise<Highlighter> {
  loading ??= loaded
    ? Promise.resolve(loaded)
    : import('./prism').then(
        (module) => (loaded = module),
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
  return loading;
}

// The reader's first press of a key or pointer is often the one that opens a tab or a page whose code blocks the
// browser renders itself: Prism starts loading then, so that they show unhighlighted for as short a time as possible.
if (!process.env.RENDERING_ON_SERVER && typeof window !== 'undefined') {
  const preload = () => void loadHighlighter().catch(() => undefined);
  for (const type of ['pointerdown', 'keydown']) window.addEventListener(type, preload, {once: true, passive: true, capture: true});
}
