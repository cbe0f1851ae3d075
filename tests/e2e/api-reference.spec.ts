import fs from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {hydrated} from './pages';

// The generated API reference: three landing pages with every operation, and operation pages
// that render parameters, body schema and responses in both colour modes.

const apis = [
  {id: 'p2p', spec: 'purchase-to-pay.json', title: 'SETU API for Purchase to Pay', operation: 'create-timecard'},
  {id: 'planning', spec: 'planning.json', title: 'SETU API for Planning and Scheduling', operation: 'create-planning-request'},
  {id: 'gelijkwaardige-beloning', spec: 'gelijkwaardige-beloning.json', title: 'SETU API for Inquiry Pay Equity', operation: 'create-inquiry-pay-equity'},
];

const operationIds = (specFile: string): string[] => {
  const spec = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../specs', specFile), 'utf8'));
  return Object.values(spec.paths as Record<string, Record<string, {operationId?: string}>>).flatMap((item) =>
    Object.values(item).flatMap((op) => (op && typeof op === 'object' && op.operationId ? [op.operationId] : [])),
  );
};

for (const api of apis) {
  test(`/docs/api/${api.id} is titled "${api.title}" and links to all its operations`, async ({page}) => {
    const response = await page.goto(`/docs/api/${api.id}`);
    expect(response!.status()).toBe(200);
    await expect(page).toHaveTitle(`${api.title} | SETU`);
    await expect(page.getByRole('heading', {level: 1})).toHaveText(api.title);
    const ids = operationIds(api.spec);
    expect(ids.length).toBeGreaterThan(7);
    const main = page.locator('main');
    for (const id of ids) await expect(main.locator(`a[href="/docs/api/${api.id}/${id}"]`).first()).toBeAttached();
    await expect(main.locator(`a[href="/docs/specs/${api.spec}"]`).first()).toBeAttached();
    await expect(main.locator('a[href="/docs/validator"]').first()).toBeAttached();
    const spec = await page.request.get(`/docs/specs/${api.spec}`);
    expect(spec.status()).toBe(200);
    expect((await spec.json()).openapi).toBe('3.0.2');
  });

  for (const mode of ['light', 'dark'] as const) {
    test(`${api.operation} renders parameters, body schema and responses (${mode})`, async ({page}) => {
      await page.addInitScript((m) => localStorage.setItem('theme', m), mode);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`/docs/api/${api.id}/${api.operation}`);
      // Operation pages are heavy; interact only once React has taken over.
      await hydrated(page, 60_000);
      await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
      await expect(page.getByRole('heading', {level: 1})).toBeVisible();
      await expect(page.locator('.openapi__method-endpoint')).toContainText('POST');
      // The endpoint line names the spec's first server (its {apiHost} variable's default) before the samples open.
      await expect(page.locator('.openapi__method-endpoint')).toContainText(/https:\/\/[a-z.-]+\/[a-z-]+/);
      const main = page.locator('main');
      const parameters = main.locator('.openapi-left-panel__container');
      await expect(parameters.getByText('setuVersionId', {exact: true}).first()).toBeVisible({timeout: 30_000});
      await expect(parameters.getByText('Content-Type', {exact: true}).first()).toBeVisible();
      await expect(main.getByRole('heading', {name: /Body/}).first()).toBeVisible();
      await expect(main.getByRole('heading', {name: /Responses/}).first()).toBeVisible();
      for (const code of ['201', '400', '500']) await expect(main.getByRole('tab', {name: code}).first()).toBeAttached();
      // Hidden tabs render when chosen (src/components/withLazyTabs.tsx): the 400 tab shows the error object.
      await main.getByRole('tab', {name: '400'}).first().click();
      await expect(main.locator('[role="tabpanel"]:visible', {hasText: 'description'}).first()).toBeVisible();
      // Request samples load only when asked for (src/theme/ApiExplorer): no tab before the click.
      await expect(main.getByRole('tab', {name: 'curl', exact: true})).toHaveCount(0);
      await main.getByRole('button', {name: 'Show request samples'}).click();
      // Request samples: curl and other languages, with the real headers and an example body.
      for (const language of ['curl', 'python', 'javascript', 'java', 'csharp']) {
        await expect(main.getByRole('tab', {name: language, exact: true})).toBeAttached();
      }
      await main.getByRole('tab', {name: 'curl', exact: true}).click();
      const sample = main.locator('.openapi-explorer__code-block-code, pre.language-bash code').first();
      await expect(sample).toContainText('setuVersionId');
      await expect(sample).toContainText('2.0');
      await expect(sample).toContainText('Content-Type');
      expect(errors).toEqual([]);
    });
  }
}

test('request samples load only when opened, and stay open on later operation pages', async ({page}) => {
  // The request-sample code (postman-collection and postman-code-generators) is one chunk of several MB.
  const scripts: {url: string; bytes: number}[] = [];
  page.on('response', async (response) => {
    if (response.url().endsWith('.js')) scripts.push({url: response.url(), bytes: (await response.body().catch(() => Buffer.alloc(0))).length});
  });
  const largest = () => Math.max(0, ...scripts.map((s) => s.bytes));
  await page.goto('/docs/api/p2p/create-timecard');
  await hydrated(page, 60_000);
  await page.waitForLoadState('networkidle');
  expect(largest(), scripts.map((s) => `${s.url} ${s.bytes}`).join('\n')).toBeLessThan(1_000_000);
  const show = page.getByRole('button', {name: 'Show request samples'});
  await expect(show).toBeVisible();
  await show.click();
  await expect(page.getByRole('tab', {name: 'curl', exact: true})).toBeVisible({timeout: 30_000});
  expect(largest()).toBeGreaterThan(1_000_000);
  // The choice is remembered: the next operation page opens its samples without a click.
  await page.goto('/docs/api/planning/create-planning-request');
  await expect(page.getByRole('tab', {name: 'curl', exact: true})).toBeVisible({timeout: 30_000});
  await expect(page.getByRole('button', {name: 'Show request samples'})).toHaveCount(0);
});

test('generated operation pages match the specs one to one', async ({request}) => {
  const sitemap = await (await request.get('/docs/sitemap.xml')).text();
  for (const api of apis) {
    const pages = [...sitemap.matchAll(new RegExp(`/docs/api/${api.id}/([a-z0-9-]+)</loc>`, 'g'))].map((m) => m[1]);
    for (const id of operationIds(api.spec)) expect(pages, `${api.id}/${id} missing`).toContain(id);
  }
});
