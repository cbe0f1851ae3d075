// Swizzled (wrap): the theme loads its ~5 MB request-sample code on every API page; no option defers it, so this loads it
// when the reader asks, together with the operation in full (the page's front matter holds a small form of it, see
// ../../operation-page.ts).
import React, {Suspense, use, useEffect, useState, useSyncExternalStore, type ComponentType, type ReactNode} from 'react';
import {loadOperation, operationKeyProperty} from '../../runtime/operation-registry';
import SectionBoundary from '../../runtime/SectionBoundary';
import {loadHighlighter} from '@site/src/prism/load-prism';
import {useTypedDispatch, useTypedSelector} from '@theme/ApiItem/hooks';
import {setServer} from '@theme/ApiExplorer/Server/slice';
import styles from './styles.module.css';
import './panel.css';

/** The theme's props (its own types are not published as a module): the operation and its info page. */
interface Props {
  item: Record<string, unknown>;
  infoPath: string;
}

/** The theme's explorer, as its module exports it. */
type Explorer = ComponentType<Props>;

// The theme's explorer, with Prism and the site's languages, which the samples' code blocks highlight with (no page
// loads them at start-up); forgotten when it fails, so that the next load asks again.
let explorerCode: Promise<Explorer> | undefined;
const loadExplorerCode = () =>
  (explorerCode ??= Promise.all([import('@theme-init/ApiExplorer'), loadHighlighter()]).then(
    ([explorer]) => (explorer as {default: Explorer}).default,
    (error: unknown) => {
      explorerCode = undefined;
      throw error;
    },
  ));

interface Samples {
  Explorer: Explorer;
  operation: Record<string, unknown> | undefined;
}

// Each operation page's samples (the explorer's code and the operation in full), loaded once and kept. A failed load
// is kept while its page is shown (React would otherwise render the samples again and again, each time with a new load
// that fails), until the reader tries again or leaves the page; one that fails after the reader left is forgotten at
// once: a network failure never lasts beyond the page it was met on. Not React.lazy, which keeps a failure for good
// and for every page.
const samples = new Map<string, Promise<Samples>>();
const failed = new Set<string>();
/** The operation pages shown, by key, with how many of their explorers are mounted (two for a moment at most). */
const shown = new Map<string, number>();

function loadSamplesOnce(key: string): Promise<Samples> {
  let loading = samples.get(key);
  if (!loading) {
    loading = Promise.all([loadExplorerCode(), loadOperation(key)]).then(
      ([Explorer, operation]) => ({Explorer, operation}),
      (error: unknown) => {
        if (shown.has(key)) failed.add(key);
        else samples.delete(key);
        throw error;
      },
    );
    samples.set(key, loading);
  }
  return loading;
}

/** Forgets the failed load of the page's samples: the next render loads them anew. */
function forgetFailure(key: string): void {
  if (failed.delete(key)) samples.delete(key);
}

/** Marks the page's samples as shown while the component is mounted; leaving the page forgets their failed load. */
function useShown(key: string): void {
  useEffect(() => {
    shown.set(key, (shown.get(key) ?? 0) + 1);
    return () => {
      const count = (shown.get(key) ?? 1) - 1;
      if (count > 0) {
        shown.set(key, count);
      } else {
        shown.delete(key);
        forgetFailure(key);
      }
    };
  }, [key]);
}

/** The key of the page's operation (operation-registry.ts). */
const keyOf = (props: Props) => String(props.item[operationKeyProperty]);

/** The theme's explorer, given the operation in full. */
function ExplorerWithOperation(props: Props): ReactNode {
  const {Explorer, operation} = use(loadSamplesOnce(keyOf(props)));
  return <Explorer {...props} item={operation ?? props.item} />;
}

// The theme's store hooks and server action (typed in ../../theme-modules.d.ts). The explorer's server selector used to
// choose the first server on mount; the endpoint line above the page shows that server.
/**
 * While the samples are closed, select the first server (the site's sandbox) as the explorer would, for the endpoint
 * line; also when the server the theme remembered in this tab is not one of this page's (another API's sandbox).
 */
function useDefaultServer(): void {
  const dispatch = useTypedDispatch();
  const server = useTypedSelector((state) => state.server);
  useEffect(() => {
    const known = server.value && server.options.some((option) => option.url === server.value?.url);
    if (!known && server.options.length > 0) dispatch(setServer(JSON.stringify(server.options[0])));
  }, [dispatch, server]);
}

/** Once a reader has opened the samples, later operation pages open them at once. */
const storageKey = 'setu-docs:request-samples';

function rememberedOpen(): boolean {
  try {
    return window.localStorage.getItem(storageKey) === 'shown';
  } catch {
    return false; // storage blocked: start closed
  }
}

// The choice is read once per page, not watched: another tab's choice applies from its next page on.
const subscribeNever = () => () => {};

export default function ApiExplorer(props: Props): ReactNode {
  // Closed in the server-rendered HTML; after hydration, open if the reader chose so earlier.
  const remembered = useSyncExternalStore(subscribeNever, rememberedOpen, () => false);
  const [opened, setOpened] = useState(false);
  const key = keyOf(props);
  useDefaultServer();
  useShown(key);
  if (remembered || opened) {
    return (
      <SectionBoundary what="The request samples" onRetry={() => forgetFailure(key)}>
        <Suspense
          fallback={
            <p className={styles.loading} role="status">
              Loading request samples…
            </p>
          }>
          <ExplorerWithOperation {...props} />
        </Suspense>
      </SectionBoundary>
    );
  }
  const show = () => {
    try {
      window.localStorage.setItem(storageKey, 'shown');
    } catch {
      // storage blocked: the samples still open on this page
    }
    setOpened(true);
  };
  return (
    <section className={styles.placeholder} aria-labelledby="request-samples-title">
      <h2 id="request-samples-title" className={styles.title}>
        Request samples
      </h2>
      <p>
        Ready-made requests for this operation in curl, Python, JavaScript, Java and C#, with an editable example body, and a Send button
        that this site's sandbox answers in your browser.
      </p>
      <button type="button" className="button button--primary" onClick={show}>
        Show request samples
      </button>
    </section>
  );
}
