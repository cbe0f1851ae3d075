// The search page, /docs/search?q=…: every result of a query (ten at a time), optionally of one version of one
// standard (Pagefind's `version` filter, set per page by ../../index-view.mjs). The query and the version are in the
// URL, so that a search can be linked.
// Opened with a query, the page shows its first hits before the site's bundle has loaded: the page's first script
// (../../client/first-results.ts), at the end of <main>, writes them as this component renders
// them (../../client/results.ts) and hands them over; React hydrates them with the query, as they are.
import React, {useEffect, useRef, useState, type ReactNode} from 'react';
import Layout from '@theme/Layout';
import Head from '@docusaurus/Head';
import {useHistory, useLocation} from '@docusaurus/router';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {filterValues, searchSite, SearchUnavailable, type SearchHit} from '../../client/pagefind';
import {renderMarkup, resultClasses} from '../../client/Hit';
import {
  firstResultsKey,
  firstScriptFile,
  pageSize,
  reactTakesOverKey,
  resultClassNames,
  resultList,
  resultsStatus,
  searchTitle,
  type FirstResults,
  type FirstScriptConfig,
} from '../../client/results';
import styles from '../../client/styles.module.css';

// React renders this page once this module has loaded: the first script leaves the page alone from now on.
if (typeof window !== 'undefined') (window as unknown as Record<string, boolean>)[reactTakesOverKey] = true;

/** The outcome of the search for `key` (query, version and number of hits asked for). */
type Outcome = {key: string} & ({status: 'done'; hits: SearchHit[]; total: number} | {status: 'error'; message: string});

/** The hits the first script showed for this address, if it did (read once, as the page mounts). */
function firstResultsFor(search: string): FirstResults | null {
  if (typeof window === 'undefined') return null;
  const first = (window as unknown as Record<string, FirstResults | undefined>)[firstResultsKey];
  return first?.search === search ? first : null;
}

export default function SearchPage(): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const {baseUrl} = siteConfig;
  const history = useHistory();
  const location = useLocation();
  const [first] = useState(() => firstResultsFor(location.search));
  // The built page has no query: while React hydrates it, the page renders as the server did (a title with the query
  // would not match the HTML, React error 418), then with the URL's query and version; or, where the first script
  // showed the hits, as it wrote them: with the query.
  const params = new URLSearchParams(useIsBrowser() || first ? location.search : '');
  const urlQuery = params.get('q') ?? '';
  const version = params.get('version') ?? '';
  const query = urlQuery.trim();
  // "More results" raises the number of hits shown for this query and version; a new search starts at ten again.
  const [more, setMore] = useState({for: '', limit: pageSize});
  const limit = more.for === `${query}\n${version}` ? more.limit : pageSize;
  const key = `${query}\n${version}\n${limit}`;
  const [versions, setVersions] = useState<string[]>([]);
  const [outcome, setOutcome] = useState<Outcome | null>(() =>
    first ? {key, status: 'done', hits: first.hits, total: first.total} : null,
  );
  const searched = useRef(false);
  /** The search the first script did: not done again. */
  const firstKey = useRef(first ? key : null);
  const box = useRef<HTMLInputElement>(null);
  const queryAtMount = useRef(urlQuery);

  // The query and the version live in the URL (replaced, not pushed, while typing), so that a search can be linked.
  const setParams = (q: string, v: string) => {
    const next = new URLSearchParams();
    if (q) next.set('q', q);
    if (v) next.set('version', v);
    history.replace({search: next.toString() ? `?${next.toString()}` : ''});
  };

  // What the reader typed before the page was hydrated (the box is there from the first paint): React keeps it as it
  // hydrates but would put the address's query back at its next render; it becomes the query instead.
  useEffect(() => {
    const typed = box.current?.value;
    if (typed !== undefined && typed !== queryAtMount.current) setParams(typed, new URLSearchParams(location.search).get('version') ?? '');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, after hydration
  }, []);

  useEffect(() => {
    filterValues(baseUrl, 'version').then(
      (values) => setVersions(Object.keys(values).sort()),
      () => setVersions([]),
    );
  }, [baseUrl]);

  useEffect(() => {
    if (!query) return undefined;
    // The first search (the query the page was opened with) waits for no more typing.
    const delay = searched.current ? 200 : 0;
    searched.current = true;
    if (firstKey.current === key) {
      firstKey.current = null;
      return undefined;
    }
    let current = true;
    searchSite(baseUrl, query, {limit, filters: version ? {version} : undefined, delay}).then(
      (result) => {
        if (current && result) setOutcome({key, status: 'done', ...result});
      },
      (error: unknown) => {
        if (current) setOutcome({key, status: 'error', message: error instanceof SearchUnavailable ? error.message : String(error)});
      },
    );
    return () => {
      current = false;
    };
  }, [baseUrl, query, version, limit, key]);

  // While a new search runs, the last results stay (no flicker while typing).
  const shown = query ? outcome : null;
  const searching = query !== '' && outcome?.key !== key;
  const title = searchTitle(urlQuery);
  const firstScript: FirstScriptConfig = {
    baseUrl,
    classes: Object.fromEntries(resultClassNames.map((name) => [name, styles[name]!])) as FirstScriptConfig['classes'],
  };
  return (
    <Layout title={title} description="Full-text search of the SETU documentation">
      <Head>
        <meta name="robots" content="noindex" />
        {/* Pagefind is what this page loads first (its version filter, a query's hits): fetched as the HTML is read. */}
        <link rel="modulepreload" href={`${baseUrl}pagefind/pagefind.js`} />
      </Head>
      <main className={`container margin-vert--lg ${styles.page}`}>
        <h1>{title}</h1>
        <form className={styles.form} role="search" onSubmit={(event) => event.preventDefault()}>
          <label className={styles.queryField}>
            Words, a field name or path, a rule (BR285)
            <input
              ref={box}
              type="search"
              value={urlQuery}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => setParams(event.target.value, version)}
            />
          </label>
          <label>
            Version
            <select value={version} onChange={(event) => setParams(urlQuery, event.target.value)}>
              <option value="">Every standard and version</option>
              {versions.map((v) => (
                <option key={v} value={v}>
                  {v}
                </option>
              ))}
            </select>
          </label>
        </form>
        <p role="status">
          {searching && 'Searching…'}
          {!searching && shown?.status === 'error' && shown.message}
          {!searching && shown?.status === 'done' && resultsStatus(shown.total, query)}
        </p>
        {shown?.status === 'done' &&
          shown.hits.length > 0 &&
          resultList(shown.hits, shown.total, resultClasses).map((node, i) =>
            renderMarkup(node, i, {more: () => setMore({for: `${query}\n${version}`, limit: limit + pageSize})}),
          )}
        {/* The page's first script, with what it needs: it runs where the server's HTML names it (a script React
            creates does not run; in development, without an index, React would warn that it does not). */}
        {process.env.NODE_ENV === 'production' && (
          <script defer src={`${baseUrl}${firstScriptFile}`} data-first-script={JSON.stringify(firstScript)} />
        )}
      </main>
    </Layout>
  );
}
