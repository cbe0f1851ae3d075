// Code blocks as one HTML string of token spans coloured by class, highlighted by the server; Prism loaded in the
// browser only for a block it renders itself (src/prism/load-prism.ts). docusaurus.config.ts lists
// `codeBlocks(codeThemes)`; see UPGRADING.md ("Code blocks") for what here depends on theme-classic's internals.
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import type {PrismTheme} from 'prism-react-renderer';
import {prismTokenCss} from '../../prism/contrast';
import {replacementPlugins} from './module-replacement.mjs';

export function codeBlocks(themes: Record<'light' | 'dark', PrismTheme>): () => Plugin {
  // The CSS that colours code tokens (see classColouredTheme in src/prism/contrast.ts), in every page's head.
  const css = prismTokenCss(themes);
  return () => ({
    name: 'code-blocks',
    getThemePath: () => path.join(__dirname, 'theme'),
    injectHtmlTags: () => ({headTags: [{tagName: 'style', innerHTML: css}]}),
    configureWebpack: (_config, _isServer, utils) => ({plugins: replacementPlugins(utils.currentBundler.instance)}),
  });
}
