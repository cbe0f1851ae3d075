import type {Page, Response} from '@playwright/test';
import {test, expect} from '../fixtures';
import AxeBuilder from '@axe-core/playwright';
import {hydrated, inColourMode} from '../pages';
import {examples} from '../../../generated/validator/examples.mjs';

// The API sandbox in the built site: its service worker answers /docs/sandbox/<API>/… from any page of the site and
// nothing else, what it stores survives a reload, and its page (/docs/sandbox) lists and clears it. The handlers
// themselves are tested in tests/unit/sandbox/handlers.test.mjs.
//
// Two tests, each a sequence of steps in one tab: starting the sandbox costs a page load and a service worker that
// evaluates ~1 MB of validator code, so each test starts it once and checks one behaviour after another.

// Each test loads several pages and starts a service worker: on a busy 2-core machine that takes longer than the
// default minute.
test.describe.configure({timeout: 180_000});

const timecard = examples.find((e) => e.type === 'Timecard')!.text;
const timecardPath = '/docs/sandbox/p2p/purchase-to-pay/timecard/e2e-timecard';

/** Sends a request from the page, as a reader's code would: its status, headers and body. */
async function send(page: Page, method: string, url: string, init: {body?: string; headers?: Record<string, string>} = {}) {
  return page.evaluate(
    async ({method, url, init}) => {
      const response = await fetch(url, {method, ...init});
      return {
        status: response.status,
        location: response.headers.get('location'),
        type: response.headers.get('content-type'),
        text: await response.text(),
      };
    },
    {method, url, init},
  );
}

/** Starts the sandbox from its page, which the tab is on. */
async function start(page: Page) {
  await page.getByRole('button', {name: 'Start the sandbox'}).click();
  await expect(page.getByText('The sandbox is running in this browser.')).toBeVisible({timeout: 30_000});
}

const registrations = (page: Page) => page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length);

test('the worker: registered by nothing but the sandbox page, and leaving every other request alone', async ({page, request}) => {
  await test.step('no page registers the worker on its own, and the worker is published at /docs/sandbox-worker.js', async () => {
    // An operation page, whose Send starts the worker, registers none before: tests/e2e/api-reference/explorer.spec.ts.
    for (const route of ['/docs/', '/docs/sandbox']) {
      await page.goto(route);
      await hydrated(page);
      expect(await registrations(page), route).toBe(0);
    }
    await expect(page.getByText('The sandbox is not running in this browser.')).toBeVisible();
    const worker = await request.get('/docs/sandbox-worker.js');
    expect(worker.status()).toBe(200);
    expect(worker.headers()['content-type']).toMatch(/javascript/);
    // Not the page itself: a sandbox URL without the worker is an ordinary unknown path.
    expect((await request.get(timecardPath)).status()).toBe(404);
  });

  await test.step('the worker leaves every other request alone: pages, scripts, the search index', async () => {
    await start(page);
    const seen: Response[] = [];
    page.on('response', (response) => seen.push(response));
    // The search page with a query fetches Pagefind's entry file of the index (build/pagefind/) at once.
    const index = page.waitForResponse((r) => /\/docs\/pagefind\/pagefind-entry\.json/.test(r.url()), {timeout: 60_000});
    await page.goto('/docs/search?q=timecard');
    expect((await index).fromServiceWorker(), 'the search index').toBe(false);
    await page.goto('/docs/api/p2p/create-timecard');
    await hydrated(page);
    const sandboxAnswer = await send(page, 'GET', '/docs/sandbox/p2p/purchase-to-pay/timecard/nothing-here');
    expect(sandboxAnswer.status).toBe(404);

    const others = seen.filter((r) => !new URL(r.url()).pathname.startsWith('/docs/sandbox/'));
    expect(
      others.some((r) => r.request().resourceType() === 'document'),
      'pages were loaded',
    ).toBe(true);
    expect(
      others.some((r) => r.request().resourceType() === 'script'),
      'scripts were loaded',
    ).toBe(true);
    expect(others.filter((r) => r.fromServiceWorker()).map((r) => r.url())).toEqual([]);
    const answered = seen.filter((r) => new URL(r.url()).pathname.startsWith('/docs/sandbox/'));
    expect(answered.length).toBeGreaterThan(0);
    expect(answered.every((r) => r.fromServiceWorker())).toBe(true);
  });
});

