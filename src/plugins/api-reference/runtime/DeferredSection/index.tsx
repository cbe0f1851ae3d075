// A part of a page whose data the browser loads only when the reader scrolls near it. The API reference uses it for an
// operation's parameters, request schema and responses: their data (the whole message schema, up to a megabyte for
// Inquiry Pay Equity 2.0) would otherwise be part of the page's script, and be hydrated before the page answers.
//
// The server renders the part from `serverData` into the page's HTML, or, where the part cannot be rendered on the
// server, a `placeholder`. When the page hydrates, the browser keeps that HTML as it is (React leaves the inner HTML of
// an element given by dangerouslySetInnerHTML alone) until the part comes within a quarter screen of the viewport;
// then it loads the data and renders the part over it, in a transition. After a client-side navigation, which has no
// server HTML, the part says "Loading…" until then.
//
// Not a Suspense boundary: React streams a large boundary out of order, revealed by an inline script, so the part
// would need JavaScript to show at all.
import React, {startTransition, useCallback, useRef, useState, type ComponentType, type ReactNode} from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import SectionBoundary from '../SectionBoundary';
import styles from './styles.module.css';

type Module<T> = {default: T} | T;

interface Props<T> {
  /** Loads the data, e.g. a JSON file with loadJson. */
  load: () => Promise<Module<T>>;
  /** Loads the code that renders the part (see onDemand), at the same time as its data. */
  code?: () => Promise<unknown>;
  /** The same data, given on the server only, where the part renders at once. */
  serverData?: Module<T>;
  /** Renders the part from the data. */
  render: (data: T) => ReactNode;
  /** What the server renders instead of the part when it has no `serverData`: something of about the part's height. */
  placeholder?: ReactNode;
}

/** The data of a JSON file published as it is (../../data-files.ts), from its address. */
export async function loadJson<T>(address: string): Promise<T> {
  const response = await fetch(address);
  if (!response.ok) throw new Error(`${address}: ${response.status} ${response.statusText}`);
  return (await response.json()) as T;
}

/** A promise settled in a later task than this one: what follows runs in a task of its own. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

let lastLoad: Promise<unknown> = Promise.resolve();

/** Runs `load` once every load asked for before it has run, in a task of its own. */
function inTurn<T>(load: () => Promise<T>): Promise<T> {
  const result = lastLoad.then(nextTask).then(load);
  lastLoad = result.catch(() => undefined);
  return result;
}

// What the sections' components have in common: the Markdown of descriptions and the schema tree. Run in one task
// with a section's own modules, these took ~70 ms on a phone, long enough to keep the page from answering; loaded first,
// each in a task of its own, no task runs more than about a third of it.
// (Our Markdown is the theme's @theme/Markdown; the theme's Schema, which no other theme shadows, is @theme-original/Schema.)
const sharedCode = [() => import('../../theme/Markdown'), () => import('@theme-original/Schema')];
let sharedLoaded: Promise<unknown> | undefined;
const loadSharedCode = () =>
  (sharedLoaded ??= Promise.all(sharedCode.map((load) => inTurn(load))).catch((error: unknown) => {
    sharedLoaded = undefined; // "Try again" tries again
    throw error;
  }));

/** A component with the function that loads its code. */
export type OnDemandComponent<P> = ComponentType<P> & {load: () => Promise<unknown>};

/**
 * A component whose code the browser runs only when a section needs it (DeferredSection's `code`): the modules of an
 * operation page's schema sections, with their Markdown and example libraries, would otherwise all run when the page
 * starts, in one task of ~100 ms on a phone. The server, which renders synchronously, is given the module itself.
 * Rendered before its code is loaded (which DeferredSection never does), it renders nothing.
 */
export function onDemand<P extends object>(
  load: () => Promise<{default: ComponentType<P>}>,
  onServer?: {default: ComponentType<P>},
): OnDemandComponent<P> {
  let Loaded: ComponentType<P> | undefined = onServer?.default;
  let loading: Promise<unknown> | undefined;
  const OnDemand = (props: P): ReactNode => (Loaded ? <Loaded {...props} /> : null);
  OnDemand.load = () =>
    (loading ??= loadSharedCode()
      .then(() => inTurn(load))
      .then(
        (module) => {
          Loaded = module.default;
        },
        (error: unknown) => {
          loading = undefined; // "Try again" tries again
          throw error;
        },
      ));
  return OnDemand;
}

const unwrap = <T,>(module: Module<T>) => (module && typeof module === 'object' && 'default' in module ? module.default : module) as T;

export default function DeferredSection<T>({load, code, serverData, render, placeholder}: Props<T>): ReactNode {
  // Hydrating: keep the server's HTML. Rendered after a client-side navigation: there is none.
  const [hydrating] = useState(!useIsBrowser());
  const [data, setData] = useState<{value: T} | null>(null);
  // A failed load (offline, a file gone after a new deployment) says so and offers another try, instead of
  // "Loading…" for ever.
  const [failure, setFailure] = useState<string | null>(null);
  // Set by "Try again": the server's HTML was replaced by the failure, so "Loading…" stands in until the data comes.
  const [retrying, setRetrying] = useState(false);
  const requested = useRef(false);
  const fetchData = useCallback(() => {
    requested.current = true;
    setFailure(null);
    // A transition: React renders the part in slices between which the page still answers the reader.
    Promise.all([load(), code?.()]).then(
      ([module]) => startTransition(() => setData({value: unwrap(module)})),
      (error: unknown) => setFailure(error instanceof Error ? error.message : String(error)),
    );
  }, [load, code]);
  const watch = useCallback(
    (element: HTMLDivElement | null) => {
      if (!element || requested.current) return undefined;
      const start = () => {
        if (requested.current) return;
        fetchData();
      };
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
    [fetchData],
  );
  // data-deferred-section says whether the part answers the reader yet ("live") or is still the server's HTML
  // ("server") or a placeholder ("loading"); the browser tests wait for "live" before they click inside it.
  if (serverData !== undefined)
    return (
      <div className={styles.section} data-deferred-section="server">
        {render(unwrap(serverData))}
      </div>
    );
  if (!ExecutionEnvironment.canUseDOM)
    return (
      <div className={styles.section} data-deferred-section="server">
        {placeholder}
      </div>
    );
  // A part that throws while it renders (a theme bug, data it does not expect) fails alone, with another try.
  if (data)
    return (
      <div className={styles.section} data-deferred-section="live">
        <SectionBoundary what="This part of the page" onRetry={fetchData}>
          {render(data.value)}
        </SectionBoundary>
      </div>
    );
  if (failure)
    return (
      <div className={styles.section} data-deferred-section="failed">
        <p className={styles.loading} role="alert">
          This part of the page could not be loaded ({failure}).{' '}
          <button type="button" className="button button--sm button--secondary" onClick={() => (setRetrying(true), fetchData())}>
            Try again
          </button>
        </p>
      </div>
    );
  if (hydrating && !retrying) {
    return (
      <div
        ref={watch}
        className={styles.section}
        data-deferred-section="server"
        dangerouslySetInnerHTML={{__html: ''}}
        suppressHydrationWarning
      />
    );
  }
  return (
    <div ref={watch} className={styles.section} data-deferred-section="loading">
      <p className={styles.loading}>Loading…</p>
    </div>
  );
}
