// One search hit: the page title and the matching heading as a link, the version and where the page is (never cut
// short: they wrap), and the words around the match.
import React, {type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import clsx from 'clsx';
import type {SearchHit} from './pagefind';
import styles from './styles.module.css';

function HitExcerpt({hit}: {hit: SearchHit}): ReactNode {
  return (
    <span className={styles.excerpt}>
      {hit.excerpt.map((part, i) =>
        part.marked ? <mark key={i}>{part.text}</mark> : <React.Fragment key={i}>{part.text}</React.Fragment>,
      )}
    </span>
  );
}

function HitContext({hit}: {hit: SearchHit}): ReactNode {
  return (
    <span className={styles.context}>
      {hit.version && <span className={clsx(styles.version, hit.older && styles.older)}>{hit.version}</span>}
      {hit.context && <span>{hit.context}</span>}
    </span>
  );
}

/** The hit's title line: page title, then the heading (an entry's path, a rule) when the match is under one. */
function HitTitle({hit}: {hit: SearchHit}): ReactNode {
  return (
    <>
      <span className={styles.pageTitle}>{hit.pageTitle}</span>
      {hit.heading && hit.heading !== hit.pageTitle && (
        <>
          <span aria-hidden="true"> › </span>
          <span className={styles.heading}>
            <span className={styles.visuallyHidden}>, </span>
            {hit.heading}
          </span>
        </>
      )}
    </>
  );
}

/** What a hit shows: its title line, its version and place, the words around the match. */
export function HitContent({hit}: {hit: SearchHit}): ReactNode {
  return (
    <>
      <span className={styles.title}>
        <HitTitle hit={hit} />
      </span>
      <HitContext hit={hit} />
      <HitExcerpt hit={hit} />
    </>
  );
}

/** For lists outside the search box (the search page): the hit as a link. */
export function HitLink({hit}: {hit: SearchHit}): ReactNode {
  return (
    <Link to={hit.url} className={styles.hitLink}>
      <HitContent hit={hit} />
    </Link>
  );
}
