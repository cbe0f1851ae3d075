// One search hit: the page title and the matching heading as a link, the version and where the page is (never cut
// short: they wrap), and the words around the match. The markup is ./results.ts's, rendered here as React elements (a
// link as Docusaurus' Link, which navigates in the page and prefetches); ./first-results.ts renders the same as DOM.
import React, {type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import type {SearchHit} from './pagefind';
import {hitContent, type Markup, type ResultClasses} from './results';
import styles from './styles.module.css';

/** What buttons of the markup do (MarkupElement's `action`). */
export type MarkupActions = Partial<Record<NonNullable<Extract<Markup, object>['action']>, () => void>>;

/** ./results.ts's markup as React elements. */
export function renderMarkup(node: Markup, index: number, actions: MarkupActions = {}): ReactNode {
  if (typeof node === 'string') return node;
  const {class: className, href, ...attrs} = node.attrs;
  const key = node.key ?? index;
  const children = node.children.map((child, i) => renderMarkup(child, i, actions));
  if (node.tag === 'a')
    return (
      <Link key={key} to={href!} className={className} {...attrs}>
        {children}
      </Link>
    );
  return React.createElement(node.tag, {key, className, ...attrs, onClick: node.action && actions[node.action]}, children);
}

/** The classes of the CSS module, as ./results.ts names them. */
export const resultClasses = styles as ResultClasses;

/** What a hit shows: its title line, its version and place, the words around the match. */
export function HitContent({hit}: {hit: SearchHit}): ReactNode {
  return <>{hitContent(hit, resultClasses).map((node, i) => renderMarkup(node, i))}</>;
}
