// @ts-check
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * A module of theme-classic that every page ran before it could answer the reader, swapped for a stand-in; no option
 * of the theme turns it off. It takes the place of the theme's module for every import of it, by any path, in both
 * bundles. `replaces` is the module's file under node_modules (a unit test checks that it is still there), `by` ours
 * (in this folder).
 * @type {{replaces: string, by: string, why: string}[]}
 */
export const replacements = [
  {
    replaces: '@docusaurus/theme-classic/lib/prism-include-languages.js',
    by: 'prism-languages-stand-in.js',
    why:
      'theme-classic loads Prism with all its grammars on every page (half of the start-up script on a phone); code ' +
      'blocks hydrate as the HTML the server highlighted and load Prism when they need it (theme/CodeBlock/Content)',
  },
];

/** What an import of `file` (a path under node_modules, with or without `.js`) looks like to the bundler. */
export function modulePattern(/** @type {string} */ file) {
  const parts = file
    .replace(/\.js$/, '')
    .split('/')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`[\\\\/]node_modules[\\\\/]${parts.join('[\\\\/]')}(\\.js)?$`);
}

/**
 * The bundler plugins that make the replacements.
 * @param {import('@docusaurus/types').ConfigureWebpackUtils['currentBundler']['instance']} bundler
 */
export const replacementPlugins = (bundler) =>
  replacements.map(({replaces, by}) => new bundler.NormalModuleReplacementPlugin(modulePattern(replaces), path.join(here, by)));
