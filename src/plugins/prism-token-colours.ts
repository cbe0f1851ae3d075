import type {Plugin} from '@docusaurus/types';
import type {PrismTheme} from 'prism-react-renderer';
import {prismTokenCss} from '../prism-contrast';

/** Puts the CSS that colours code tokens (see classColouredTheme in src/prism-contrast.ts) into every page's head. */
export function prismTokenColours(themes: Record<'light' | 'dark', PrismTheme>): () => Plugin {
  const css = prismTokenCss(themes);
  return () => ({
    name: 'prism-token-colours',
    injectHtmlTags: () => ({headTags: [{tagName: 'style', innerHTML: css}]}),
  });
}
