// The search page's results, written once for the two that render them: React (./Hit.tsx, ../theme/SearchPage) and,
// on the search page opened with a query, the page's first script (./first-results.ts), which shows the first hits as
// DOM before the site's bundle has loaded; React then hydrates those elements as they are. So the markup is data here
// (an element: tag, attributes, children), turned into React elements by ./Hit.tsx and into DOM by ./first-results.ts,
// and the page's wording (title, status line) is a function of the query here. React checks the elements and the texts
// as it hydrates, not the attributes: tests/e2e/search/first-results.spec.ts compares the two renderings.
import type {SearchHit} from './pagefind';

/** An element of the results: its tag, its attributes as in HTML (`class`, `href`, `aria-hidden`…), its children. */
export interface MarkupElement {
  tag: 'ol' | 'li' | 'a' | 'span' | 'mark' | 'button';
  attrs: Record<string, string>;
  children: Markup[];
  /** React's key, where the element is one of a list (a hit). */
  key?: string;
  /** What the element does when clicked (the page's "More results"); React attaches it, the DOM has none until then. */
  action?: 'more';
}
export type Markup = string | MarkupElement;

/** The CSS classes of the results (the CSS module ./styles.module.css): the first script gets them from the page. */
export const resultClassNames = [
  'results',
  'hitLink',
  'title',
  'pageTitle',
  'heading',
  'visuallyHidden',
  'context',
  'version',
  'older',
  'excerpt',
] as const;
export type ResultClasses = Record<(typeof resultClassNames)[number], string>;

/** Hits per page of results ("More results" adds as many). */
export const pageSize = 10;

/** An element; an attribute without a value (a class the CSS module lacks) and an empty child are left out. */
const element = (
  tag: MarkupElement['tag'],
  attrs: Record<string, string | undefined>,
  ...children: (Markup | false | undefined)[]
): MarkupElement => ({
  tag,
  attrs: Object.fromEntries(Object.entries(attrs).filter((entry): entry is [string, string] => entry[1] !== undefined)),
  children: children.filter((child): child is Markup => child !== false && child !== undefined && child !== ''),
});

/**
 * What a hit shows: its title line (page title, then the heading when the match is under one), its version and place,
 * the words around the match.
 */
export function hitContent(hit: SearchHit, c: ResultClasses): Markup[] {
  const heading = hit.heading && hit.heading !== hit.pageTitle ? hit.heading : undefined;
  return [
    element(
      'span',
      {class: c.title},
      element('span', {class: c.pageTitle}, hit.pageTitle),
      heading && element('span', {'aria-hidden': 'true'}, ' › '),
      heading && element('span', {class: c.heading}, element('span', {class: c.visuallyHidden}, ', '), heading),
    ),
    element(
      'span',
      {class: c.context},
      hit.version && element('span', {class: [c.version, hit.older && c.older].filter(Boolean).join(' ')}, hit.version),
      hit.context && element('span', {}, hit.context),
    ),
    element('span', {class: c.excerpt}, ...hit.excerpt.map((part) => (part.marked ? element('mark', {}, part.text) : part.text))),
  ];
}

/** A hit in a list outside the search box (the search page): a link to its place. */
const hitLink = (hit: SearchHit, c: ResultClasses): MarkupElement => element('a', {class: c.hitLink, href: hit.url}, ...hitContent(hit, c));

/** The search page's list of hits, and "More results" while there are more. */
export function resultList(hits: SearchHit[], total: number, c: ResultClasses): MarkupElement[] {
  const list = element(
    'ol',
    {class: c.results, 'data-testid': 'search-results'},
    ...hits.map((hit) => ({...element('li', {}, hitLink(hit, c)), key: hit.url})),
  );
  if (total <= hits.length) return [list];
  return [list, {...element('button', {type: 'button', class: 'button button--secondary'}, 'More results'), action: 'more'}];
}

/** The page's heading (and title) for the query in the address, as typed. */
export const searchTitle = (query: string): string => (query ? `Search results for “${query}”` : 'Search the documentation');

/** The status line once a search is done. */
export const resultsStatus = (total: number, query: string): string =>
  total === 0
    ? `Nothing found for “${query}”.`
    : `${total} ${total === 1 ? 'page' : 'pages'} found; older versions of a standard rank lower.`;

/**
 * The first results, as the first script showed them and hands them to React (on `window`, under firstResultsKey): the
 * page's address they answer (`location.search`), the hits and the number of pages found.
 */
export interface FirstResults {
  search: string;
  hits: SearchHit[];
  total: number;
}
export const firstResultsKey = 'searchPageFirstResults';
/**
 * Set on `window` when the search page's module of the site's bundle has loaded: React renders (hydrates) the page
 * next, so from then on the first script writes nothing. (Not when the bundle merely started: on a slow connection the bundle
 * may start, after 3 s or at a key press, long before it has loaded, and the hits found meanwhile are still shown.)
 */
export const reactTakesOverKey = 'searchPageReactTakesOver';

/** The page's first script, its file under the site's base URL (written by ../index.ts), and what the page tells it. */
export const firstScriptFile = 'search-first-results.js';
export interface FirstScriptConfig {
  baseUrl: string;
  classes: ResultClasses;
}
