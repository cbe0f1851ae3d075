import type {Page} from '@playwright/test';
import {test, expect} from './fixtures';
import {deferredSectionsLive, hydrated} from './pages';
import {open, validate} from './validator-page';

// Layout defects axe cannot see: text cut off by a box of fixed height, and sideways scrolling on a narrow screen
// (WCAG 2.1 1.4.10, reflow: content fits 320 CSS px without scrolling in two directions).

/** How far the page's content reaches past the viewport's right edge, in CSS px (0 when it fits). */
async function overflowRight(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** The widest elements that stick out to the right, to say what to fix when the test fails. */
async function culprits(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((el) => el.getBoundingClientRect().right > width + 1 && getComputedStyle(el).position !== 'fixed')
      .slice(0, 5)
      .map(
        (el) => `<${el.tagName.toLowerCase()} class="${el.className}"> right edge at ${Math.round(el.getBoundingClientRect().right)} px`,
      );
  });
}

// One page of each type.
const pageTypes = {
  home: '/docs/',
  'content page': '/docs/planning/FAQ',
  'long table page': '/docs/gelijkwaardige-beloning/usage-notes/rates',
  'diagram page': '/docs/planning/sequence-diagrams/StaffingSupplier',
  'API landing page': '/docs/api/gelijkwaardige-beloning/2.0',
  'operation page': '/docs/api/planning/add-planning-assignment-periodic-lines',
  // A mistyped address: the list of similar addresses holds long ones, which must wrap.
  'not-found page': '/docs/planning/sequence-diagrams/StaffingSupplier_and_StaffingCustomr',
  'business rules page': '/docs/planning/business-rules',
};
// An operation's schemas render when scrolled to (src/plugins/api-reference/runtime/DeferredSection): their property
// lines must wrap too. Checked on the same load, after the page as it first shows.
const withSchemas = new Set(['/docs/api/p2p/create-timecard', '/docs/api/planning/add-planning-assignment-periodic-lines']);

// One test visits the pages in turn (a page load each in the same tab; the home page's serves the announcement bar's
// widths first: its text wraps by CSS alone, so each width is a resize); a page that scrolls sideways is reported
// without stopping the others.
test('the announcement bar fits its box at every width; no page type scrolls sideways at 320px', async ({page}) => {
  test.setTimeout(180_000); // fifteen former tests, eleven page loads
  await page.setViewportSize({width: 1024, height: 800});
  await page.goto('/docs/');
  const bar = page.locator('.theme-announcement-bar');
  for (const width of [1024, 1280, 1440, 1920]) {
    await test.step(`the announcement bar at ${width}px: its text fits its box`, async () => {
      await page.setViewportSize({width, height: 800});
      await expect(bar).toBeVisible();
      const fit = await bar.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const parts = Array.from(el.children).map((child) => {
          const r = child.getBoundingClientRect();
          return {top: r.top, bottom: r.bottom, overflow: child.scrollHeight - child.clientHeight};
        });
        return {top: box.top, bottom: box.bottom, overflow: el.scrollHeight - el.clientHeight, parts};
      });
      expect(fit.overflow, 'the bar clips its content').toBeLessThanOrEqual(0);
      for (const part of fit.parts) {
        expect(part.overflow, 'a part of the bar clips its text').toBeLessThanOrEqual(0);
        expect(part.top).toBeGreaterThanOrEqual(fit.top - 0.5);
        expect(part.bottom).toBeLessThanOrEqual(fit.bottom + 0.5);
      }
      // The text itself: its first line starts inside the bar (it was cut off at the top) and its last one ends inside.
      const text = await bar.getByText('This site documents').boundingBox();
      expect(text!.y).toBeGreaterThanOrEqual(fit.top);
      expect(text!.y + text!.height).toBeLessThanOrEqual(fit.bottom);
    });
  }

  await page.setViewportSize({width: 320, height: 700});
  const fits = async (what: string) => expect.soft(await overflowRight(page), `${what}:\n${(await culprits(page)).join('\n')}`).toBe(0);
  const pages: [string, string][] = [...Object.entries(pageTypes), ['operation page', '/docs/api/p2p/create-timecard']];
  for (const [type, route] of pages) {
    await test.step(`no sideways scrolling at 320px: ${type} (${route})`, async () => {
      if (new URL(page.url()).pathname !== route) await page.goto(route);
      await hydrated(page);
      await fits(`${type} (${route})`);
      if (withSchemas.has(route)) {
        await deferredSectionsLive(page);
        await fits(`operation page with its schemas rendered (${route})`);
      }
    });
  }

  await test.step('no sideways scrolling at 320px: validator (/docs/validator), empty and with a verdict', async () => {
    await open(page);
    await fits('validator, empty');
    // A verdict with errors: paths and messages must wrap too.
    await validate(page, '{"documentId": {"value": 1}, "unknownPropertyWithAVeryLongNameThatCannotBreak": true}');
    await fits('validator with a verdict');
  });
});
