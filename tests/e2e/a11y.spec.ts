import fs from 'node:fs';
import path from 'node:path';
import type {Page} from '@playwright/test';
import {test, expect} from './fixtures';
import AxeBuilder from '@axe-core/playwright';
import {contentPages, dictionaryPages, hydrated, inColourMode, shownDiagramSvgs, sitePages, withoutTrailingSlash} from './pages';
import {apisWithReference} from '../../src/data/registry.mjs';

// WCAG 2.1 AA with axe-core on one page of every kind the site has, in light and in dark mode. Critical, serious and
// moderate violations fail; minor ones are written to test-results/a11y/*.json (and the test's annotations) for
// review; list them with
//   node -e "for (const f of require('fs').readdirSync('test-results/a11y')) for (const m of require('./test-results/a11y/' + f).minor) console.log(m.impact, m.rule, m.page, m.mode)"
//
// Why a sample: every page of a kind comes from one template and one set of components (a docs page from MDX and the
// components its Markdown uses; an operation page, a dictionary page from one generator each), so the pages of a kind
// fail or pass together, and every page in both modes took 15 minutes of the suite on a 2-core machine. The sample
// holds each kind once and each component the pages use at least once (tables, diagrams, code blocks, admonitions,
// tabs, the business-rules table, the version notice, excerpts of XML); the test below checks that it still exists.
// In dark mode only the colours change, so only the rules about colour run there.
// The pages are checked at 1280 px, except the message dictionary's: at 320 px, where their layout differs from a
// docs page's (the entries' tables, the downloads); there the sweep also checks that they do not scroll sideways.

const resultsDir = path.resolve(__dirname, '../../test-results/a11y');
// A mistyped address: the page lists the pages of similar address too.
const notFound = '/docs/planning/sequence-diagrams/StaffingSupplier_and_StaffingCustomr';

const diagramsOn = new Map(contentPages.map((p) => [withoutTrailingSlash(p.route), p.mermaidBlocks]));

/** One page of each kind, with what it stands for. */
const sample: [route: string, kind: string][] = [
  ['/docs/', 'home page: cards, the standards and their versions'],
  ['/docs/planning/', 'section landing page'],
  ['/docs/planning/FAQ', 'docs page: long text, details, admonitions'],
  ['/docs/planning/business-rules', 'the business-rules table'],
  ['/docs/planning/2.0/changes', 'wide tables (wide_tables), XML excerpts'],
  ['/docs/purchase-to-pay-v2/SequenceDiagrams', 'diagrams'],
  ['/docs/gelijkwaardige-beloning/usage-notes/rates', 'a previous version: the version notice'],
  ['/docs/gelijkwaardige-beloning/2.0/examples', 'code blocks and tabs'],
  ['/docs/api/usage-notes/xml-form', 'API usage notes'],
  ['/docs/validator', 'the validator'],
  ['/docs/sandbox', 'the sandbox page'],
  ['/docs/conformance', 'the conformance kit: its tables of checks per API version'],
  ['/docs/search?q=timecard', 'the search page with results'],
  [notFound, 'the not-found page'],
  ...apisWithReference.map((api): [string, string] => [`/docs${api.referenceRoute}/`, `API landing page (${api.id})`]),
  ['/docs/api/p2p/create-timecard', 'operation page: body in JSON and XML, parameters, responses'],
  ['/docs/api/planning/', 'operation index of a large API'],
  ...dictionaryPages.map((route): [string, string] => [route, 'message dictionary']),
];
const kindOf = new Map(sample);
const unique = [...kindOf.entries()];
// Dark mode: the pages with their own colours (code, diagrams, tables, forms, the schema trees, the dictionary).
const darkSample = new Set([
  '/docs/',
  '/docs/planning/2.0/changes',
  '/docs/purchase-to-pay-v2/SequenceDiagrams',
  '/docs/gelijkwaardige-beloning/usage-notes/rates',
  '/docs/gelijkwaardige-beloning/2.0/examples',
  '/docs/validator',
  '/docs/sandbox',
  '/docs/conformance',
  '/docs/search?q=timecard',
  '/docs/api/p2p/create-timecard',
  '/docs/messages/purchase-to-pay/2.0/Timecard',
  '/docs/messages/inquiry-pay-equity/changes/1.0-to-2.0',
]);
// A few pages per test: a failure still names its page, and the two workers share the sweep.
const groupSize = 5;
const groups: string[][] = [];
for (let i = 0; i < unique.length; i += groupSize) groups.push(unique.slice(i, i + groupSize).map(([route]) => route));
const colourRules = ['color-contrast', 'link-in-text-block'];
const narrow = new Set(dictionaryPages);

