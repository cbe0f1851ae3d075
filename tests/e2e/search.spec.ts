import {test, expect, type Page} from '@playwright/test';
import {hydrated} from './pages';

// Offline search: the index is built with the site and queried in the browser, under /docs/.

/** The pages the search page lists, in rank order (a page matching in several sections counts once). */
async function searchResults(page: Page, query: string): Promise<string[]> {
  await page.goto(`/docs/search?q=${encodeURIComponent(query)}`);
  const results = page.locator('article[class*="searchResultItem"] h2 a');
  await expect(results.first()).toBeVisible();
  const paths = await results.evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  return [...new Set(paths.map((p) => p.replace(/\/$/, '') || '/'))];
}

const cases = [
  {query: 'timecard', expected: (p: string) => p === '/docs/purchase-to-pay-v2/Timecard', what: 'the Purchase-to-pay Timecard page'},
  {query: 'Peppol', expected: (p: string) => p === '/docs/api/Setu-Peppol', what: 'the Peppol page'},
  {query: 'setuVersionId', expected: (p: string) => p.startsWith('/docs/api/'), what: 'an API page'},
  {
    query: 'salaryScale',
    expected: (p: string) => p.startsWith('/docs/gelijkwaardige-beloning/') || p.startsWith('/docs/api/gelijkwaardige-beloning'),
    what: 'a pay-equity page',
  },
];

for (const {query, expected, what} of cases) {
  test(`"${query}" puts ${what} in the top results`, async ({page}) => {
    const results = await searchResults(page, query);
    expect(results.slice(0, 5).some(expected), `top results for "${query}": ${results.slice(0, 5).join(', ')}`).toBe(true);
  });
}

test('the navbar search opens with the keyboard shortcut and shows page and heading of each match', async ({page}) => {
  await page.goto('/docs/planning/');
  await hydrated(page);
  const input = page.getByRole('combobox', {name: 'Search'});
  await page.keyboard.press('Control+k');
  await expect(input).toBeFocused();
  await input.fill('Peppol');
  const options = page.getByRole('option');
  await expect(options.first()).toBeVisible();
  await expect(options.first().locator('[class*="hitTitle"]')).toContainText(/Peppol/i);
  await expect(options.first().locator('[class*="hitPath"]')).not.toBeEmpty();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/docs\/api\/Setu-Peppol/);
});

test('the search index is served from the site itself', async ({page}) => {
  const external: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith('http://127.0.0.1')) external.push(r.url());
  });
  await searchResults(page, 'timecard');
  expect(external).toEqual([]);
});
