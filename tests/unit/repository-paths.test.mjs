// Every path of the repository that its own text names (`src/…`, `scripts/…`, `tests/…`, and the other top folders) in
// its docs, comments and tests exists: a file moved without its citations (UPGRADING.md citing `src/sandbox/handler.mjs`
// after the sandbox moved into its plugin) sends the next reader to nothing. The files are walked, not asked of git, so
// that a copy without history (a downloaded ZIP) runs it too.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {root} from '../../src/build/paths.mjs';

/** What the walk leaves out: what git ignores (.gitignore: dependencies, output, generated files) and git itself. */
const ignored = new Set([
  '.git',
  'node_modules',
  'build',
  'generated',
  '.docusaurus',
  'test-results',
  'playwright-report',
  'bench-results',
]);
/** The files read: text that can cite a path. Patches cite paths of their package, not of this repository. */
const textFile = /\.(md|mdx|mjs|js|cjs|ts|tsx|css|json|jsonc|ya?ml|sh|conf|html|txt)$/;

/**
 * Paths a file names that are not paths of this repository, each with its reason: `file: [path, …]`.
 * @type {Record<string, string[]>}
 */
const notOurs = {
  // A removed override, named in the record of why it was removed.
  'UPGRADING.md': ['src/theme/LastUpdated'],
  'BENCHMARKS.md': ['src/theme/LastUpdated', 'patches/X.patch'],
  // A file of the stock Docusaurus site the benchmark builds beside this one.
  'scripts/lib/stock-site.mjs': ['src/pages/index.tsx'],
  // Examples of a page's source in a comment.
  'scripts/page-axe.mjs': ['docs/x.mdx'],
  'tests/e2e/pages.ts': ['docs/a/b.mdx', 'docs/a/index.mdx'],
};

/** @returns {string[]} the repository's text files, relative to its root */
function textFiles(/** @type {string} */ dir = root) {
  return fs.readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    if (ignored.has(entry.name)) return [];
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return textFiles(file);
    return textFile.test(entry.name) && entry.name !== 'package-lock.json' ? [path.relative(root, file)] : [];
  });
}

/**
 * The repository paths a text names, with their lines: a top folder and what follows it, up to a character no path of
 * the repository has. A pattern (`docs/api/oas-<api>.mdx`, `specs/*.json`, a RegExp's `specs/x\.json`) is not a path.
 * @param {string} text
 * @returns {{path: string, line: number}[]}
 */
function pathsIn(text) {
  const found = [];
  const folders = 'src|scripts|tests|docs|specs|patches|deploy|static';
  const pattern = new RegExp(`(?<![\\w./@$-])(?:${folders})/[\\w./@+-]*`, 'g');
  for (const [index, written] of text.split('\n').entries()) {
    // `@site/src/…` (Docusaurus' alias of the root) and `./src/…` name the same paths.
    const line = written.replace(/@site\/|(?<![\w.])\.\//g, ' ');
    for (const match of line.matchAll(pattern)) {
      if (/[<{*\\[]/.test(line[match.index + match[0].length] ?? '')) continue;
      found.push({path: match[0].replace(/[.-]+$/, '').replace(/\/$/, ''), line: index + 1});
    }
  }
  return found;
}

/** A path exists as written, or as a module named without its extension (`src/data/registry` for registry.mjs). */
const exists = (/** @type {string} */ relative) =>
  ['', '.mjs', '.ts', '.tsx', '.js', '.json', '.md', '.mdx', '.css'].some((extension) =>
    fs.existsSync(path.join(root, relative + extension)),
  );

test('pathsIn finds the paths a text names, and not patterns', () => {
  assert.deepEqual(
    pathsIn(
      [
        'see `src/plugins/sandbox/handlers/handler.mjs`, and (src/components/MessageField).',
        "import x from '@site/src/data/registry.mjs'; ./scripts/generate.mjs",
        'docs/api/oas-<api>.mdx, specs/*.json, /specs\\/x\\.json/, generated/x, http://host/src/x, node_modules/x/src/y',
      ].join('\n'),
    ),
    [
      {path: 'src/plugins/sandbox/handlers/handler.mjs', line: 1},
      {path: 'src/components/MessageField', line: 1},
      {path: 'src/data/registry.mjs', line: 2},
      {path: 'scripts/generate.mjs', line: 2},
    ],
  );
});

test('every path of the repository that its docs, comments and tests name exists', () => {
  const files = textFiles();
  assert.ok(files.length > 300, `${files.length} files`);
  const missing = [];
  let named = 0;
  // This file names stale paths as its examples.
  for (const file of files.filter((f) => f !== path.relative(root, fileURLToPath(import.meta.url)))) {
    for (const {path: cited, line} of pathsIn(fs.readFileSync(path.join(root, file), 'utf8'))) {
      named++;
      if (!exists(cited) && !notOurs[file]?.includes(cited)) missing.push(`${file}:${line}: ${cited}`);
    }
  }
  assert.ok(named > 500, `${named} paths named`);
  assert.deepEqual(missing, [], `paths that no longer exist:\n${missing.join('\n')}`);
  // The list of exceptions holds only what is still named.
  for (const [file, paths] of Object.entries(notOurs)) {
    const cited = new Set(pathsIn(fs.readFileSync(path.join(root, file), 'utf8')).map((p) => p.path));
    for (const p of paths) assert.ok(cited.has(p) && !exists(p), `${file}: ${p} is no longer named, or exists: drop it from notOurs`);
  }
});
