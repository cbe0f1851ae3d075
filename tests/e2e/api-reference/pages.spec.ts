import fs from 'node:fs';
import path from 'node:path';
import type {APIRequestContext, Locator, Page} from '@playwright/test';
import * as cheerio from 'cheerio';
import {test, expect} from '../fixtures';
import {deferredSectionsLive, hydrated} from '../pages';
import {apisWithReference as registry} from '../../../src/data/registry.mjs';

// The generated API reference: a landing page per API version with every operation, and operation pages
// that render parameters, body schema and responses in both colour modes.
//
// What is in the server's HTML (titles, links, the sidebar) is read from it, without a browser. An operation page is
// the heaviest page to load, so each API's test loads its sample operation once and checks one behaviour after another
// on it, each a step named for what it proves.

// An operation page's test does the work of up to three former ones, each of which had a minute: three minutes for all of it on a busy
// 2-core machine.
test.describe.configure({timeout: 180_000});

interface Operation {
  operationId?: string;
}
const readSpec = (specFile: string) => JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../specs', specFile), 'utf8'));

/** The operation whose page each API version's tests open: the one that stores the message. */
const sampleOperation: Record<string, string> = {
  p2p: 'create-timecard',
  planning: 'create-planning-request',
  'gelijkwaardige-beloning-2.0': 'create-or-replace-inquiry-pay-equity',
  'gelijkwaardige-beloning': 'create-inquiry-pay-equity',
};

// A version without an API specification (`"api": false`) has no reference.
const apis = registry.flatMap((api) => {
  const spec = readSpec(api.specFile);
  const operation = sampleOperation[api.id];
  const method = Object.values(spec.paths as Record<string, Record<string, Operation>>).flatMap((item) =>
    Object.entries(item)
      .filter(([, op]) => op?.operationId === operation)
      .map(([m]) => m.toUpperCase()),
  )[0];
  return [{route: `/docs${api.referenceRoute}`, spec: api.specFile, title: api.title, openapi: spec.openapi as string, operation, method}];
});

const operationIds = (specFile: string): string[] => {
  const spec = readSpec(specFile);
  return Object.values(spec.paths as Record<string, Record<string, Operation>>).flatMap((item) =>
    Object.values(item).flatMap((op) => (op && typeof op === 'object' && op.operationId ? [op.operationId] : [])),
  );
};

test("the landing pages, the sitemap and the sidebar of the API reference, in the server's HTML", async ({request}) => {
  const html = async (route: string) => {
    const response = await request.get(route);
    expect(response.status(), route).toBe(200);
    return cheerio.load(await response.text());
  };
  for (const api of apis) {
    await test.step(`${api.route} is titled "${api.title}" and links to all its operations`, async () => {
      const $ = await html(api.route);
      expect($('title').text()).toBe(`${api.title} | SETU`);
      expect($('h1').text()).toBe(api.title);
      const ids = operationIds(api.spec);
      expect(ids.length).toBeGreaterThan(2);
      const main = $('main');
      for (const id of ids) expect(main.find(`a[href="${api.route}/${id}"]`).length, `${api.route}/${id}`).toBeGreaterThan(0);
      expect(main.find(`a[href="/docs/specs/${api.spec}"]`).length).toBeGreaterThan(0);
      expect(main.find('a[href="/docs/validator"]').length).toBeGreaterThan(0);
      const spec = await request.get(`/docs/specs/${api.spec}`);
      expect(spec.status()).toBe(200);
      expect((await spec.json()).openapi).toBe(api.openapi);
    });
  }

  await test.step('generated operation pages match the specs one to one', async () => {
    const sitemap = await (await request.get('/docs/sitemap.xml')).text();
    for (const api of apis) {
      const pages = [...sitemap.matchAll(new RegExp(`${api.route.replace(/\./g, '\\.')}/([a-z0-9-]+)</loc>`, 'g'))].map((m) => m[1]);
      for (const id of operationIds(api.spec)) expect(pages, `${api.route}/${id} missing`).toContain(id);
    }
  });

  await test.step('the API sidebar lists each operation once, under its message; the parties are on the landing page', async () => {
    const p2p = apis.find((a) => a.route === '/docs/api/p2p')!;
    const $ = await html(`${p2p.route}/create-timecard`);
    // The operations' entries: not the headings (a category's toggle links its first entry), not the landing page.
    const links = $('.theme-doc-sidebar-menu a.menu__link[href]:not(.menu__link--sublist)')
      .map((_, a) => $(a).attr('href'))
      .get()
      .filter((h) => h.startsWith(`${p2p.route}/`) && h !== `${p2p.route}/`);
    expect(links.length).toBe(operationIds(p2p.spec).length);
    expect(new Set(links).size).toBe(links.length);
    // The page's own entry, under its message's heading, is the only entry marked as the current page.
    expect($('.theme-doc-sidebar-menu a[aria-current="page"]')).toHaveLength(1);
    expect((await html(p2p.route))('#by-party').text()).toMatch(/Operations by implementing party/);
  });
});

