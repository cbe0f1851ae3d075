import {test, expect} from '../fixtures';
import {deferredSectionsLive, hydrated} from '../pages';

// The API reference (src/plugins/api-reference) and the patches it needs: what they rely on of the OpenAPI plugin and
// theme, which no other test pins down (UPGRADING.md, "The API reference"). Each test fails when an upgrade moves what
// the code relies on, or a patch's effect is lost.

// Markers of modules no page may run before it answers the reader, each found only in its own module's code.
const startUpMarkers = {
  "Prism's grammars (code blocks are the server's HTML; src/plugins/code-blocks)": 'webmanifest',
  "parse5, with the theme's Markdown (src/plugins/api-reference/theme/Markdown)": 'abrupt-closing-of-empty-comment',
  'chalk (patches/docusaurus-plugin-openapi-docs+5.2.0.patch)': 'ansi256',
  'crypto-js beyond SHA-1 (patches/docusaurus-theme-openapi-docs+5.2.0.patch)': 'RIPEMD160',
};

for (const route of ['/docs/gelijkwaardige-beloning/2.0/usage-notes/rates', '/docs/api/p2p/create-timecard']) {
  test(`${route} starts without Prism, parse5, chalk or the whole of crypto-js (patches, module replacement, code on demand)`, async ({
    page,
    request,
  }) => {
    // The scripts' text is fetched again by URL: one served from the browser's cache has no body to read.
    const scripts = new Set<string>();
    page.on('response', (response) => {
      if (response.url().endsWith('.js')) scripts.add(response.url());
    });
    await page.goto(route);
    await hydrated(page);
    // The sections of an operation page near the top load their code now (src/plugins/api-reference/runtime/DeferredSection).
    await page.waitForTimeout(1500);
    const loaded = await Promise.all(
      [...scripts].map(async (url): Promise<[string, string]> => [url, await (await request.get(url)).text()]),
    );
    expect(loaded.length).toBeGreaterThan(2);
    for (const [what, marker] of Object.entries(startUpMarkers)) {
      const found = loaded.filter(([, text]) => text.includes(marker)).map(([url]) => url);
      expect(found, `${what} loaded with the page`).toEqual([]);
    }
  });
}

test('the request samples use the server of the endpoint line (ApiItem/hooks, ApiExplorer/Server/slice)', async ({page}) => {
  await page.goto('/docs/api/p2p/create-timecard');
  await hydrated(page, 60_000);
  const endpoint = (await page.locator('.openapi__method-endpoint').textContent()) ?? '';
  const server = /https?:\/\/[^\s/]+/.exec(endpoint)?.[0];
  expect(server, `no server URL in the endpoint line: ${endpoint}`).toBeTruthy();
  await page.getByRole('button', {name: 'Show request samples'}).click();
  await page.getByRole('tab', {name: 'curl', exact: true}).click();
  const sample = page.locator('.openapi-explorer__code-block-code, pre.language-bash code').first();
  // setServer was dispatched to the theme's store before the samples rendered, so curl names that server.
  await expect(sample).toContainText(server!, {timeout: 30_000});
});

// React keeps a rendered element's fiber on its DOM node (`__reactFiber$…`); a fiber that React has rendered a second
// time has an `alternate`. The theme's ApiItem rendered the whole operation page again when hydration ended.
test('an operation page and a landing page are rendered once: hydration ending does not render them again (patches/docusaurus-theme-openapi-docs+5.2.0.patch)', async ({
  page,
}) => {
  for (const url of ['/docs/api/p2p/create-timecard', '/docs/api/p2p']) {
    await page.goto(url);
    await hydrated(page, 60_000);
    if (url.endsWith('create-timecard')) {
      // The request samples' placeholder renders after hydration, from the explorer's store.
      await expect(page.getByRole('button', {name: 'Show request samples'})).toBeVisible();
    }
    const renders = await page.locator('article h1').evaluate((heading) => {
      const key = Object.keys(heading).find((k) => k.startsWith('__reactFiber$'));
      const fiber = key ? (heading as unknown as Record<string, {alternate: unknown}>)[key] : undefined;
      return fiber ? (fiber.alternate ? 2 : 1) : 0;
    });
    expect(renders, `${url}: the heading has no React fiber (React's internals changed: update this test)`).toBeGreaterThan(0);
    expect(renders, `${url}: the page's content was rendered again after hydration`).toBe(1);
  }
});

test('schema properties are list items (src/plugins/api-reference/runtime/a11y.ts matches the theme class names)', async ({page}) => {
  await page.goto('/docs/api/planning/add-planning-assignment-periodic-lines');
  await hydrated(page, 60_000);
  await deferredSectionsLive(page);
  const items = page.locator('ul > .openapi-schema__list-item, ul > .openapi-params__list-item');
  await expect.poll(() => items.count(), {message: 'the theme no longer uses these class names'}).toBeGreaterThan(0);
  // The repair runs on the next frame after a change of the page.
  await expect.poll(() => items.evaluateAll((els) => els.filter((el) => el.getAttribute('role') !== 'listitem').length)).toBe(0);
});

test('descriptions render as Markdown: code, emphasis and links, without the raw Markdown (src/plugins/api-reference/theme/Markdown)', async ({
  page,
}) => {
  await page.goto('/docs/api/planning/add-planning-assignment-periodic-lines');
  await hydrated(page, 60_000);
  await deferredSectionsLive(page);
  const descriptions = page.locator('main .openapi-markdown__details, main .openapi-schema__list-item, main .openapi-params__list-item');
  await expect.poll(() => descriptions.count()).toBeGreaterThan(0);
  // Markdown that was not rendered would show its backticks and asterisks.
  const raw = await page.locator('main').evaluate((main: HTMLElement) => /`[^`\n]+`|\*\*[^*\n]+\*\*/.test(main.innerText));
  expect(raw, 'unrendered Markdown on the page').toBe(false);
  await expect(page.locator('main .openapi-left-panel__container code').first()).toBeAttached();
});
