import type {Page, Route} from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import {test, expect} from '../fixtures';
import {consoleErrors, hydrated} from '../pages';

// The search page opened with a query shows its first hits before the site's bundle has loaded: its first script
// (src/plugins/search/client/first-results.ts) writes them, the loader (src/ssr-template.ts) starts the bundle after
// them, and React hydrates them as they are (src/plugins/search/theme/SearchPage). Here the bundle's requests are held
// back (page.route) to see the page as a reader on a slow connection sees it before the bundle, then let through.

// Its hits have every part of a hit: a heading under the page title, an older version, marked words; and more than ten.
const opened = '/docs/search?q=holiday%20allowance';

/** Holds back every request of the site's bundle (its scripts under /docs/assets/js/) until `release` is called. */
async function holdBundle(page: Page): Promise<{held: () => number; release: () => Promise<void>}> {
  const held: Route[] = [];
  let holding = true;
  await page.route(/\/docs\/assets\/js\//, (route) => (holding ? held.push(route) : route.continue()));
  return {
    held: () => held.length,
    release: async () => {
      holding = false;
      await Promise.all(held.map((route) => route.continue()));
      await page.unrouteAll({behavior: 'wait'});
    },
  };
}

/**
 * The results as the reader gets them: the heading, the box's text, the status line, the list and its button, each
 * as its HTML with the attributes in alphabetical order (their order means nothing; React and the DOM differ in it).
 */
const results = (page: Page) =>
  page.locator('main').evaluate((main) => {
    const html = (node: Node): string => {
      if (!(node instanceof Element)) return node.textContent ?? '';
      const attributes = Array.from(node.attributes, (a) => ` ${a.name}="${a.value}"`).sort();
      const tag = node.tagName.toLowerCase();
      return `<${tag}${attributes.join('')}>${Array.from(node.childNodes, html).join('')}</${tag}>`;
    };
    return {
      heading: html(main.querySelector('h1')!),
      box: main.querySelector<HTMLInputElement>('input[type="search"]')?.value,
      status: html(main.querySelector('p[role="status"]')!),
      list: Array.from(main.querySelectorAll('p[role="status"] ~ :not(script)'), html),
    };
  });

/** What a screen reader reads of the status line and the list. */
const spoken = async (page: Page) => [
  await page.getByRole('status').ariaSnapshot(),
  await page.getByTestId('search-results').ariaSnapshot(),
];

/** axe's violations in the page's main content, as the reader has it now (before hydration: the first script's). */
const axeViolations = async (page: Page) =>
  (
    await new AxeBuilder({page})
      .include('main')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .options({resultTypes: ['violations']})
      .setLegacyMode(true)
      .analyze()
  ).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

/** Each hit's box on the page (a shift after hydration would move one). */
const hitBoxes = (page: Page) =>
  page
    .getByTestId('search-results')
    .locator(':scope > li')
    .evaluateAll((lis) =>
      lis.map((li) => {
        const {x, y, width, height} = li.getBoundingClientRect();
        return {x, y, width, height};
      }),
    );

/** Whether React hydrated the hits the first script wrote (marked by markFirst): the same nodes, now React's. */
const markFirst = (page: Page) =>
  page
    .getByTestId('search-results')
    .locator(':scope > li')
    .evaluateAll((lis) => lis.forEach((li, i) => ((li as HTMLElement & {shownFirst?: number}).shownFirst = i)));
const tookOver = (page: Page) =>
  page
    .getByTestId('search-results')
    .locator(':scope > li')
    .evaluateAll((lis) =>
      lis.every(
        (li) =>
          (li as HTMLElement & {shownFirst?: number}).shownFirst !== undefined && Object.keys(li).some((k) => k.startsWith('__reactFiber')),
      ),
    );

test('the search page opened with a query shows its hits before the bundle; React takes them over as they are', async ({page}) => {
  test.setTimeout(90_000);
  const errors = consoleErrors(page);
  const hits = page.getByTestId('search-results').locator(':scope > li');
  let early: Awaited<ReturnType<typeof results>> | undefined;

  await test.step('the hits show while the bundle is held back, and the bundle is asked for after them', async () => {
    const bundle = await holdBundle(page);
    await page.goto(opened, {waitUntil: 'commit'});
    await expect(hits.first()).toBeVisible({timeout: 20_000});
    await expect(page.getByRole('status')).toHaveText(/\d+ pages found/);
    await expect(page.locator('html')).not.toHaveAttribute('data-has-hydrated', 'true');
    await expect.poll(bundle.held, {message: 'the loader starts the bundle once the hits are painted'}).toBeGreaterThan(0);
    early = await results(page);
    const boxes = await hitBoxes(page);
    const read = await spoken(page);
    expect(await axeViolations(page), 'before hydration, light').toEqual([]);
    await markFirst(page);

    await bundle.release();
    await hydrated(page);
    // React hydrated the first script's elements (the same nodes, now React's), without a mismatch, and nothing moved.
    expect(await tookOver(page), 'React hydrated the same elements').toBe(true);
    expect(await hitBoxes(page)).toEqual(boxes);
    expect(await results(page)).toEqual(early);
    expect(await spoken(page)).toEqual(read);
    expect(errors).toEqual([]);
    // The hits were the page's largest paint, on the screen before the bundle was asked for (as Lighthouse sees it:
    // npm run bench).
    const paint = await page.evaluate(
      () =>
        new Promise<{hit: boolean; shown: number; bundle?: number}>((resolve) =>
          new PerformanceObserver((list) => {
            const largest = list.getEntries().at(-1) as PerformanceEntry & {element: Element | null};
            const bundle = performance.getEntriesByType('resource').find((r) => /\/assets\/js\/main\.[0-9a-f]+\.js$/.test(r.name));
            resolve({
              hit: Boolean(largest.element?.closest('[data-testid="search-results"]')),
              shown: largest.startTime,
              bundle: bundle?.startTime,
            });
          }).observe({type: 'largest-contentful-paint', buffered: true}),
        ),
    );
    expect(paint.hit, 'the largest paint is a hit').toBe(true);
    expect(paint.shown).toBeLessThan(paint.bundle!);
  });

  await test.step('the first script wrote what React renders itself for the same query', async () => {
    // With a first script that shows nothing, React searches and renders the hits itself.
    await page.goto('/docs/');
    await page.route(/\/docs\/search-first-results\.js$/, (route) =>
      route.fulfill({contentType: 'text/javascript', body: "document.dispatchEvent(new Event('first-script-done'))"}),
    );
    await page.goto(opened);
    await hydrated(page);
    await expect(hits.first()).toBeVisible({timeout: 20_000});
    await expect(page.getByRole('status')).toHaveText(/\d+ pages found/);
    expect(await results(page)).toEqual(early);
    await page.unrouteAll({behavior: 'wait'});
    expect(errors).toEqual([]);
  });

  await test.step('a key press starts the bundle before the hits; they still show (axe-clean in dark mode too), the box keeps what was typed, and React takes both over', async () => {
    // As on a slow connection, where the bundle may start (after 3 s, at a key press) long before it has loaded.
    await page.goto('/docs/');
    await page.emulateMedia({colorScheme: 'dark'});
    const bundle = await holdBundle(page);
    const pagefind: Route[] = [];
    await page.route(/\/docs\/pagefind\/pagefind\.js$/, (route) => pagefind.push(route));
    await page.goto(opened, {waitUntil: 'commit'});
    const box = page.getByRole('searchbox', {name: /Words, a field name or path/});
    await box.pressSequentially('status');
    await expect.poll(bundle.held, {message: 'a key press starts the bundle'}).toBeGreaterThan(0);
    await expect.poll(() => pagefind.length).toBeGreaterThan(0);
    await Promise.all(pagefind.map((route) => route.continue()));
    await expect(hits.first()).toBeVisible({timeout: 20_000});
    await expect(box).toHaveValue('status');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await axeViolations(page), 'before hydration, dark').toEqual([]);
    await markFirst(page);
    await bundle.release();
    await hydrated(page);
    expect(await tookOver(page), 'React hydrated the same elements').toBe(true);
    await expect(page).toHaveURL(/\/docs\/search\?q=status$/);
    await expect(box).toHaveValue('status');
    await expect(page.getByRole('status')).toHaveText(/\d+ pages? found/);
    expect(errors).toEqual([]);
  });

  await test.step('once React has the page, the first script leaves it alone', async () => {
    // Pagefind held back until the page has hydrated (a pointer press starts the bundle): both then search; React shows.
    await page.goto('/docs/');
    const pagefind: Route[] = [];
    await page.route(/\/docs\/pagefind\/pagefind\.js$/, (route) => pagefind.push(route));
    await page.goto(opened, {waitUntil: 'commit'});
    await page.getByRole('heading', {level: 1}).click();
    await hydrated(page);
    const firstScriptDone = page.evaluate(() => new Promise((resolve) => document.addEventListener('first-script-done', resolve)));
    await Promise.all(pagefind.map((route) => route.continue()));
    await page.unrouteAll({behavior: 'wait'});
    await firstScriptDone;
    await expect(hits.first()).toBeVisible({timeout: 20_000});
    await expect(page.getByTestId('search-results')).toHaveCount(1);
    expect(await results(page)).toEqual(early);
    expect(errors).toEqual([]);
  });
});
