// The search page, /docs/search?q=…: every result of a query (ten at a time), optionally of one version of one
// standard (Pagefind's `version` filter, set per page by ../../index-view.mjs). The query and the version are in the
// URL, so that a search can be linked.
import React, {useEffect, useRef, useState, type ReactNode} from 'react';
import Layout from '@theme/Layout';
import Head from '@docusaurus/Head';
import {useHistory, useLocation} from '@docusaurus/router';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {filterValues, prepareSearch, searchSite, SearchUnavailable, type SearchHit} from '../../client/pagefind';
import {HitLink} from '../../client/Hit';
import styles from '../../client/styles.module.css';

const pageSize = 10;

// Opened with a query (a link, the search box's "all results"), the hits are what the reader waits for, and the page's
// largest paint: the search starts as this module loads, before React hydrates the page. Only where the address is this
// page's (the module also loads when a link to it is prefetched from another page).
if (typeof window !== 'undefined') {
  const page = /^(.*\/)search\/?$/.exec(window.location.pathname);
  const query = new URLSearchParams(window.location.search).get('q')?.trim();
  if (page && query) prepareSearch(page[1]!, query);
}

/** The outcome of the search for `key` (query, version and number of hits asked for). */
type Outcome = {key: string} & ({status: 'done'; hits: SearchHit[]; total: number} | {status: 'error'; message: string});

export default function SearchPage(): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const {baseUrl} = siteConfig;
  const history = useHistory();
  const location = useLocation();
  // The built page has no query: while React hydrates it, the page renders as the server did (a title with the query
  // would not match the HTML, React error 418), then with the URL's query and version.
  const params = new URLSearchParams(useIsBrowser() ? location.search : '');
  const urlQuery = params.get('q') ?? '';
  const version = params.get('version') ?? '';
  const query = urlQuery.trim();
  // "More results" raises the number of hits shown for this query and version; a new search starts at ten again.
  const [more, setMore] = useState({for: '', limit: pageSize});
  const limit = more.for === `${query}\n${version}` ? more.limit : pageSize;
  const key = `${query}\n${version}\n${limit}`;
  const [versions, setVersions] = useState<string[]>([]);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const searched = useRef(false);

  // The query and the version live in the URL (replaced, not pushed, while typing), so that a search can be linked.
  const setParams = (q: string, v: string) => {
    const next = new URLSearchParams();
    if (q) next.set('q', q);
    if (v) next.set('version', v);
    history.replace({search: next.toString() ? `?${next.toString()}` : ''});
  };

  useEffect(() => {
    filterValues(baseUrl, 'version').then(
      (values) => setVersions(Object.keys(values).sort()),
      () => setVersions([]),
    );
  }, [baseUrl]);

  useEffect(() => {
    if (!query) return undefined;
    let current = true;
    // The first search (the query the page was opened with) waits for no more typing.
    const delay = searched.current ? 200 : 0;
    searched.current = true;
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
  const title = urlQuery ? `Search results for “${urlQuery}”` : 'Search the documentation';
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
          {!searching &&
            shown?.status === 'done' &&
            (shown.total === 0
              ? `Nothing found for “${query}”.`
              : `${shown.total} ${shown.total === 1 ? 'page' : 'pages'} found; older versions of a standard rank lower.`)}
        </p>
        {shown?.status === 'done' && shown.hits.length > 0 && (
          <>
            <ol className={styles.results} data-testid="search-results">
              {shown.hits.map((hit) => (
                <li key={hit.url}>
                  <HitLink hit={hit} />
                </li>
              ))}
            </ol>
            {shown.total > shown.hits.length && (
              <button
                type="button"
                className="button button--secondary"
                onClick={() => setMore({for: `${query}\n${version}`, limit: limit + pageSize})}>
                More results
              </button>
            )}
          </>
        )}
      </main>
    </Layout>
  );
}