/** axe's WCAG 2.1 AA violations on the page, as "rule: targets" (run in the page itself, which has no frames). */
async function violations(page: Page): Promise<string[]> {
  const {violations} = await new AxeBuilder({page})
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({resultTypes: ['violations']})
    .setLegacyMode(true)
    .analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('the worker answers the sandbox from any page of the site; state survives a reload; the page lists and clears it', async ({page}) => {
  // With the four axe runs of the former accessibility test (which had five minutes): four minutes on a busy machine.
  test.setTimeout(240_000);
  await page.goto('/docs/sandbox');
  await hydrated(page);
  await start(page);

  await test.step('a timecard created from the sandbox page is read back from another page after a reload', async () => {
    const created = await send(page, 'POST', timecardPath, {
      body: timecard,
      headers: {setuVersionId: '2.0', 'Content-Type': 'application/json'},
    });
    expect(created.status, created.text).toBe(201);
    expect(created.location).toBe('/docs/sandbox/p2p/purchase-to-pay/timecard/e2e-timecard');

    // Another page of the site (a content page: an operation page reads the sandbox in tests/e2e/api-reference/
    // explorer.spec.ts), after a reload: the same worker, the same store.
    await page.goto('/docs/');
    await page.reload();
    await hydrated(page);
    const read = await send(page, 'GET', timecardPath, {headers: {Accept: 'application/xml'}});
    expect(read.status).toBe(200);
    expect(read.type).toMatch(/^application\/xml/);
    expect(read.text).toContain('<Timecard xmlns="https://ontology.setu.nl/messages">');
    const refused = await send(page, 'POST', '/docs/sandbox/p2p/purchase-to-pay/timecard/e2e-other', {
      body: timecard,
      headers: {'Content-Type': 'application/json'},
    });
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.text).code).toBe('MISSING_HEADER');
  });

  await test.step('the page lists the timecard and its lines, each a link to what the sandbox answers', async () => {
    await page.goto('/docs/sandbox');
    await hydrated(page);
    await expect(page.getByText('The sandbox holds 1 resource.')).toBeVisible();
    const p2p = page.locator('h3#api-p2p + p + ul');
    await expect(p2p.getByRole('link', {name: '/purchase-to-pay/timecard/e2e-timecard', exact: true})).toBeVisible();
    await expect(p2p.getByRole('link', {name: '/purchase-to-pay/timecard/e2e-timecard/time-interval/1', exact: true})).toBeVisible();
    await expect(p2p.getByRole('link', {name: '/purchase-to-pay/timecard/e2e-timecard/allowance/3', exact: true})).toBeVisible();
    await expect(p2p.getByText(/Timecard, sent as JSON, created/)).toBeVisible();
    // Where the page tells how to check an implementation, it leads to the conformance kit.
    await expect(page.locator('section:has(h2#local)').getByRole('link', {name: 'conformance kit'})).toHaveAttribute(
      'href',
      '/docs/conformance',
    );
  });

  // The sandbox page empty is in the accessibility sweep (tests/e2e/a11y.spec.ts); this is the page with a resource
  // listed. Both colour modes and widths in the one page: the site follows the system's colour scheme while the reader
  // has not chosen one, and the layout follows the window.
  for (const mode of ['light', 'dark'] as const) {
    for (const width of [1280, 320]) {
      await test.step(`the sandbox page with a resource listed: axe clean, no sideways scroll (${mode}, ${width} px)`, async () => {
        await page.setViewportSize({width, height: 900});
        await inColourMode(page, mode);
        await expect.poll(() => page.evaluate(() => window.innerWidth)).toBe(width);
        await expect(page.getByText('The sandbox holds 1 resource.')).toBeVisible();
        expect(await violations(page), `${mode} ${width}px`).toEqual([]);
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
          `${mode} ${width}px`,
        ).toBeLessThanOrEqual(0);
      });
    }
  }

  await test.step('the page clears the sandbox, with a button the keyboard reaches', async () => {
    const clear = page.getByRole('button', {name: 'Clear the sandbox'});
    await clear.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status')).toHaveText('Cleared: the sandbox holds nothing.');
    await expect(page.getByText('The sandbox holds nothing yet.')).toBeVisible();
    expect((await send(page, 'GET', timecardPath)).status).toBe(404);
  });
});
