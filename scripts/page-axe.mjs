// Part of the editor's page check (scripts/check-page.mjs): builds the given pages of docs/ alone with the site's
// theme (lib/page-check.config.ts), serves the result as the site is served, and runs axe (WCAG 2.1 AA) on each page in
// Chromium, in light mode and, for the rules about colour, in dark mode: the same check as the browser suite's
// accessibility sweep (tests/e2e/a11y.spec.ts), on these pages. Usage: node scripts/page-axe.mjs docs/x.mdx …
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {spawnSync} from 'node:child_process';
import {chromium} from '@playwright/test';
import {AxeBuilder} from '@axe-core/playwright';
import {createStaticServer} from './static-server.mjs';
import {chromiumPath} from './lib/chromium.mjs';
import {root, docsDir} from '../src/build/paths.mjs';
import {pageRoute} from './lib/example-schemas.mjs';

const files = process.argv.slice(2).map((f) => path.resolve(f));
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'setu-page-check-'));
const include = files.map((f) => path.relative(docsDir, f));
const build = spawnSync(
  process.execPath,
  [
    path.join(root, 'node_modules/@docusaurus/core/bin/docusaurus.mjs'),
    'build',
    '--config',
    'scripts/lib/page-check.config.ts',
    '--out-dir',
    outDir,
  ],
  {cwd: root, env: {...process.env, SETU_CHECK_PAGES: include.join(',')}, encoding: 'utf8'},
);
if (build.status !== 0) {
  console.error(build.stdout.slice(-4000), build.stderr.slice(-4000));
  console.error('The pages did not build (above).');
  process.exit(1);
}

const server = createStaticServer({dir: outDir});
await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
const base = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`;
const browser = await chromium.launch({executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu']});
let failures = 0;
try {
  for (const mode of ['light', 'dark']) {
    const context = await browser.newContext({viewport: {width: 1280, height: 900}});
    await context.addInitScript((m) => localStorage.setItem('theme', m), mode);
    const page = await context.newPage();
    for (const file of files) {
      const route = pageRoute(file, docsDir);
      await page.goto(`${base}/docs${route}`);
      await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
      const axe = new AxeBuilder({page}).options({resultTypes: ['violations']}).setLegacyMode(true);
      if (mode === 'dark') axe.withRules(['color-contrast', 'link-in-text-block']);
      else axe.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
      const {violations} = await axe.analyze();
      for (const v of violations.filter((x) => x.impact !== 'minor')) {
        failures++;
        console.error(`${path.relative(root, file)} [${mode}] ${v.id} (${v.impact}): ${v.help}`);
        for (const node of v.nodes.slice(0, 5)) console.error(`    ${node.target.join(' ')}`);
      }
    }
    await context.close();
  }
} finally {
  await browser.close();
  server.close();
  fs.rmSync(outDir, {recursive: true, force: true});
}
console.log(`axe: ${files.length} page(s) in light and dark mode, ${failures} violation(s)`);
process.exit(failures ? 1 : 0);
