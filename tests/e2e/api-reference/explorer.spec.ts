import type {Page} from '@playwright/test';
import {test, expect} from '../fixtures';
import AxeBuilder from '@axe-core/playwright';
import {hydrated, inColourMode} from '../pages';

// The API explorer of an operation page (src/plugins/api-reference/): Send API Request answers from the site's sandbox
// (its worker is started by the Send click, not by the page), and the request samples carry one Content-Type, the
// chosen body's, with the spec's named example as the body. The sandbox's handlers are tested in
// tests/unit/sandbox/handlers.test.mjs, its worker in tests/e2e/sandbox/sandbox.spec.ts.

// One test, one load of the operation page, each behaviour a step: an operation page is the heaviest page of the site
// to load, and the explorer's state carries from one step to the next where a step says so.

// The first Send starts a service worker that evaluates ~1 MB of validator code: slow on a busy 2-core machine. Each of
// the three tests this one replaces had three minutes; four for all of it.
test.describe.configure({timeout: 240_000});

/** Opens an operation page with its request samples shown. */
async function openSamples(page: Page, route: string) {
  await page.goto(route);
  await hydrated(page);
  const show = page.getByRole('button', {name: 'Show request samples'});
  // Once shown, later pages open the samples at once (remembered in localStorage).
  if (await show.isVisible()) await show.click();
  await expect(page.getByRole('button', {name: 'Send API Request'})).toBeVisible({timeout: 30_000});
}

