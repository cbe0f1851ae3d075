// Where things are, for every Node-side script and test: the repository root, how a file is named in
// messages, and the pages of the site.
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The folder of the content pages (the documentation plugin's `path`). */
export const docsDir = path.join(root, 'docs');

/**
 * A path as shown in messages: relative to the repository when inside it, else absolute.
 * @param {string} file
 */
export function shown(file) {
  const relative = path.relative(root, path.resolve(file));
  return relative.startsWith('..') || path.isAbsolute(relative) ? path.resolve(file) : relative;
}

/**
 * Every file under the given files or folders whose name matches `pattern`, as absolute paths in name order.
 * @param {string[]} targets
 * @param {RegExp} [pattern]
 * @returns {string[]}
 */
export function filesUnder(targets, pattern = /(?:)/) {
  /** @type {(target: string) => string[]} */
  const walk = (target) =>
    fs.statSync(target).isDirectory()
      ? fs
          .readdirSync(target)
          .sort()
          .flatMap((name) => walk(path.join(target, name)))
      : pattern.test(path.basename(target))
        ? [path.resolve(target)]
        : [];
  return targets.flatMap(walk);
}

/**
 * Every .md/.mdx file under the given files or folders, sorted.
 * @param {string[]} targets
 */
export const listPages = (targets) => filesUnder(targets, /\.mdx?$/);
