import fs from 'node:fs';
import path from 'node:path';
import type {Page, Request} from '@playwright/test';
import {test, expect} from './fixtures';
import {hydrated} from './pages';

// Bytes and DOM size per page type, held to budgets: Lighthouse timings vary too much between runs to gate on
// (npm run bench measures them), bytes do not. Script is what the page itself loads (compressed, as transferred),
// not the code of linked pages that Docusaurus prefetches, in the viewport of Lighthouse's mobile run (the
// parts of an operation page below it load their schemas when the reader scrolls to them).

test.use({viewport: {width: 412, height: 823}});

const kB = 1024;
// Script measured on 2026-11-25: content 175-187 KB, API pages 280-283 KB (~365 KB before Prism, crypto-js, chalk
// and parse5 left their start, 291-295 KB before pako did), validator 158 KB, dictionary 177 KB; each budget leaves
// ~10-15 % of room.
const budgets = {
  content: {script: 210 * kB, dom: 3000},
  'API landing': {script: 315 * kB, dom: 1800},
  'API operation': {script: 315 * kB, dom: 1400},
  validator: {script: 180 * kB, dom: 600},
  // Hundreds of fields per page (src/plugins/message-dictionary/theme/MessageField), about eight elements each.
  'message dictionary': {script: 200 * kB, dom: 3000},
  // The checks of every API version in tables (src/plugins/conformance/page-data.mjs): 184 KB and 3,271 elements on
  // 2026-11-28 (npm run bench).
  conformance: {script: 210 * kB, dom: 3600},
  // Opened with a query, with its ten hits: 145 KB of script and 387 elements on 2026-11-28.
  search: {script: 180 * kB, dom: 600},
};
const pages: {route: string; type: keyof typeof budgets}[] = [
  {route: '/docs/', type: 'content'},
  {route: '/docs/planning/scenario-1', type: 'content'},
  {route: '/docs/planning/sequence-diagrams/StaffingSupplier', type: 'content'},
  {route: '/docs/purchase-to-pay-v2/usage-notes/Pay-rates', type: 'content'},
  {route: '/docs/gelijkwaardige-beloning/usage-notes/rates', type: 'content'},
  {route: '/docs/gelijkwaardige-beloning/2.0/usage-notes/rates', type: 'content'},
  {route: '/docs/gelijkwaardige-beloning/2.0/usage-notes/conditions', type: 'content'},
  {route: '/docs/api/compliance', type: 'content'},
  {route: '/docs/planning/business-rules', type: 'content'},
  {route: '/docs/api/p2p', type: 'API landing'},
  {route: '/docs/api/planning', type: 'API landing'},
  {route: '/docs/api/gelijkwaardige-beloning/2.0', type: 'API landing'},
  {route: '/docs/api/p2p/create-timecard', type: 'API operation'},
  {route: '/docs/api/planning/add-planning-assignment-periodic-lines', type: 'API operation'},
  {route: '/docs/api/gelijkwaardige-beloning/2.0/create-or-replace-inquiry-pay-equity', type: 'API operation'},
  {route: '/docs/validator', type: 'validator'},
  // The sandbox's page starts without the worker and the validator: a content page's script.
  {route: '/docs/sandbox', type: 'content'},
  {route: '/docs/messages/', type: 'message dictionary'},
  {route: '/docs/messages/purchase-to-pay/2.0/Assignment', type: 'message dictionary'},
  {route: '/docs/messages/planning/1.0/PlanningRequest', type: 'message dictionary'},
  {route: '/docs/messages/inquiry-pay-equity/2.0/InquiryPayEquity', type: 'message dictionary'},
  {route: '/docs/messages/inquiry-pay-equity/2.0/InquiryPayEquity/remuneration-individualSalaryIncrease', type: 'message dictionary'},
  {route: '/docs/messages/inquiry-pay-equity/changes/1.0-to-2.0/2', type: 'message dictionary'},
  {route: '/docs/conformance', type: 'conformance'},
  {route: '/docs/search?q=timecard', type: 'search'},
];