/** axe's WCAG 2.1 AA violations in the explorer's panel and the endpoint line (run in the page, which has no frames). */
async function panelViolations(page: Page) {
  const {violations} = await new AxeBuilder({page})
    .include('.openapi-right-panel__container')
    .include('.openapi__method-endpoint')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({resultTypes: ['violations']})
    .setLegacyMode(true)
    .analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The code of the request sample in the chosen language tab. */
const sample = (page: Page) => page.locator('.openapi-tabs__code-container-inner:not([hidden]) .openapi-explorer__code-block code').first();

/** Where the parts of the explorer's panel are: its language tabs, the code's buttons, scroll areas, sideways scroll. */
function panelLayout(page: Page) {
  return page.evaluate(() => {
    const box = (e: Element) => e.getBoundingClientRect();
    const container = document.querySelector('.openapi-tabs__code-container')!;
    const tabs = Array.from(container.querySelectorAll('.openapi-tabs__code-list-container')[0].children);
    const outside = tabs.filter((t) => box(t).right > box(container).right + 1 || box(t).left < box(container).left - 1);
    const code = container.querySelector('.openapi-tabs__code-container-inner:not([hidden]) .openapi-explorer__code-block-content')!;
    const buttons = code.querySelector('.openapi-explorer__code-block-btn-group')!;
    const firstLine = code.querySelector('code .token-line, code > span')!;
    const scrolls = (e: Element) => /(auto|scroll)/.test(getComputedStyle(e).overflowY) && e.scrollHeight > e.clientHeight + 2;
    const panel = document.querySelector('.openapi-right-panel__container')!;
    // A scroll area inside another one (the page's own scrolling aside).
    const nested = [panel, ...Array.from(panel.querySelectorAll('*'))].filter(
      (e) => scrolls(e) && Array.from(e.querySelectorAll('*')).some((inner) => scrolls(inner)),
    );
    return {
      tabs: tabs.length,
      outside: outside.map((t) => t.textContent),
      buttonsBottom: box(buttons).bottom,
      firstLineTop: box(firstLine).top,
      nested: nested.map((e) => e.className.toString()),
      sideways: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    };
  });
}

test('the explorer of create-timecard: where Send goes, the panel in both modes and widths, Send, the samples; get-timecard reads back', async ({
  page,
}) => {
  await test.step('samples whose code cannot be loaded say so in their place, the page stays, and another try loads them', async () => {
    await page.goto('/docs/api/p2p/create-timecard');
    await hydrated(page);
    // As after a new deployment, or offline: the samples' code and the operation's data cannot be fetched.
    await page.route(/\/docs\/assets\/.*\.(js|json)$/, (route) => route.abort());
    await page.getByRole('button', {name: 'Show request samples'}).click();
    const failed = page.locator('.openapi-right-panel__container [data-section-failed]');
    await expect(failed).toContainText('The request samples could not be shown');
    await expect(page.locator('main h1').first()).toHaveText('Create a timecard');
    await page.unrouteAll();
    await failed.getByRole('button', {name: 'Try again'}).click();
    await expect(page.getByRole('button', {name: 'Send API Request'})).toBeVisible({timeout: 30_000});
    await expect(failed).toHaveCount(0);
  });
  await openSamples(page, '/docs/api/p2p/create-timecard');
  const origin = new URL(page.url()).origin;

  await test.step('the page says where the request goes, before any is sent, and no worker runs yet', async () => {
    await expect(page.locator('.openapi__method-endpoint')).toContainText(`${origin}/docs/sandbox/p2p/purchase-to-pay/timecard/`);
    await expect(page.locator('.openapi__method-endpoint').getByRole('link', {name: "this site's sandbox"})).toHaveAttribute(
      'href',
      '/docs/sandbox',
    );
    await expect(page.getByText(/Send API Request goes to this site's sandbox, not to SETU/)).toBeVisible();
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
    await expect(sample(page)).toContainText(`${origin}/docs/sandbox/p2p/purchase-to-pay/timecard/`);
  });

  // Both colour modes and widths in the one page: the site follows the system's colour scheme while the reader has not
  // chosen one, and the panel's layout follows the window.
  for (const [width, mode] of [
    [1280, 'light'],
    [320, 'dark'],
  ] as const) {
    await test.step(`the panel at ${width} px (${mode}): every language tab inside it, the code buttons above the code, no nested scroll areas, axe clean`, async () => {
      await page.setViewportSize({width, height: 900});
      await inColourMode(page, mode);
      await expect.poll(() => page.evaluate(() => window.innerWidth)).toBe(width);
      const layout = await panelLayout(page);
      expect(layout.tabs, `${width}px`).toBe(5);
      expect(layout.outside, `${width}px: language tabs cut off`).toEqual([]);
      expect(layout.buttonsBottom, `${width}px: the code's buttons cover its first line`).toBeLessThanOrEqual(layout.firstLineTop);
      expect(layout.nested, `${width}px: scroll areas inside scroll areas`).toEqual([]);
      expect(layout.sideways, `${width}px: sideways scroll`).toBeLessThanOrEqual(0);
      expect(await panelViolations(page), `${width}px, ${mode}`).toEqual([]);
    });
  }
  await page.emulateMedia({colorScheme: 'light'});
  await page.setViewportSize({width: 1280, height: 900});

  await test.step('Send API Request on create-timecard, with nothing chosen, gets 201 from the sandbox', async () => {
    await page.getByRole('button', {name: 'Send API Request'}).click();
    const response = page.locator('.openapi-explorer__response-container');
    await expect(response.getByRole('tab', {name: '201'})).toBeVisible({timeout: 60_000});
    // The response, and the Send button under the pointer (its hover colours), axe clean.
    expect(await panelViolations(page)).toEqual([]);
  });

  await test.step('each request sample carries one Content-Type, the chosen body’s, and the named example as body, JSON and XML', async () => {
    const editor = page.locator('.openapi-explorer__playground-editor').first();
    await expect(editor).toBeVisible();
    await expect(editor).not.toContainText('"string"');

    const curl = sample(page);
    const contentTypes = async () => (await curl.innerText()).match(/Content-Type: [^'"\n]+/gi) ?? [];
    await expect(curl).toContainText('Content-Type: application/json');
    expect(await contentTypes()).toEqual(['Content-Type: application/json']);
    await expect(curl).not.toContainText('"string"');

    await page.getByLabel('Content-Type', {exact: true}).selectOption('application/xml');
    await expect(curl).toContainText('Content-Type: application/xml');
    expect(await contentTypes()).toEqual(['Content-Type: application/xml']);
    // The XML example in SETU's form: a whole message with its root element and namespace.
    await expect(curl).toContainText('<Timecard xmlns="https://ontology.setu.nl/messages">');

    // Python's dict of headers holds the one Content-Type.
    await page.getByRole('tab', {name: /python/i}).click();
    const python = await sample(page).innerText();
    expect(python.match(/'Content-Type'/g) ?? []).toHaveLength(1);
    expect(python).toContain("'Content-Type': 'application/xml'");
  });

  await test.step('get-timecard reads back the timecard that create-timecard sent', async () => {
    await openSamples(page, '/docs/api/p2p/get-timecard');
    await page.getByRole('button', {name: 'Send API Request'}).click();
    const response = page.locator('.openapi-explorer__response-container');
    await expect(response.getByRole('tab', {name: '200'})).toBeVisible({timeout: 60_000});
    // The timecard the create sent: the spec's named example, not schema filler.
    await expect(response).toContainText('"documentId"');
    await expect(response).not.toContainText('"string"');
  });
});
