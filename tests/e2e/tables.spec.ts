import type {Page} from '@playwright/test';
import {test, expect} from './fixtures';
import {contentPages, hydrated, sitePages, withoutTrailingSlash} from './pages';
import {htmlOf, justified, unjustifiedWideTables} from './wide-tables';

// Tables within their column. At 1280 px no table of any page of the built site (its sitemap, generated pages
// included, those with a table in their HTML) may be wider than the column it stands in: a table's scrollbar sits at its bottom, usually below the fold,
// and the columns cut off are often the answer. A table that must still scroll (at 1280 px only a justified exception,
// listed in tests/e2e/wide-tables.ts; on a phone many) shows that it scrolls: a cue at its top, a keyboard focus stop, an accessible name
// (src/components/ScrollableTable).

// A trace of every page of the sweep would take longer than the sweep.
test.use({trace: 'off'});

const allPages = sitePages();
const pages = allPages.filter((route) => htmlOf(route).includes('<table'));
// The content pages' sweep (tests/e2e/content.spec.ts) loads every page of docs/ anyway, and measures its tables on
// that load; this sweep takes the others (the generated pages).
const sweptByContent = new Set(contentPages.map((p) => withoutTrailingSlash(p.route)));
const rest = pages.filter((route) => !sweptByContent.has(withoutTrailingSlash(route)));
const groupSize = 8;
const groups: string[][] = [];
for (let i = 0; i < rest.length; i += groupSize) groups.push(rest.slice(i, i + groupSize));

test('the built site has a sitemap to sweep', () => {
  expect(allPages.length, 'build/sitemap.xml: run `npm run build` first').toBeGreaterThan(100);
  expect(pages.length, 'pages with a table').toBeGreaterThan(30);
  expect(pages).toContain('/docs/planning/2.0/changes');
  expect(rest.length, 'generated pages with a table (the API reference)').toBeGreaterThan(0);
});

test.describe('at 1280 px every table fits its column', () => {
  // The tables' layout is the server's HTML and the style sheets: without scripts the sweep is quick.
  test.use({viewport: {width: 1280, height: 900}, javaScriptEnabled: false});

  groups.forEach((group, n) => {
    test(`generated pages ${n * groupSize + 1}–${n * groupSize + group.length} of ${rest.length}: ${group[0]} …`, async ({page}) => {
      test.setTimeout(30_000 + group.length * 5_000);
      const wide: string[] = [];
      for (const route of group) {
        const response = await page.goto(route, {waitUntil: 'load'});
        expect(response?.status(), route).toBe(200);
        wide.push(...(await unjustifiedWideTables(page, route)));
      }
      expect(wide, `tables wider than their column at 1280 px:\n${wide.join('\n')}`).toEqual([]);
    });
  });
});

