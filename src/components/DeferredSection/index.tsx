// A part of a page that the server renders in full, but whose code and data the browser loads only when the reader
// scrolls near it. The API reference uses it for an operation's parameters, request schema and responses: their
// data (the whole message schema, up to a megabyte for Inquiry Pay Equity 2.0) would otherwise be part of the page's
// script and be hydrated before the page answers.
//
// While the data has not arrived, React keeps the server's HTML of the part (a Suspense boundary that is not yet
// hydrated), so the reader sees it from the start. A marker element before it is hydrated at once; when it comes
// within a quarter screen of the viewport, the data loads and React hydrates the part. After a client-side navigation the
// part shows `fallback` until then.
import React, {Suspense, use, useCallback, useState, type ReactNode} from 'react';
import styles from './styles.module.css';

interface Props<T> {
  /** Loads the data: a dynamic import of a JSON module, which the bundler makes a chunk of its own. */
  load: () => Promise<{default: T} | T>;
  /** Renders the part from the data. */
  render: (data: T) => ReactNode;
}

interface Trigger<T> {
  data: Promise<T>;
  start: () => void;
}

/** The data, loaded when `start` is called (in the browser) or at once (on the server, which waits for it). */
function trigger<T>(load: Props<T>['load']): Trigger<T> {
  const unwrap = (module: {default: T} | T) => (module && typeof module === 'object' && 'default' in module ? module.default : module) as T;
  if (typeof window === 'undefined') return {data: load().then(unwrap), start: () => {}};
  let start = () => {};
  const started = new Promise<void>((resolve) => {
    start = resolve;
  });
  return {data: started.then(load).then(unwrap), start};
}

function Loaded<T>({data, render}: {data: Promise<T>; render: Props<T>['render']}): ReactNode {
  return render(use(data));
}

export default function DeferredSection<T>({load, render}: Props<T>): ReactNode {
  const [{data, start}] = useState(() => trigger(load));
  // The marker starts the load when it comes within a quarter screen of the viewport (at once where there is no observer).
  const marker = useCallback(
    (element: HTMLSpanElement | null) => {
      if (!element) return undefined;
      if (typeof IntersectionObserver === 'undefined') {
        start();
        return undefined;
      }
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((e) => e.isIntersecting)) {
            observer.disconnect();
            start();
          }
        },
        {rootMargin: '25% 0px'},
      );
      observer.observe(element);
      return () => observer.disconnect();
    },
    [start],
  );
  return (
    <>
      <span ref={marker} className={styles.marker} aria-hidden="true" />
      <Suspense fallback={<p className={styles.loading}>Loading…</p>}>
        <Loaded data={data} render={render} />
      </Suspense>
    </>
  );
}
