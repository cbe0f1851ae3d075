// Swizzled (wrap): the theme loads its ~5 MB request-sample code on every API page; no option defers it, so this loads it
// when the reader asks, together with the operation in full (the page's front matter holds a small form of it, see
// ../../operation-page.ts).
import React, {lazy, Suspense, use, useEffect, useState, useSyncExternalStore, type ReactNode} from 'react';
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

// With Prism and the site's languages, which the samples' code blocks highlight with (no page loads them at start-up).
const loadExplorer = () => Promise.all([import('@theme-init/ApiExplorer'), loadHighlighter()]).then(([explorer]) => explorer);
let OriginalApiExplorer = lazy(loadExplorer);

// Each page's operation in full, loaded once and kept. A failed load is kept too (React would otherwise render the
// samples again and again, each time with a new load that fails) until the reader tries again.
const operations = new Map<string, Promise<Record<string, unknown> | undefined>>();
const failedOperations = new Set<string>();

function loadOperationOnce(key: string): Promise<Record<string, unknown> | undefined> {
  let operation = operations.get(key);
  if (!operation) {
    operation = loadOperation(key).catch((error: unknown) => {
      failedOperations.add(key);
      throw error;
    });
    operations.set(key, operation);
  }
  return operation;
}

/** "Try again" (SectionBoundary): failed loads are forgotten, and React.lazy, which keeps a failure for good, is new. */
function forgetFailedLoads(): void {
  for (const key of failedOperations) operations.delete(key);
  failedOperations.clear();
  OriginalApiExplorer = lazy(loadExplorer);
}

/** The theme's explorer, given the operation in full. */
function ExplorerWithOperation(props: Props): ReactNode {
  const operation = use(loadOperationOnce(String(props.item[operationKeyProperty])));
  return <OriginalApiExplorer {...props} item={operation ?? props.item} />;
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
  useDefaultServer();
  if (remembered || opened) {
    return (
      <SectionBoundary what="The request samples" onRetry={forgetFailedLoads}>
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
