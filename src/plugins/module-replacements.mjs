// @ts-check
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Modules of the themes that every page, or every API page, ran before it could answer the reader, swapped for lighter
 * ones of ours; no option of the themes turns them off. Each takes the place of the theme's module for every import of
 * it, by any path, in both bundles. `replaces` is the module's file under node_modules (a unit test checks that it is
 * still there), `by` ours.
 * @type {{replaces: string, by: string, why: string}[]}
 */
export const replacements = [
  {
    replaces: '@docusaurus/theme-classic/lib/prism-include-languages.js',
    by: 'src/stand-ins/prism-languages.js',
    why:
      'theme-classic loads Prism with all its grammars on every page (half of the start-up script on a phone); code ' +
      'blocks hydrate as the HTML the server highlighted and load Prism when they need it (src/theme/CodeBlock/Content)',
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

/** @returns {import('@docusaurus/types').Plugin} */
export function moduleReplacements() {
  return {
    name: 'module-replacements',
    configureWebpack(_config, _isServer, utils) {
      const {NormalModuleReplacementPlugin} = utils.currentBundler.instance;
      return {
        plugins: replacements.map(({replaces, by}) => new NormalModuleReplacementPlugin(modulePattern(replaces), path.join(root, by))),
      };
    },
  };
}