interface Finding {
  page: string;
  mode: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

async function ready(page: Page, route: string) {
  await hydrated(page);
  const diagrams = diagramsOn.get(withoutTrailingSlash(route)) ?? 0;
  // Diagrams come rendered with the page, an SVG per colour mode; axe checks the shown one's colours.
  expect((await shownDiagramSvgs(page)).flat(), `diagrams shown on ${route}`).toHaveLength(diagrams);
  // The client module src/client/a11y.ts repairs the page in the next animation frame.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

test('every page of the sample exists, and the sample has each kind of page', () => {
  const all = sitePages();
  expect(all.length, 'build/sitemap.xml: run `npm run build` first').toBeGreaterThan(100);
  for (const [route] of unique) {
    const pathname = route.split('?')[0];
    if (route !== notFound && pathname !== '/docs/search') expect(all, `${route} is in the sitemap`).toContain(pathname);
  }
  // A kind of page added to the site must be added to the sample: every first part of a route is in it.
  const sections = (routes: string[]) => new Set(routes.map((r) => r.split('/').slice(0, 3).join('/')));
  expect([...sections(all)].filter((section) => !sections(unique.map(([r]) => r)).has(section))).toEqual([]);
  expect(darkSample.size).toBe(unique.filter(([route]) => darkSample.has(route)).length);
});

groups.forEach((group, index) => {
  const label = `${String(index + 1).padStart(2, '0')}/${groups.length}`;
  const darkCount = group.filter((route) => darkSample.has(route)).length;
  test(`WCAG 2.1 AA, ${label}: ${group[0]} … (${group.length} pages, ${darkCount} also dark)`, async ({page}, testInfo) => {
    test.setTimeout(30_000 + (group.length + darkCount) * 15_000);
    const failures: Finding[] = [];
    const minor: Finding[] = [];
    for (const route of group) {
      // The reader has not chosen a colour mode, so the site follows the system's, emulated here: light first, then
      // dark on the same page load (the site switches when the preference changes).
      await page.emulateMedia({colorScheme: 'light'});
      await page.setViewportSize(narrow.has(route) ? {width: 320, height: 800} : {width: 1280, height: 720});
      const response = await page.goto(route);
      expect(response!.status(), route).toBe(route === notFound ? 404 : 200);
      for (const mode of darkSample.has(route) ? (['light', 'dark'] as const) : (['light'] as const)) {
        await ready(page, route);
        await inColourMode(page, mode);
        if (narrow.has(route) && mode === 'light') {
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          expect.soft(overflow, `${route} scrolls sideways at 320 px`).toBeLessThanOrEqual(0);
        }
        // Legacy mode runs axe in the page itself (no iframes here) instead of opening a page per run for
        // the frame merge; with passes not collected it halves the time on the large API pages.
        const axe = new AxeBuilder({page});
        if (mode === 'dark') axe.withRules(colourRules);
        else axe.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
        const {violations} = await axe
          .options({resultTypes: ['violations']})
          .setLegacyMode(true)
          .analyze();
        for (const v of violations) {
          const finding = {
            page: route,
            mode,
            rule: v.id,
            impact: v.impact ?? 'unknown',
            help: v.help,
            targets: v.nodes.map((n) => n.target.join(' ')),
          };
          (v.impact === 'minor' ? minor : failures).push(finding);
        }
      }
    }
    fs.mkdirSync(resultsDir, {recursive: true});
    fs.writeFileSync(path.join(resultsDir, `${String(index + 1).padStart(2, '0')}.json`), JSON.stringify({failures, minor}, null, 2));
    for (const f of minor)
      testInfo.annotations.push({type: `a11y ${f.impact}`, description: `${f.page} [${f.mode}] ${f.rule}: ${f.targets.join(', ')}`});
    const message = failures.map(
      (f) =>
        `${f.page} (${kindOf.get(f.page)}) [${f.mode}] ${f.rule} (${f.impact}) ${f.help}\n    ${f.targets.slice(0, 8).join('\n    ')}${f.targets.length > 8 ? `\n    … and ${f.targets.length - 8} more` : ''}`,
    );
    expect(failures.length, `critical, serious or moderate WCAG violations:\n${message.join('\n')}`).toBe(0);
  });
});

// Everything interactive can be reached with the keyboard alone.
test.describe('keyboard', () => {
  /** Presses Tab until the focused element matches `selector`; returns whether it did. */
  async function tabUntil(page: Page, selector: string, max = 300) {
    for (let i = 0; i < max; i++) {
      await page.keyboard.press('Tab');
      if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return true;
    }
    return false;
  }

  test('Tab reaches the search box and the colour-mode switch', async ({page}) => {
    await page.goto('/docs/planning/FAQ');
    await hydrated(page);
    expect(await tabUntil(page, '.navbar .navbar__search-input'), 'search box').toBe(true);
    await page.keyboard.type('timecard');
    await expect(page.locator('.navbar .navbar__search-input')).toHaveValue('timecard');
    await page.keyboard.press('Escape');
    await page.goto('/docs/planning/FAQ');
    await hydrated(page);
    const toggle = 'button[aria-label^="Switch between dark and light mode"]';
    expect(await tabUntil(page, toggle), 'colour-mode switch').toBe(true);
    const before = await page.locator(toggle).getAttribute('aria-label');
    await page.keyboard.press('Enter');
    await expect(page.locator(toggle)).not.toHaveAttribute('aria-label', before!);
  });

  test('Tab reaches the tabs of an API operation page, and arrow keys switch them', async ({page}) => {
    await page.goto('/docs/api/p2p/create-timecard');
    await hydrated(page);
    // Past the navbar and the sidebar with the skip link, then into the operation.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', {name: 'Skip to main content'})).toBeFocused();
    await page.keyboard.press('Enter');
    expect(await tabUntil(page, 'main [role="tab"]'), 'a tab in main').toBe(true);
    const first = page.locator(':focus');
    await expect(first).toHaveAttribute('aria-selected', 'true');
    const firstText = await first.textContent();
    await page.keyboard.press('ArrowRight');
    const next = page.locator(':focus');
    await expect(next).toHaveAttribute('role', 'tab');
    expect(await next.textContent()).not.toBe(firstText);
    await page.keyboard.press('Enter');
    await expect(next).toHaveAttribute('aria-selected', 'true');
  });
});
