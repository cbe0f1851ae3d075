// Swizzled (wrap): the theme renders every token of a code block as a React element, so a page of JSON examples
// ships and hydrates thousands of nodes (the rates page: 150 KB of markup for 12 KB of code). Here a block is one
// HTML string, which React leaves alone when it hydrates: a span per coloured token (coloured by class, see
// classColouredTheme), plain text and tokens coloured like it bare, highlighted lines wrapped in their class. Blocks
// with line numbers keep the theme's rendering. Title, buttons and word wrap stay the theme's.
//
// The browser never highlights a block it hydrates: the server's HTML is already the highlighted code. So Prism is
// not part of a page's start-up script (../../../module-replacement.mjs); it is loaded when a block is rendered in the
// browser, after a client-side navigation, which shows its code plain until then.
import React, {lazy, Suspense, useEffect, useMemo, useState, type ComponentType, type ReactNode} from 'react';
import clsx from 'clsx';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {useThemeConfig} from '@docusaurus/theme-common';
import {useCodeBlockContext} from '@docusaurus/theme-common/internal';
import type {Props} from '@theme/CodeBlock/Content';
import type {TokenText} from '@site/src/prism/prism';
import {loadedHighlighter, loadHighlighter, type Highlighter} from '@site/src/prism/load-prism';
import styles from './styles.module.css';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The code's lines, unhighlighted. */
const plainLines = (code: string): TokenText[][] => code.split('\n').map((content) => [{types: ['plain'], content}]);

/** The block as HTML: one line per line of code, `classes[i]` around line i. */
function blockHtml(lines: TokenText[][], classes: Record<number, string[]>, plainTypes: Set<string>): string {
  return lines
    .map((line, i) => {
      const html = line
        .map(({types, content}) => {
          const text = escapeHtml(content);
          return types.every((type) => type === 'plain' || plainTypes.has(type))
            ? text
            : `<span class="token ${types.join(' ')}">${text}</span>`;
        })
        .join('');
      // A wrapped line is a block (the theme's highlighted-line style): its line break goes inside it.
      return classes[i]?.length ? `<span class="${classes[i].join(' ')}">${html}\n</span>` : `${html}\n`;
    })
    .join('');
}

// Whether the page's HTML came from the server (a production build), with every block in it highlighted already. Under
// `npm start` the browser renders the page from an empty container and highlights the blocks itself.
const htmlFromServer = typeof document !== 'undefined' && Boolean(document.getElementById('__docusaurus')?.firstElementChild);

/** Prism, once it is loaded; asks for it when `needed`. */
function useHighlighter(needed: boolean): Highlighter | undefined {
  const [highlighter, setHighlighter] = useState(loadedHighlighter);
  useEffect(() => {
    if (!needed || highlighter) return undefined;
    let mounted = true;
    // A failed load (offline) leaves the code plain, which is still all there.
    loadHighlighter().then(
      (loaded) => mounted && setHighlighter(loaded),
      () => undefined,
    );
    return () => {
      mounted = false;
    };
  }, [needed, highlighter]);
  return highlighter;
}

function HtmlContent({className}: Props): ReactNode {
  const {
    metadata: {code, language, lineClassNames},
    wordWrap: {codeBlockRef},
  } = useCodeBlockContext();
  const {codeBlockPlainTokens} = useThemeConfig() as {codeBlockPlainTokens?: string[]};
  const plainTypes = useMemo(() => new Set(codeBlockPlainTokens), [codeBlockPlainTokens]);
  // Hydrating: the server's HTML of this code is in the page; the block keeps it for as long as the code is the same.
  const [hydratedCode] = useState(useIsBrowser() || !htmlFromServer ? undefined : code);
  const keepServerHtml = !process.env.RENDERING_ON_SERVER && hydratedCode === code;
  const highlighter = useHighlighter(!keepServerHtml);
  const html = useMemo(
    () => (keepServerHtml ? '' : blockHtml(highlighter?.tokenLines(code, language) ?? plainLines(code), lineClassNames, plainTypes)),
    [keepServerHtml, highlighter, code, language, lineClassNames, plainTypes],
  );
  return (
    <pre
      ref={codeBlockRef}
      // Scrollable: keyboard users reach it, as in the theme's block.
      tabIndex={0}
      className={clsx(className, `prism-code language-${language}`, styles.codeBlock, 'thin-scrollbar')}>
      <code className={styles.codeBlockLines} dangerouslySetInnerHTML={{__html: html}} suppressHydrationWarning />
    </pre>
  );
}

// The theme's rendering, with Prism loaded before it (it highlights with the same Prism instance).
const OriginalContent: ComponentType<Props> = process.env.RENDERING_ON_SERVER
  ? // eslint-disable-next-line @typescript-eslint/no-require-imports -- server only: the browser loads it lazily below
    (require('@theme-init/CodeBlock/Content') as {default: ComponentType<Props>}).default
  : lazy(() => loadHighlighter().then(() => import('@theme-init/CodeBlock/Content')));

export default function CodeBlockContent(props: Props): ReactNode {
  const {metadata} = useCodeBlockContext();
  if (metadata.lineNumbersStart === undefined) return <HtmlContent {...props} />;
  return (
    <Suspense fallback={<HtmlContent {...props} />}>
      <OriginalContent {...props} />
    </Suspense>
  );
}