test.describe('a table that must scroll says so', () => {
  const route = '/docs/planning/2.0/changes';
  const region = (page: Page) => page.getByRole('region', {name: /^Table under “The item levels are gone” \(scrolls sideways\)$/});

  test('at 320 px: a cue at its top on the side of the hidden columns, a focus stop with a name, the keyboard scrolls it', async ({
    page,
  }) => {
    await page.setViewportSize({width: 320, height: 700});
    await page.goto(route);
    await hydrated(page);
    const box = region(page);
    await expect(box).toHaveAttribute('tabindex', '0');
    const frame = box.locator('xpath=..');
    const cue = frame.getByText('More columns →');
    await box.scrollIntoViewIfNeeded();
    await expect(cue).toBeVisible();
    // At the table's top: over its header row, at the right edge of the box.
    const [cueAt, headAt, boxAt] = await Promise.all([cue.boundingBox(), box.locator('thead').boundingBox(), box.boundingBox()]);
    expect(cueAt!.y).toBeGreaterThanOrEqual(headAt!.y);
    expect(cueAt!.y + cueAt!.height).toBeLessThanOrEqual(headAt!.y + headAt!.height);
    expect(boxAt!.x + boxAt!.width - (cueAt!.x + cueAt!.width)).toBeLessThan(16);
    // Tab reaches the box; the arrow keys scroll it; at its end the cue points the other way.
    await page.locator('article h2', {hasText: 'The item levels are gone'}).click();
    for (let i = 0; i < 30 && !(await box.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(box).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => box.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await box.evaluate((el) => el.scrollTo({left: el.scrollWidth, behavior: 'instant'}));
    await expect(frame.getByText('← More columns')).toBeVisible();
    await expect(cue).toHaveCount(0);
  });

  test('at 1280 px the same table fits: no scrolling box, no cue, no focus stop', async ({page}) => {
    await page.goto(route);
    await hydrated(page);
    const table = page.locator('article table').nth(1);
    await expect(table).toContainText('positionProfile.positionLocation.name');
    await expect(region(page)).toHaveCount(0);
    await expect(table.locator('xpath=..')).not.toHaveAttribute('tabindex', /.*/);
    await expect(page.getByText('More columns →')).toHaveCount(0);
  });

  // The pages whose tables were widest: on a phone every cell shows all of its content (a column is never narrower
  // than its longest word, nor than 3.5 em where its content is wider), and a table wider than the screen is a box
  // that scrolls, with its cue and focus stop, while the page itself does not scroll sideways.
  for (const widest of [
    '/docs/gelijkwaardige-beloning/2.0/release-notes',
    '/docs/gelijkwaardige-beloning/usage-notes/rates',
    '/docs/purchase-to-pay-v2/usage-notes/Pay-rates',
    '/docs/purchase-to-pay-v2/usage-notes/Identifiers-overview',
    '/docs/planning/business-rules',
    '/docs/api/oas-purchase-to-pay',
  ]) {
    test(`at 320 px every column of ${widest} can be read and reached`, async ({page}) => {
      await page.setViewportSize({width: 320, height: 700});
      await page.goto(widest);
      await hydrated(page);
      const problems = await page.evaluate(() => {
        const found: string[] = [];
        const em = parseFloat(getComputedStyle(document.documentElement).fontSize);
        document.querySelectorAll<HTMLTableElement>('article table').forEach((table, t) => {
          const widths: number[] = [];
          Array.from(table.rows).forEach((row) =>
            Array.from(row.cells).forEach((cell, c) => {
              if (cell.scrollWidth > cell.clientWidth + 1)
                found.push(`table ${t + 1}, row ${row.rowIndex + 1}, column ${c + 1}: content cut off`);
              // The cell's content on one line: how wide the column would be with room enough.
              const probe = document.createElement('span');
              probe.style.cssText = 'position:absolute;visibility:hidden;white-space:nowrap';
              probe.innerHTML = cell.innerHTML;
              cell.append(probe);
              widths[c] = Math.max(widths[c] ?? 0, probe.getBoundingClientRect().width);
              probe.remove();
            }),
          );
          const columns = Array.from(table.rows[0].cells, (cell) => cell.getBoundingClientRect().width);
          columns.forEach((width, c) => {
            if (width < Math.min(3.5 * em, widths[c])) found.push(`table ${t + 1}, column ${c + 1}: ${Math.round(width)} px wide`);
          });
          const box = table.parentElement!;
          if (box.scrollWidth > box.clientWidth + 1) {
            if (box.tabIndex !== 0 || box.getAttribute('role') !== 'region' || !box.getAttribute('aria-label'))
              found.push(`table ${t + 1} scrolls without a focus stop and a name`);
            if (!box.parentElement!.querySelector('[aria-hidden="true"]')?.textContent?.includes('More columns'))
              found.push(`table ${t + 1} scrolls without its cue`);
          }
        });
        if (document.documentElement.scrollWidth > document.documentElement.clientWidth) found.push('the page scrolls sideways');
        return found;
      });
      expect(problems).toEqual([]);
    });
  }

  test('on a page with wide tables, the table of contents gives way from 997 px and sits folded at the top, from the first paint on', async ({
    page,
  }) => {
    // The content column's width at every change from the first parse of the page on, through hydration: when the
    // page was marked by a class on <html>, hydration took it away for 60–200 ms and the column narrowed to 735 px.
    await page.addInitScript(() => {
      const widths: number[] = [];
      (window as unknown as {columnWidths: number[]}).columnWidths = widths;
      document.addEventListener('DOMContentLoaded', () => {
        const column = document.querySelector('main .row > .col:first-child');
        if (column) new ResizeObserver(() => widths.push(column.getBoundingClientRect().width)).observe(column);
      });
    });
    await page.goto('/docs/gelijkwaardige-beloning/2.0/release-notes');
    await hydrated(page);
    await expect(page.locator('article .wide-tables')).toHaveCount(1);
    await expect(page.locator('.theme-doc-toc-desktop')).toBeHidden();
    await expect(page.locator('.theme-doc-toc-mobile')).toBeVisible();
    const column = await page.locator('article .theme-doc-markdown').boundingBox();
    expect(column!.width).toBeGreaterThan(900);
    const widths = await page.evaluate(() => (window as unknown as {columnWidths: number[]}).columnWidths);
    expect(widths.length).toBeGreaterThan(0);
    expect(Math.min(...widths), `the column's widths while the page loaded: ${widths.join(', ')}`).toBeGreaterThan(900);
    // A page without the front matter keeps its table of contents beside the content.
    await page.goto('/docs/planning/2.0/changes');
    await expect(page.locator('article .wide-tables')).toHaveCount(0);
    await expect(page.locator('.theme-doc-toc-desktop')).toBeVisible();
    await expect(page.locator('.theme-doc-toc-mobile')).toBeHidden();
  });
});

for (const [table, reason] of Object.entries(justified)) {
  test(`${table} scrolls at 1280 px (${reason}), and says so`, async ({page}) => {
    const [route, index] = table.split(' table ');
    await page.goto(route);
    await hydrated(page);
    const box = page
      .locator('article table')
      .nth(Number(index) - 1)
      .locator('xpath=..');
    await expect(box).toHaveAttribute('role', 'region');
    await expect(box).toHaveAttribute('tabindex', '0');
    await expect(box).toHaveAttribute('aria-label', /scrolls sideways/);
    await expect(box.locator('xpath=..').getByText('More columns →')).toBeAttached();
  });
}
