// The fast path for an editor who changed a page or two: everything the suite checks of a page that can be checked
// without building the site, in seconds. Usage: npm run check:page -- docs/planning/FAQ.mdx [more pages or folders]
//   1. its MDX compiles as Docusaurus compiles it, and its links and #anchors lead somewhere (file:line:column);
//   2. its diagrams are drawn (Mermaid in Chromium, as the build draws them; cached by their source);
//   3. its examples: every JSON block validates against its schema in specs/, every XML block is accepted by the
//      validator (tests/unit/examples.test.mjs, limited to these pages);
//   4. accessibility: the pages built alone with the site's theme (scripts/lib/page-check.config.ts), axe (WCAG 2.1 AA)
//      on each in Chromium, light and dark (scripts/page-axe.mjs).
// The whole suite (`npm test`) still runs everything else, in CI.
import {spawnSync} from 'node:child_process';
import path from 'node:path';
import {listPages, checkPages, defaultDocsDir, shown} from './lib/mdx-pages.mjs';
import {root} from '../src/build/paths.mjs';

const targets = process.argv.slice(2);
if (targets.length === 0) {
  console.error('Usage: npm run check:page -- docs/<path>.mdx [more pages or folders]');
  process.exit(2);
}
const files = listPages(targets.map((t) => path.resolve(t)));
if (files.length === 0) {
  console.error(`No .md or .mdx page in ${targets.join(', ')}`);
  process.exit(2);
}
const started = Date.now();
let failed = false;
const step = (title) => console.log(`\n\u001b[1m== ${title}\u001b[0m`);

step(`MDX, links and anchors: ${files.map(shown).join(', ')}`);
const {problems} = await checkPages(files, {docsDir: defaultDocsDir, links: true});
for (const problem of problems) console.error(problem);
console.log(`${files.length} page(s), ${problems.length} problem(s)`);
failed ||= problems.length > 0;

/** Runs a command in the repository, its output shown as it comes; returns whether it succeeded. */
const run = (command, args) => spawnSync(command, args, {cwd: root, stdio: 'inherit'}).status === 0;
// Test names begin with the page's file (docs/…:line), so a name pattern limits the tests to these pages.
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const namePattern = `^(${files.map((f) => escape(shown(f))).join('|')}):`;

step('Diagrams: drawn as the build draws them (those not drawn before), errors with file:line');
failed ||= !run(process.execPath, ['scripts/generate.mjs', 'diagrams']);

step('Examples against specs/ and the validator');
failed ||= !run(process.execPath, ['--test', '--test-reporter=dot', `--test-name-pattern=${namePattern}`, 'tests/unit/examples.test.mjs']);

step('Accessibility (axe, WCAG 2.1 AA), light and dark');
failed ||= !run(process.execPath, ['scripts/page-axe.mjs', ...files]);

console.log(`\n${failed ? 'Problems found' : 'All checks passed'} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
process.exit(failed ? 1 : 0);
