import fs from 'node:fs';
import path from 'node:path';
import {test, expect, type Page} from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import {contentPages, dictionaryPages, hydrated, shownDiagramSvgs} from './pages';
import {apisWithReference} from '../../src/data/registry.mjs';

// WCAG 2.1 AA with axe-core on every page of the built site (its sitemap plus the not-found page; of the generated
// pages, a sample: see `sampled` below),
// in light and in dark mode. Critical, serious and moderate violations fail; minor ones are
// written to test-results/a11y/*.json (and the test's annotations) for review; list them with
//   node -e "for (const f of require('fs').readdirSync('test-results/a11y')) for (const m of require('./test-results/a11y/' + f).minor) console.log(m.impact, m.rule, m.page, m.mode)"
// About 2.5 minutes of CPU time in all: under 2.5 minutes with 2 workers on an otherwise idle 2-core machine.

const buildDir = path.resolve(__dirname, '../../build');
const resultsDir = path.resolve(__dirname, '../../test-results/a11y');
const notFound = '/docs/no/such/page';

function sitePages(): string[] {
  const sitemap = path.join(buildDir, 'sitemap.xml');
  if (!fs.existsSync(sitemap)) return [];
  const xml = fs.readFileSync(sitemap, 'utf8');
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname).concat(notFound);
}

const normalise = (route: string) => route.replace(/\/$/, '');
const diagramsOn = new Map(contentPages.map((p) => [normalise(p.route), p.mermaidBlocks]));

// Generated pages come from one generator and one template each, so a sample of them stands for the rest, which keeps
// this sweep within the CI time budget (every page in both modes took 9 of CI's 15 minutes):
// - the message dictionary (55 pages, more with every version): its sample of every kind of page (dictionaryPages);
// - each API reference (72 operation pages): its landing page and its first, middle and last operation page.
const referenceRoots = apisWithReference.map((api) => `/docs${api.referenceRoute}/`);
function sampled(routes: string[]): string[] {
  const operations = (root: string) => routes.filter((r) => r.startsWith(root) && r !== root);
  const keptOperations = new Set(
    referenceRoots.flatMap((root) => {
      const all = operations(root).filter((r) => !referenceRoots.some((other) => other.length > root.length && r.startsWith(other)));
      return [all[0], all[Math.floor(all.length / 2)], all.at(-1)];
    }),
  );
  return routes.filter((route) => {
    if (route.startsWith('/docs/messages/')) return dictionaryPages.includes(route);
    if (referenceRoots.includes(route)) return true;
    const inReference = referenceRoots.some((root) => route.startsWith(root) && route !== root);
    return !inReference || keptOperations.has(route);
  });
}
const pages = sampled(sitePages());
const groupSize = 10;
const groups: string[][] = [];
for (let i = 0; i < pages.length; i += groupSize) groups.push(pages.slice(i, i + groupSize));

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
  const diagrams = diagramsOn.get(normalise(route)) ?? 0;
  // Diagrams come rendered with the page, an SVG per colour mode; axe checks the shown one's colours.
  expect((await shownDiagramSvgs(page)).flat(), `diagrams shown on ${route}`).toHaveLength(diagrams);
  // The client module src/client/a11y.ts repairs the page in the next animation frame.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

test('the built site has a sitemap to check, and the sample keeps every hand-written page and each reference', () => {
  const all = sitePages();
  expect(all.length, 'build/sitemap.xml: run `npm run build` first').toBeGreaterThan(100);
  const generated = (route: string) => route.startsWith('/docs/messages/') || referenceRoots.some((root) => route.startsWith(root));
  expect(pages.filter((route) => !generated(route))).toEqual(all.filter((route) => !generated(route)));
  for (const root of referenceRoots) expect(pages.filter((route) => route.startsWith(root)).length, root).toBeGreaterThanOrEqual(4);
  expect(pages.filter((route) => route.startsWith('/docs/messages/')).sort()).toEqual([...dictionaryPages].sort());
});

for (const mode of ['light', 'dark'] as const) {
  groups.forEach((group, index) => {
    const label = `${mode} ${String(index + 1).padStart(2, '0')}/${groups.length}`;
    test(`WCAG 2.1 AA, ${label}: ${group[0]} … (${group.length} pages)`, async ({page}, testInfo) => {
      test.setTimeout(30_000 + group.length * 20_000);
      await page.addInitScript((m) => localStorage.setItem('theme', m), mode);
      const failures: Finding[] = [];
      const minor: Finding[] = [];
      for (const route of group) {
        const response = await page.goto(route);
        expect(response!.status(), route).toBe(route === notFound ? 404 : 200);
        await ready(page, route);
        await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
        // Legacy mode runs axe in the page itself (no iframes here) instead of opening a page per run for
        // the frame merge; with passes not collected it halves the time on the large API pages.
        const {violations} = await new AxeBuilder({page})
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
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
      fs.mkdirSync(resultsDir, {recursive: true});
      fs.writeFileSync(
        path.join(resultsDir, `${mode}-${String(index + 1).padStart(2, '0')}.json`),
        JSON.stringify({failures, minor}, null, 2),
      );
      for (const f of minor)
        testInfo.annotations.push({type: `a11y ${f.impact}`, description: `${f.page} [${mode}] ${f.rule}: ${f.targets.join(', ')}`});
      const message = failures.map(
        (f) =>
          `${f.page} [${mode}] ${f.rule} (${f.impact}) ${f.help}\n    ${f.targets.slice(0, 8).join('\n    ')}${f.targets.length > 8 ? `\n    … and ${f.targets.length - 8} more` : ''}`,
      );
      expect(failures.length, `critical, serious or moderate WCAG violations:\n${message.join('\n')}`).toBe(0);
    });
  });
}

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