/**
 * Waits until the page has loaded what it loads by itself: hydrated, then idle with no script loading. (Waiting for
 * the network to be quiet for 500 ms instead measured the same bytes and elements on every page, half a second later:
 * the prefetching of linked pages' code, not counted, keeps the network busy.)
 */
async function settled(page: Page, loadingScripts: Set<Request>): Promise<void> {
  await hydrated(page);
  for (;;) {
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
    if (loadingScripts.size === 0) return;
    await expect.poll(() => loadingScripts.size, 'scripts still loading').toBe(0);
  }
}

// Script and DOM size need the page as a browser loads and renders it: one test visits the pages in turn in one tab,
// and a page over its budget is reported without stopping the others.
test('every page type stays within its budgets for script and DOM size', async ({page}) => {
  test.setTimeout(pages.length * 10_000); // a test per page before, 60 s each
  const loadingScripts = new Set<Request>();
  page.on('request', (request) => request.resourceType() === 'script' && loadingScripts.add(request));
  page.on('requestfinished', (request) => loadingScripts.delete(request));
  page.on('requestfailed', (request) => loadingScripts.delete(request));
  for (const {route, type} of pages) {
    await test.step(`${route} (${type}) stays within its budgets for script and DOM size`, async () => {
      await page.goto(route);
      await settled(page, loadingScripts);
      // The search page's hits come after it has settled: its budget holds the page with them.
      if (type === 'search') await expect(page.getByTestId('search-results').locator('li').first()).toBeVisible();
      const {script, dom} = await page.evaluate(() => ({
        script: performance
          .getEntriesByType('resource')
          .filter((e) => (e as PerformanceResourceTiming).initiatorType === 'script')
          .reduce((sum, e) => sum + (e as PerformanceResourceTiming).encodedBodySize, 0),
        dom: document.getElementsByTagName('*').length,
      }));
      const budget = budgets[type];
      expect
        .soft(script, `${route}: ${(script / kB).toFixed(0)} KB of script; budget ${budget.script / kB} KB`)
        .toBeLessThanOrEqual(budget.script);
      expect.soft(script, `${route}: the scripts were measured`).toBeGreaterThan(50 * kB);
      expect.soft(dom, `${route}: ${dom} elements; budget ${budget.dom}`).toBeLessThanOrEqual(budget.dom);
    });
  }
});

/** Sizes of the build's files whose name ends in `extension`, by path under build/. */
function builtFiles(extension: string): [string, number][] {
  const buildDir = path.resolve(__dirname, '../../build');
  const sizes: [string, number][] = [];
  (function walk(dir: string) {
    for (const entry of fs.readdirSync(dir, {withFileTypes: true})) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(extension)) sizes.push([path.relative(buildDir, full), fs.statSync(full).size]);
    }
  })(buildDir);
  return sizes;
}

test('no page of the build has more than 150 KB of HTML', () => {
  const sizes = builtFiles('.html');
  expect(sizes.length).toBeGreaterThan(100);
  const over = sizes.filter(([, size]) => size > 150 * kB).map(([file, size]) => `${file}: ${(size / kB).toFixed(0)} KB`);
  expect(over, 'pages over 150 KB of HTML').toEqual([]);
});

test('no Markdown twin of a page, nor llms.txt, has more than 150 KB (llms-full.txt and llms-full/*.txt hold many)', () => {
  const sizes = [...builtFiles('.md'), ...builtFiles('.txt')].filter(
    ([file]) => file !== 'llms-full.txt' && !file.startsWith('llms-full/'),
  );
  expect(sizes.length).toBeGreaterThan(100);
  const over = sizes.filter(([, size]) => size > 150 * kB).map(([file, size]) => `${file}: ${(size / kB).toFixed(0)} KB`);
  expect(over, 'twins over 150 KB').toEqual([]);
});
