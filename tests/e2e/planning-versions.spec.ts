import type {Page} from '@playwright/test';
import {test, expect} from './fixtures';
import {hydrated} from './pages';
import {open, result, input, failOnPageProblems, loadExample} from './validator-page';

// Planning and Scheduling in two versions of another kind than pay equity's: the published API references v1.0, and
// v2.0 is a published message model without an API. The notice on each version's pages says which is which (never
// just "current"), the navbar's switch leads between them both ways, the API reference has no switch (only v1.0 has
// one), and the validator names the version of a planning message.

failOnPageProblems();

// Its accessible name names the standard and the version, and what the control does.
const switchButton = (page: Page) => page.getByRole('button', {name: /^Planning and Scheduling v\d+\.\d+: switch version$/});

/** Opens the navbar's version switch and chooses a version. */
async function switchTo(page: Page, version: string, expected: string): Promise<void> {
  await hydrated(page);
  const dropdown = page.locator('.navbar__item.dropdown', {has: switchButton(page)});
  await dropdown.hover();
  const items = dropdown.locator('.dropdown__menu a');
  await expect(items).toHaveText(['Planning and Scheduling v2.0 (message model)', 'Planning and Scheduling v1.0 (published API)']);
  await items.filter({hasText: `v${version}`}).click();
  await page.waitForURL((url) => url.pathname === expected);
}

test('a v1.0 page says that the published API references v1.0 and that v2.0 is the message model', async ({page}) => {
  await page.goto('/docs/planning/FAQ');
  const notice = page.locator('article .theme-admonition').first();
  await expect(notice).toContainText('You are reading Planning and Scheduling v1.0');
  await expect(notice).toContainText('v1.0 is the version the published Planning and Scheduling API references.');
  await expect(notice).toContainText('v2.0 is the published message model');
  await expect(notice).not.toContainText('current');
  await expect(notice.getByRole('link')).toHaveAttribute('href', '/docs/planning/2.0/');
});

test('a v2.0 page says that it is the message model and links v1.0', async ({page}) => {
  await page.goto('/docs/planning/2.0/');
  const notice = page.locator('article .theme-admonition').first();
  await expect(notice).toContainText('You are reading Planning and Scheduling v2.0');
  await expect(notice).toContainText('which no published API references yet. The published Planning and Scheduling API references v1.0.');
  const link = notice.getByRole('link');
  await expect(link).toHaveText('Read this page in v1.0');
  await expect(link).toHaveAttribute('href', '/docs/planning/');
});

const switches = [
  {from: '/docs/planning/', shown: 'v1.0', to: '2.0', expected: '/docs/planning/2.0/'},
  {from: '/docs/planning/scenario-1', shown: 'v1.0', to: '2.0', expected: '/docs/planning/2.0/'},
  {from: '/docs/planning/2.0/', shown: 'v2.0', to: '1.0', expected: '/docs/planning/'},
  {from: '/docs/planning/2.0/examples', shown: 'v2.0', to: '1.0', expected: '/docs/planning/'},
];

for (const {from, shown, to, expected} of switches) {
  test(`the version switch on ${from} (${shown}) leads to ${expected}`, async ({page}) => {
    await page.goto(from);
    // The label names the standard too (at 1280 px its full name, above the version).
    await expect(switchButton(page)).toHaveText(`Planning and Scheduling ${shown}`, {useInnerText: true});
    await switchTo(page, to, expected);
    await expect(switchButton(page)).toHaveText(`Planning and Scheduling v${to}`, {useInnerText: true});
  });
}

test('the planning API reference has no version switch: only v1.0 has an API', async ({page}) => {
  await page.goto('/docs/api/planning');
  await hydrated(page);
  await expect(page.locator('article h1').first()).toBeVisible();
  await expect(switchButton(page)).toHaveCount(0);
});

test('the validator offers both versions, loads the v2.0 examples and names their version, in JSON and in XML', async ({page}) => {
  await open(page);
  const options = await page
    .getByTestId('message-type')
    .locator('option')
    .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
  for (const type of ['PlanningRequest 2.0', 'PlanningRequest 1.0', 'PlanningConstraints 2.0', 'PlanningConstraints 1.0']) {
    expect(options).toContain(type);
  }
  const detected = page.getByTestId('detected-type');
  for (const form of ['json', 'xml'] as const) {
    await loadExample(page, 'PlanningRequest 2.0', form);
    await expect(result(page)).toHaveAttribute('data-valid', 'true');
    await expect(detected).toContainText('Detected as PlanningRequest 2.0');
    await expect(detected).toContainText(
      form === 'json' ? 'its structure is that of PlanningRequest 2.0' : 'the namespace of Planning and Scheduling 2.0',
    );
  }
  await loadExample(page, 'PlanningRequest 1.0', 'json');
  await expect(result(page)).toHaveAttribute('data-valid', 'true');
  await expect(detected).toContainText('Detected as PlanningRequest 1.0');
  await expect(detected).toContainText('positionProfile.positionLocation.item');
  expect(await input(page).inputValue()).toContain('"item"');
});
