import type {APIRequestContext, Page} from '@playwright/test';
import {test, expect} from '../fixtures';
import {deferredSectionsLive, hydrated} from '../pages';

// The API reference (src/plugins/api-reference) and the patches it needs: what they rely on of the OpenAPI plugin and
// theme, which no other test pins down (UPGRADING.md, "The API reference"). Each step fails when an upgrade moves what
// the code relies on, or a patch's effect is lost. A page is loaded once for all the steps that read it.

// Each test does the work of several former ones, each of which had a minute: three minutes for all of it on a busy
// 2-core machine.
test.describe.configure({timeout: 180_000});

// Markers of modules no page may run before it answers the reader, each found only in its own module's code.
const startUpMarkers = {
  "Prism's grammars (code blocks are the server's HTML; src/plugins/code-blocks)": 'webmanifest',
  "parse5, with the theme's Markdown (src/plugins/api-reference/theme/Markdown)": 'abrupt-closing-of-empty-comment',
  'crypto-js beyond SHA-1 (patches/docusaurus-theme-openapi-docs+5.2.0.patch)': 'RIPEMD160',
};

/** Records the scripts the page loads from now on; `check` says that none holds a start-up marker. */
function startUpScripts(page: Page) {
  const scripts = new Set<string>();
  const onResponse = (response: {url: () => string}) => {
    if (response.url().endsWith('.js')) scripts.add(response.url());
  };
  page.on('response', onResponse);
  return async (request: APIRequestContext) => {
    page.off('response', onResponse);
    // The scripts' text is fetched again by URL: one served from the browser's cache has no body to read.
    const loaded = await Promise.all(
      [...scripts].map(async (url): Promise<[string, string]> => [url, await (await request.get(url)).text()]),
    );
    expect(loaded.length).toBeGreaterThan(2);
    for (const [what, marker] of Object.entries(startUpMarkers)) {
      const found = loaded.filter(([, text]) => text.includes(marker)).map(([url]) => url);
      expect(found, `${what} loaded with the page`).toEqual([]);
    }
  };
}

/** The page's deferred sections within a quarter screen of the viewport, which load their code at once, are live. */
async function sectionsNearTheTopLive(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          Array.from(document.querySelectorAll('[data-deferred-section]'))
            .filter((section) => section.getBoundingClientRect().top < window.innerHeight * 1.25)
            .every((section) => section.getAttribute('data-deferred-section') === 'live'),
        ),
      // As long as deferredSectionsLive (pages.ts) waits for a section.
      {timeout: 30_000},
    )
    .toBe(true);
}

const startsWithout = (route: string) =>
  `${route} starts without Prism, parse5 or the whole of crypto-js (patch, module replacement, code on demand)`;

test('what pages start with (a content page, an operation page), and the server of the samples', async ({page, request}) => {
  await test.step(startsWithout('/docs/gelijkwaardige-beloning/2.0/usage-notes/rates'), async () => {
    const check = startUpScripts(page);
    await page.goto('/docs/gelijkwaardige-beloning/2.0/usage-notes/rates');
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    await check(request);
  });

  const route = '/docs/api/p2p/create-timecard';
  await test.step(startsWithout(route), async () => {
    const check = startUpScripts(page);
    await page.goto(route);
    await hydrated(page, 60_000);
    // The sections of an operation page near the top load their code now (src/plugins/api-reference/runtime/DeferredSection).
    await sectionsNearTheTopLive(page);
    await page.waitForLoadState('networkidle');
    await check(request);
  });

  await test.step('the request samples use the server of the endpoint line (ApiItem/hooks, ApiExplorer/Server/slice)', async () => {
    const endpoint = (await page.locator('.openapi__method-endpoint').textContent()) ?? '';
    const server = /https?:\/\/[^\s/]+/.exec(endpoint)?.[0];
    expect(server, `no server URL in the endpoint line: ${endpoint}`).toBeTruthy();
    await page.getByRole('button', {name: 'Show request samples'}).click();
    await page.getByRole('tab', {name: 'curl', exact: true}).click();
    const sample = page.locator('.openapi-explorer__code-block-code, pre.language-bash code').first();
    // setServer was dispatched to the theme's store before the samples rendered, so curl names that server.
    await expect(sample).toContainText(server!, {timeout: 30_000});
  });
});

test('the schema and descriptions of an operation page (add-planning-assignment-periodic-lines)', async ({page}) => {
  await page.goto('/docs/api/planning/add-planning-assignment-periodic-lines');
  await hydrated(page, 60_000);
  await deferredSectionsLive(page);

  await test.step('schema properties are list items (src/plugins/api-reference/runtime/a11y.ts matches the theme class names)', async () => {
    const items = page.locator('ul > .openapi-schema__list-item, ul > .openapi-params__list-item');
    await expect.poll(() => items.count(), {message: 'the theme no longer uses these class names'}).toBeGreaterThan(0);
    // The repair runs on the next frame after a change of the page.
    await expect.poll(() => items.evaluateAll((els) => els.filter((el) => el.getAttribute('role') !== 'listitem').length)).toBe(0);
  });

  await test.step('descriptions render as Markdown: code, emphasis and links, without the raw Markdown (src/plugins/api-reference/theme/Markdown)', async () => {
    const descriptions = page.locator('main .openapi-markdown__details, main .openapi-schema__list-item, main .openapi-params__list-item');
    await expect.poll(() => descriptions.count()).toBeGreaterThan(0);
    // Markdown that was not rendered would show its backticks and asterisks.
    const raw = await page.locator('main').evaluate((main: HTMLElement) => /`[^`\n]+`|\*\*[^*\n]+\*\*/.test(main.innerText));
    expect(raw, 'unrendered Markdown on the page').toBe(false);
    await expect(page.locator('main .openapi-left-panel__container code').first()).toBeAttached();
  });

  await test.step("an error response's XML tab shows the XML form without setting Accept, which the form offers as JSON only (the theme's patch)", async () => {
    // The 2xx response offers JSON only; the error responses offer JSON and XML.
    const responses = page.locator('[data-deferred-section]').last();
    await responses.getByRole('tab', {name: '400', exact: true}).click();
    const xml = responses.getByRole('tab', {name: 'application/xml'});
    await xml.click();
    await expect(xml).toHaveAttribute('aria-selected', 'true');
    // Had the tab set Accept, the next response's tabs would open on XML.
    await responses.getByRole('tab', {name: '401', exact: true}).click();
    await expect(responses.getByRole('tab', {name: 'application/json'})).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('The media type chosen here is also the Accept')).toHaveCount(0);
  });
});
