// Whether a clone's generated code is older than what it is made from, for the bin setu-validate.mjs, which asks before
// every run. Modification times only, of about 150 files: about 2 ms.
import fs from 'node:fs';
import path from 'node:path';

/**
 * What the command reads of generated/ (through ../engine/validate-text.mjs): the validators' catalog, rewritten whenever
 * a spec or the registry changes (it holds their hash), and the message dictionary's index, which gives the errors' links.
 */
export const generatedForCommand = ['generated/validator/catalog.mjs', 'generated/message-dictionary-index.mjs'];

/**
 * What they are generated from (`npm run generate validators messages`): every file under these paths of the repository,
 * folders recursively: the specs, the registry's data with the facts of SETU's published files (src/data/published-forms/)
 * and the business rules, and the generators' own sources. tests/unit/validator/staleness.test.mjs holds this list to
 * what the generators import.
 */
export const generatorInputs = [
  'specs/',
  'src/data/',
  'src/build/',
  'src/spec-refs.mjs',
  'src/generated-dir.mjs',
  'src/plugins/validator/generate.mjs',
  'src/plugins/validator/engine/',
  'src/plugins/message-dictionary/generate.mjs',
  'src/plugins/message-dictionary/message-dictionary.mjs',
];

/** What the one-file command of a clone (generated/commands/setu-validate.mjs) is built from (bundle.mjs). */
export const commandSources = [
  'src/plugins/validator/command/',
  'src/plugins/validator/engine/',
  'src/data/',
  'generated/validator/',
  'generated/message-dictionary-index.mjs',
];

/**
 * The first file under the given paths of `root` (files or folders, recursively) modified after `time`, as a path
 * relative to `root`; null when there is none. A path that does not exist has no files.
 * @param {string} root
 * @param {string[]} paths relative to `root`
 * @param {number} time milliseconds since the epoch
 * @returns {string | null}
 */
export function newerThan(root, paths, time) {
  /** @type {(relative: string) => string | null} */
  const walk = (relative) => {
    let stat;
    try {
      stat = fs.statSync(path.join(root, relative));
    } catch {
      return null;
    }
    if (!stat.isDirectory()) return stat.mtimeMs > time ? relative : null;
    for (const name of fs.readdirSync(path.join(root, relative))) {
      const found = walk(path.join(relative, name));
      if (found) return found;
    }
    return null;
  };
  for (const relative of paths) {
    const found = walk(relative);
    if (found) return found;
  }
  return null;
}

/**
 * Why the generated code the command reads must be made again: it is missing, or older than one of its inputs; else null.
 * @param {string} root the repository
 * @returns {string | null}
 */
export function whyGenerate(root) {
  let made = Infinity;
  for (const file of generatedForCommand) {
    const full = path.join(root, file);
    if (!fs.existsSync(full)) return 'this clone has no generated validators yet';
    made = Math.min(made, fs.statSync(full).mtimeMs);
  }
  const changed = newerThan(root, generatorInputs, made);
  return changed ? `${changed} changed` : null;
}
