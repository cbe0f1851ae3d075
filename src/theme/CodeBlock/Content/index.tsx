// Swizzled (wrap): the theme renders every token of a code block as a React element, so a page of JSON examples
// ships and hydrates thousands of nodes (the rates page: 150 KB of markup for 12 KB of code). Here a block is one
// HTML string, which React leaves alone when it hydrates: a span per coloured token (coloured by class, see
// classColouredTheme), plain text and tokens coloured like it bare, highlighted lines wrapped in their class. Blocks with line numbers keep the
// theme's rendering. Title, buttons and word wrap stay the theme's.
import React, {useMemo, type ReactNode} from 'react';
import clsx from 'clsx';
import {Prism, normalizeTokens} from 'prism-react-renderer';
import {useThemeConfig} from '@docusaurus/theme-common';
import {useCodeBlockContext} from '@docusaurus/theme-common/internal';
import OriginalContent from '@theme-original/CodeBlock/Content';
import type {Props} from '@theme/CodeBlock/Content';
import styles from './styles.module.css';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The highlighted code as HTML: one line per line of code, `classes[i]` around line i. */
function highlightedHtml(code: string, grammar: Prism.Grammar, classes: Record<number, string[]>, plainTypes: Set<string>): string {
  const lines = normalizeTokens(Prism.tokenize(code, grammar));
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

export default function CodeBlockContent(props: Props): ReactNode {
  const {
    metadata,
    wordWrap: {codeBlockRef},
  } = useCodeBlockContext();
  const {codeBlockPlainTokens} = useThemeConfig() as {codeBlockPlainTokens?: string[]};
  const plainTypes = useMemo(() => new Set(codeBlockPlainTokens), [codeBlockPlainTokens]);
  const {code, language, lineNumbersStart, lineClassNames} = metadata;
  const grammar = Prism.languages[language];
  if (!grammar || lineNumbersStart !== undefined) return <OriginalContent {...props} />;
  return (
    <pre
      ref={codeBlockRef}
      // Scrollable: keyboard users reach it, as in the theme's block.
      tabIndex={0}
      className={clsx(props.className, `prism-code language-${language}`, styles.codeBlock, 'thin-scrollbar')}>
      <code
        className={styles.codeBlockLines}
        dangerouslySetInnerHTML={{__html: highlightedHtml(code, grammar, lineClassNames, plainTypes)}}
      />
    </pre>
  );
}
