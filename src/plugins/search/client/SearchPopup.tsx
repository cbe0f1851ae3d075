// The navbar search box's suggestions (loaded with Pagefind the first time the box is used): up to eight hits as a
// listbox of links, and a last option that opens the search page with every result.
import React, {useEffect, useMemo, useState, type ReactNode, type RefObject} from 'react';
import Link from '@docusaurus/Link';
import {useHistory} from '@docusaurus/router';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import clsx from 'clsx';
import {searchSite, SearchUnavailable, type SearchHit} from './pagefind';
import {HitContent} from './Hit';
import styles from './styles.module.css';

export interface SearchPopupProps {
  query: string;
  listboxId: string;
  /** The id of the option the arrows chose (the input's aria-activedescendant). */
  onActive: (id: string | undefined) => void;
  /** The search box: the list handles its arrow keys and Enter. */
  input: RefObject<HTMLInputElement | null>;
  /** A result or the search page was opened. */
  onChosen: () => void;
}

const limit = 8;

/** A search's outcome; a done one names the query it answers, so that its hits can stay shown while the next runs. */
type State = {status: 'searching'} | {status: 'done'; query: string; hits: SearchHit[]; total: number} | {status: 'error'; message: string};

/** The last query's hits: the list opens again with them at once (Escape, then an arrow key). */
let last: {query: string; state: State} | undefined;

export default function SearchPopup({query, listboxId, onActive, input, onChosen}: SearchPopupProps): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const history = useHistory();
  const [state, setState] = useState<State>(() => (last?.query === query ? last.state : {status: 'searching'}));
  const [active, setActive] = useState(-1);
  const searchPage = `${siteConfig.baseUrl}search?q=${encodeURIComponent(query.trim())}`;

  useEffect(() => {
    let current = true;
    searchSite(siteConfig.baseUrl, query.trim(), {limit}).then(
      (result) => {
        if (!current || result === null) return;
        const done: State = {status: 'done', query, ...result};
        last = {query, state: done};
        setState(done);
      },
      (error: unknown) => {
        if (current) setState({status: 'error', message: error instanceof SearchUnavailable ? error.message : String(error)});
      },
    );
    return () => {
      current = false;
    };
  }, [siteConfig.baseUrl, query]);
  // A new query's hits start unchosen.
  const [activeFor, setActiveFor] = useState(query);
  if (activeFor !== query) {
    setActiveFor(query);
    setActive(-1);
  }

  const hits = useMemo(() => (state.status === 'done' ? state.hits : []), [state]);
  const count = hits.length + 1; // the hits, then "every result"
  const optionId = (i: number) => `${listboxId}-${i}`;

  useEffect(() => {
    onActive(active >= 0 ? optionId(active) : undefined);
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView({block: 'nearest'});
    // eslint-disable-next-line react-hooks/exhaustive-deps -- optionId follows listboxId
  }, [active, listboxId, onActive]);

  useEffect(() => {
    const box = input.current;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'ArrowDown') setActive((i) => (i + 1) % count);
      else if (event.key === 'ArrowUp') setActive((i) => (i <= 0 ? count - 1 : i - 1));
      else if (event.key === 'Enter') {
        history.push(active >= 0 && active < hits.length ? hits[active]!.url : searchPage);
        onChosen();
      } else return;
      event.preventDefault();
    };
    box?.addEventListener('keydown', onKeyDown);
    return () => box?.removeEventListener('keydown', onKeyDown);
  }, [input, count, active, hits, history, searchPage, onChosen]);

  return (
    <div className={styles.popup}>
      <p className={styles.status} role="status">
        {/* The previous query's hits stay while the next search runs (no flicker while typing), but are not announced
            as its results. */}
        {(state.status === 'searching' || (state.status === 'done' && state.query !== query)) && 'Searching…'}
        {state.status === 'error' && state.message}
        {state.status === 'done' &&
          state.query === query &&
          (state.total === 0 ? `Nothing found for “${query.trim()}”.` : `${state.total} ${state.total === 1 ? 'page' : 'pages'} found`)}
      </p>
      {/* Each option is the link itself (an option's content is not interactive): a click, Enter or a middle-click
          opens it like any link. */}
      <div role="listbox" id={listboxId} aria-label="Search results">
        {hits.map((hit, i) => (
          <Link
            key={hit.url}
            to={hit.url}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            tabIndex={-1}
            className={clsx(styles.option, styles.hitLink, i === active && styles.active)}
            onClick={onChosen}
            onMouseMove={() => setActive(i)}>
            <HitContent hit={hit} />
          </Link>
        ))}
        <Link
          to={searchPage}
          id={optionId(hits.length)}
          role="option"
          aria-selected={active === hits.length}
          tabIndex={-1}
          className={clsx(styles.option, styles.hitLink, styles.all, active === hits.length && styles.active)}
          onClick={onChosen}
          onMouseMove={() => setActive(hits.length)}>
          Every result for “{query.trim()}” on the search page
        </Link>
      </div>
    </div>
  );
}