/**
 * The scripts the page loads, and the largest of them so far in bytes. Their sizes are read again by URL: a script
 * served from the browser's cache (the tab is shared between tests) has no body to read.
 */
function scriptSizes(page: Page, request: APIRequestContext) {
  const urls = new Set<string>();
  page.on('response', (response) => {
    if (response.url().endsWith('.js')) urls.add(response.url());
  });
  const sizes = () => Promise.all([...urls].map(async (url) => ({url, bytes: (await (await request.get(url)).body()).length})));
  return {
    largest: async () => Math.max(0, ...(await sizes()).map((s) => s.bytes)),
    list: async () => (await sizes()).map((s) => `${s.url} ${s.bytes}`).join('\n'),
  };
}

for (const api of apis) {
  // One colour mode per API, the modes alternating over the APIs: the page's parts do not depend on the mode, and the
  // accessibility sweep measures each mode's colours (tests/e2e/a11y.spec.ts). The site follows the system's colour
  // scheme while the reader has not chosen one.
  const mode = apis.indexOf(api) % 2 === 0 ? 'light' : 'dark';
  test(`${api.operation} renders parameters, body schema and responses (${mode})`, async ({page, request}) => {
    await page.emulateMedia({colorScheme: mode});
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const scripts = scriptSizes(page, request);
    await page.goto(`${api.route}/${api.operation}`);
    // Operation pages are heavy; interact only once React has taken over.
    await hydrated(page, 60_000);
    const main = page.locator('main');

    if (api.operation === 'create-timecard') {
      await test.step('request samples load only when opened (the page starts without their code)', async () => {
        // The request-sample code (postman-collection and postman-code-generators) is one chunk of several MB.
        await page.waitForLoadState('networkidle');
        expect(await scripts.largest(), await scripts.list()).toBeLessThan(1_000_000);
      });
    }

    await deferredSectionsLive(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
    await expect(page.getByRole('heading', {level: 1})).toBeVisible();
    await expect(page.locator('.openapi__method-endpoint')).toContainText(api.method);
    // The endpoint line names the explorer's first server before the samples open: the site's sandbox at this origin
    // (src/plugins/api-reference/sandbox-server.ts), labelled as the site's.
    await expect(page.locator('.openapi__method-endpoint')).toContainText(/https?:\/\/[^\s/]+\/docs\/sandbox\/[a-z0-9.-]+\/[a-z-]+/);
    await expect(page.locator('.openapi__method-endpoint')).toContainText("this site's sandbox, not SETU's");
    const parameters = main.locator('.openapi-left-panel__container');
    await expect(parameters.getByText('setuVersionId', {exact: true}).first()).toBeVisible({timeout: 30_000});
    await expect(parameters.getByText('Content-Type', {exact: true}).first()).toBeVisible();
    await expect(main.getByRole('heading', {name: /Body/}).first()).toBeVisible();
    await expect(main.getByRole('heading', {name: /Responses/}).first()).toBeVisible();
    for (const code of ['201', '400', '500']) await expect(main.getByRole('tab', {name: code}).first()).toBeAttached();
    // Hidden tabs render when chosen (src/plugins/api-reference/runtime/lazy-tabs.tsx): the 400 tab shows the error object.
    await main.getByRole('tab', {name: '400'}).first().click();
    await expect(main.locator('[role="tabpanel"]:visible', {hasText: 'description'}).first()).toBeVisible();

    if (api.operation === 'create-timecard') {
      await test.step("a request body's XML tab shows the JSON example in SETU's XML form, labelled as the site's", async () => {
        await main.getByRole('tab', {name: 'application/xml'}).first().click();
        await main.getByRole('tab', {name: 'timecard', exact: true}).filter({visible: true}).first().click();
        const example = main
          .locator('pre.prism-code')
          .filter({visible: true, hasText: '<Timecard xmlns="https://ontology.setu.nl/messages">'});
        await expect(example).toHaveCount(1);
        await expect(example).toContainText('<documentId>');
        await expect(main.getByText("written in SETU's XML form by this site").filter({visible: true})).toHaveCount(1);
        // Highlighted once Prism has loaded (src/plugins/code-blocks/theme/CodeBlock/Content).
        await expect.poll(() => example.locator('span.token').count()).toBeGreaterThan(5);
      });
    }
    if (api.operation === 'create-planning-request') {
      await test.step('the API reference links a planning message to its rules', async () => {
        await expect(main).toContainText('Business rules BR 285');
        await expect(main.locator('a[href="/docs/planning/business-rules"]').first()).toBeVisible();
      });
    }
    if (api.operation === 'create-or-replace-inquiry-pay-equity') {
      await test.step('Inquiry Pay Equity v2.0: every condition and occurrence type and its fields can be opened in the body schema', async () => {
        const body = page.locator('main [data-deferred-section]').filter({has: page.getByRole('heading', {name: /Body/})});
        /** Opens the nested property `name` of `within` and returns it. */
        const open = async (within: Locator, name: string) => {
          const property = within.locator(`details:has(> summary strong.openapi-schema__property:text-is("${name}"))`).first();
          await property.locator('> summary').click();
          return property;
        };
        const conditions = await open(await open(body, 'remuneration'), 'conditions');
        const fields: Record<string, string[]> = {
          AgeCondition: ['operator', 'age'],
          EmploymentDurationCondition: ['operator', 'duration', 'referenceDateType'],
          OccurrenceCondition: ['occurrence'],
          PositionProfileCondition: ['operator', 'positionProfileIds'],
          SalaryScaleCondition: ['operator', 'salaryScale', 'step'],
          TextCondition: ['description'],
          AllOfCondition: ['conditions'],
          AnyOfCondition: ['conditions'],
          NotCondition: ['condition'],
        };
        for (const [type, names] of Object.entries(fields)) {
          await conditions.getByRole('tab', {name: type, exact: true}).click();
          const panel = conditions.locator('[role="tabpanel"]:visible').first();
          // conditionType is a const (OpenAPI 3.1): rendered as its one value.
          await expect(panel.getByText(`Constant value: ${type.replace(/Condition$/, '')}`)).toBeVisible();
          for (const name of names)
            await expect(panel.locator('.openapi-schema__property', {hasText: new RegExp(`^${name}$`)}).first()).toBeVisible();
        }
        const payDate = await open(await open(body, 'allowance'), 'payDate');
        const occurrences = {Single: ['date'], Recurring: ['recurringInterval'], Relative: ['event', 'offset', 'eventName']};
        for (const [type, names] of Object.entries(occurrences)) {
          await payDate.getByRole('tab', {name: type, exact: true}).click();
          const panel = payDate.locator('[role="tabpanel"]:visible').first();
          for (const name of names)
            await expect(panel.locator('.openapi-schema__property', {hasText: new RegExp(`^${name}$`)}).first()).toBeVisible();
        }
      });
    }

    // Request samples load only when asked for (src/plugins/api-reference/theme/ApiExplorer): no tab before the click.
    await expect(main.getByRole('tab', {name: 'curl', exact: true})).toHaveCount(0);
    await main.getByRole('button', {name: 'Show request samples'}).click();
    // Request samples: curl and other languages, with the real headers and an example body. Their code is several MB.
    await expect(main.getByRole('tab', {name: 'curl', exact: true})).toBeVisible({timeout: 30_000});
    for (const language of ['python', 'javascript', 'java', 'csharp']) {
      await expect(main.getByRole('tab', {name: language, exact: true})).toBeAttached();
    }
    await main.getByRole('tab', {name: 'curl', exact: true}).click();
    const sample = main.locator('.openapi-explorer__code-block-code, pre.language-bash code').first();
    await expect(sample).toContainText('setuVersionId');
    await expect(sample).toContainText('2.0');
    await expect(sample).toContainText('Content-Type');
    // The example body comes from the operation in full, which loads with the samples (the page holds a small form).
    await expect(sample).toContainText('documentId');
    await expect(main.locator('.openapi-explorer__playground-editor').first()).toContainText('documentId');
    expect(errors).toEqual([]);

    if (api.operation === 'create-timecard') {
      await test.step('request samples load only when opened, and stay open on later operation pages', async () => {
        expect(await scripts.largest()).toBeGreaterThan(1_000_000);
        // The choice is remembered: the next operation page opens its samples without a click.
        await page.goto('/docs/api/planning/get-planning-request');
        await expect(page.getByRole('tab', {name: 'curl', exact: true})).toBeVisible({timeout: 30_000});
        await expect(page.getByRole('button', {name: 'Show request samples'})).toHaveCount(0);
        // Its id is the server's: the note by the Send button says where it comes from (src/plugins/api-reference/assigned-ids.ts).
        const note = page.locator('.openapi-right-panel__container p', {hasText: 'The server assigns {id}'});
        await expect(note).toContainText('take it from the Location header of that answer');
        await expect(note.getByRole('link', {name: 'Create a planning request'})).toHaveAttribute(
          'href',
          '/docs/api/planning/create-planning-request',
        );
      });
    }
  });
}

test('an operation page has its responses in the HTML, and renders its schemas after a client-side navigation', async ({page}) => {
  // The responses are in the page's HTML: readable before any script runs.
  const html = await (await page.request.get('/docs/api/planning/create-planning-request')).text();
  expect(html).toMatch(/data-deferred-section="?server"?[^>]*>[\s\S]*?id="?responses"?/);
  await page.goto('/docs/api/planning/');
  await hydrated(page, 60_000);
  // A click in the sidebar renders the operation page in the browser: no server HTML, placeholders that load in view.
  await page.locator('nav a[href="/docs/api/planning/create-planning-request"]').first().click();
  await expect(page).toHaveURL(/create-planning-request$/);
  await deferredSectionsLive(page);
  const main = page.locator('main');
  await expect(main.getByText('Loading…')).toHaveCount(0);
  await expect(main.locator('.openapi-schema__property', {hasText: /^planningRequestId$|^documentId$/}).first()).toBeVisible();
  await expect(main.getByRole('tab', {name: '201'})).toBeVisible();
});

test('a schema that cannot be loaded says so, and loads on another try', async ({page}) => {
  let failing = true;
  await page.route('**/assets/data/*.json', (route) => (failing ? route.fulfill({status: 503, body: ''}) : route.fallback()));
  await page.goto('/docs/api/planning/create-planning-request');
  await hydrated(page, 60_000);
  const failed = page.locator('[data-deferred-section="failed"]').first();
  await failed.scrollIntoViewIfNeeded();
  await expect(failed.getByRole('alert')).toContainText(/could not be loaded \(.*503/);
  failing = false;
  // Every part that failed in view offers its own retry.
  const retries = page.getByRole('button', {name: 'Try again'});
  while ((await retries.count()) > 0) await retries.first().click();
  await expect(page.locator('[data-deferred-section="failed"]')).toHaveCount(0);
  await deferredSectionsLive(page);
  await expect(page.locator('main .openapi-schema__property', {hasText: /^planningRequestId$|^documentId$/}).first()).toBeVisible();
});
