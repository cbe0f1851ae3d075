import type {Locator, Page} from '@playwright/test';
import {test, expect} from './fixtures';
import {consoleErrors, hydrated} from './pages';
import {apisWithReference} from '../../src/data/registry.mjs';

// The site walked as readers move through it: one visit each, in one browser tab, from page to page by the links they
// click (sidebar, navbar, next and previous, breadcrumbs, search results) and by back and forward, never by a reload.
// Every page opened on its own works (the other tests); what these find is what only a page reached from another meets:
// state the previous page left behind (a store, a frozen object, a cached failure), a link that leads nowhere.
//
// After every move the walk checks that the page is the one the link promised (its h1), that it is still the same visit
// (no full reload), that it is not the page of an address that leads nowhere, and that the reader met no crash: no "This page crashed", no part of a page that failed
// ([data-section-failed]), no page error or console error.

test.describe.configure({timeout: 180_000});

/** Text as a reader reads it: without zero-width break opportunities, spaces collapsed. */
const plain = (text: string) =>
  text
    .replace(/\u200b/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** A visit: the tab, marked so that a full page load (which would hide a client-side crash) is noticed. */
async function startVisit(page: Page, route: string) {
  const errors = consoleErrors(page);
  await page.goto(route);
  await hydrated(page);
  await page.evaluate(() => ((window as unknown as {setuVisit: boolean}).setuVisit = true));
  /** The page the reader sees now is `h1`, reached without a reload and without anything failing. */
  return async function arrived(h1: string | RegExp, where: string): Promise<void> {
    const heading = page.locator('main h1, article h1').first();
    if (typeof h1 === 'string') {
      // The title exactly, as the link or the search result named it (break opportunities and spacing aside).
      await expect.poll(async () => plain((await heading.textContent()) ?? ''), {message: `${where}: the page's title`}).toBe(plain(h1));
    } else await expect(heading, `${where}: the page's title`).toHaveText(h1);
    await expect(heading, `${where}: not the page for an address that leads nowhere`).not.toHaveText(/^Page not found$/i);
    expect(await page.evaluate(() => (window as unknown as {setuVisit?: boolean}).setuVisit), `${where}: reached without a reload`).toBe(
      true,
    );
    await expect(page.getByText('This page crashed'), where).toHaveCount(0);
    await expect(page.locator('[data-section-failed]'), where).toHaveCount(0);
    expect(errors, `${where}: errors in the page`).toEqual([]);
  };
}

/** Clicks a link and waits for the address it names (client-side navigation keeps the tab's document). */
async function follow(page: Page, link: Locator): Promise<string> {
  const href = await link.getAttribute('href');
  if (!href) throw new Error(`no href: ${String(link)}`);
  const from = page.url();
  // Brought into view first, and clicked once it has stopped moving: scrolling a link at the foot of the sidebar into
  // view can start the navbar's transition, which moves the sticky sidebar under a click made at once (the click then
  // lands beside the link, as a reader's never does: they click what they see still).
  await link.scrollIntoViewIfNeeded();
  let last = '';
  await expect
    .poll(
      async () => {
        const now = JSON.stringify(await link.boundingBox());
        const still = now === last;
        last = now;
        return still;
      },
      {intervals: [150], message: `${href} stops moving`},
    )
    .toBe(true);
  await link.click();
  const target = new URL(href, page.url());
  await page
    .waitForURL((url) => url.pathname === target.pathname && url.hash === target.hash)
    .catch(async (error: unknown) => {
      // Where the click led instead (a link that moved under the pointer, a click that did nothing), for the report.
      const h1 = await page
        .locator('main h1, article h1')
        .first()
        .textContent({timeout: 1_000})
        .catch(() => null);
      throw new Error(
        `clicked ${href} on ${from}: the tab is at ${page.url()} (h1 ${JSON.stringify(h1)}), not ${target.pathname}${target.hash}`,
        {
          cause: error,
        },
      );
    });
  return href;
}

// Every operation of every API version, by the sidebar, in the order it lists them. On the second operation of each
// version the reader opens the request samples; the site remembers that, so every later operation page of the walk
// opens them as it renders (the explorer's store and its servers: where the second page used to crash). Every fourth
// page is scrolled to its end, so that its deferred sections (parameters, body schema, responses) load and render.
for (const api of apisWithReference) {
  test(`${api.title}: every operation by the sidebar, in one visit, with the request samples open from the second on`, async ({page}) => {
    const landing = `/docs${api.referenceRoute}/`;
    const arrived = await startVisit(page, landing);
    await arrived(api.title, landing);
    const sidebar = page.locator('.theme-doc-sidebar-container nav');
    const entries = sidebar.locator('a.menu__link:not(.menu__link--sublist)');
    const operations = (await entries.evaluateAll((links) => links.map((a) => ({href: a.getAttribute('href')!, label: a.textContent!}))))
      .filter((entry) => entry.href.startsWith(landing) && entry.href !== landing)
      .map((entry) => ({...entry, label: entry.label.trim()}));
    expect(operations.length, 'operations in the sidebar').toBeGreaterThan(2);

    for (const [index, operation] of operations.entries()) {
      await follow(page, sidebar.locator(`a.menu__link[href="${operation.href}"]`));
      await arrived(operation.label, operation.href);
      if (index === 1) {
        await page.getByRole('button', {name: 'Show request samples'}).click();
      }
      if (index >= 1) {
        // The samples render, with the sandbox at this origin as their server.
        await expect(page.getByRole('button', {name: /Send API Request/i}), `${operation.href}: the request samples`).toBeVisible({
          timeout: 20_000,
        });
        await expect(
          page
            .locator('.openapi-explorer__code-block-code, pre code')
            .filter({hasText: new URL(page.url()).origin})
            .first(),
        ).toBeAttached();
      }
      if (index % 4 === 0) {
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        await expect(
          page.locator('main [data-deferred-section]:not([data-deferred-section="live"])'),
          `${operation.href}: sections`,
        ).toHaveCount(0, {
          timeout: 20_000,
        });
      }
      await arrived(operation.label, `${operation.href} (after its parts rendered)`);
    }

    // Back through the last three pages and forward again, as a reader retraces steps.
    for (const operation of operations.slice(-3, -1).reverse()) {
      await page.goBack();
      await arrived(operation.label, `back to ${operation.href}`);
    }
    for (const operation of operations.slice(-2)) {
      await page.goForward();
      await arrived(operation.label, `forward to ${operation.href}`);
    }
  });
}

test('across the sections: navbar, next and previous, breadcrumbs, back and forward, in one visit', async ({page}) => {
  const arrived = await startVisit(page, '/docs/');
  await arrived('Introduction', 'home');
  const navbar = page.locator('nav.navbar');

  await test.step('navbar: API reference, then a version of an API from its landing page, then an operation', async () => {
    await follow(page, navbar.getByRole('link', {name: 'API reference', exact: true}));
    await arrived('API Documentation', 'API reference');
    const p2p = apisWithReference.find((api) => api.id === 'p2p')!;
    await follow(page, page.locator(`main a[href="/docs${p2p.referenceRoute}/"], main a[href="/docs${p2p.referenceRoute}"]`).first());
    await arrived(p2p.title, p2p.title);
    await follow(page, page.locator(`main a[href="/docs${p2p.referenceRoute}/create-order"]`).first());
    await arrived('Create an order', 'create-order');
    await follow(page, page.locator(`.theme-doc-sidebar-container a[href="/docs${p2p.referenceRoute}/get-order"]`));
    await arrived('Read an order', 'get-order, the second operation page');
  });

  await test.step('navbar: Messages, the validator, then back and forward through them', async () => {
    await follow(page, navbar.getByRole('link', {name: 'Messages', exact: true}));
    await arrived('Message dictionary', 'the message dictionary');
    await follow(page, navbar.getByRole('link', {name: 'Validator', exact: true}));
    await arrived('Message validator', 'the validator');
    await page.goBack();
    await arrived('Message dictionary', 'back to the message dictionary');
    await page.goBack();
    await arrived('Read an order', 'back to get-order');
    await page.goForward();
    await arrived('Message dictionary', 'forward to the message dictionary');
  });

  await test.step('documentation: next and previous links, then the breadcrumbs up', async () => {
    await follow(page, navbar.getByRole('link', {name: 'Documentation', exact: true}));
    const first = (await page.locator('main h1, article h1').first().textContent())!;
    await arrived(first, 'the documentation');
    const titles: string[] = [first];
    for (let step = 0; step < 6; step++) {
      const next = page.locator('a.pagination-nav__link--next');
      const label = (await next.locator('.pagination-nav__label').textContent())!;
      await follow(page, next);
      await arrived(label, `next: ${label}`);
      titles.push(label);
    }
    for (const title of titles.slice(-3, -1).reverse()) {
      const previous = page.locator('a.pagination-nav__link--prev');
      await expect(previous.locator('.pagination-nav__label')).toHaveText(title);
      await follow(page, previous);
      await arrived(title, `previous: ${title}`);
    }
    // The walk ends deep enough for a breadcrumb above the page (the home's and a category's).
    const crumbs = page.locator('nav[aria-label="Breadcrumbs"] a.breadcrumbs__link');
    expect(await crumbs.count(), 'breadcrumb links above the page').toBeGreaterThan(1);
    const up = crumbs.nth((await crumbs.count()) - 1);
    const label = (await up.textContent())!;
    await follow(page, up);
    await arrived(new RegExp(label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')), `breadcrumb: ${label}`);
  });
});

test('search results clicked, in one visit: the navbar box and the search page lead to their pages and anchors', async ({page}) => {
  const arrived = await startVisit(page, '/docs/planning/');
  await arrived('Planning and Scheduling', 'planning');
  const input = page.getByRole('combobox', {name: 'Search'});
  const suggestions = page.getByRole('listbox').getByRole('option');
  /** Types a query into the navbar box and waits for its own suggestions (the previous query's stay until they come). */
  const search = async (query: string) => {
    await input.fill(query);
    await expect(page.getByRole('listbox').locator('..').getByRole('status')).toHaveText(/found/, {timeout: 20_000});
  };

  for (const query of ['feedback', 'create timecard', 'BR285']) {
    await test.step(`the navbar box: "${query}", first suggestion`, async () => {
      await search(query);
      const option = suggestions.first();
      await expect(option).toHaveAttribute('href', /^\/docs\//, {timeout: 20_000});
      const href = (await option.getAttribute('href'))!;
      const title = (await option.locator('[class^="title"] > span:first-child').textContent())!;
      await option.click();
      const target = new URL(href, page.url());
      await page.waitForURL((url) => url.pathname === target.pathname);
      await arrived(title, `${query} -> ${href}`);
      if (target.hash) await expect(page.locator(`[id="${decodeURIComponent(target.hash.slice(1))}"]`), href).toBeAttached();
    });
  }

  await test.step('the search page: "what you find on this site", every result on its first page opens its page and anchor', async () => {
    await search('what you find on this site');
    await suggestions.last().click(); // "Every result for …"
    await page.waitForURL((url) => url.pathname === '/docs/search');
    const links = page.getByTestId('search-results').locator(':scope > li > a');
    await expect(links.first()).toBeVisible({timeout: 20_000});
    const results = await links.evaluateAll((as) =>
      as
        .slice(0, 5)
        .map((a) => ({href: a.getAttribute('href')!, title: a.querySelector('[class^="title"] > span:first-child')!.textContent!})),
    );
    for (const {href, title} of results) {
      await follow(page, page.getByTestId('search-results').locator(`a[href="${href}"]`).first());
      await arrived(title, href);
      await page.goBack();
      await page.waitForURL((url) => url.pathname === '/docs/search');
    }
  });
});
