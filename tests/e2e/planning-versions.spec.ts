import type {Page} from '@playwright/test';
import {test, expect} from './fixtures';
import {chooseVersion, hydrated} from './pages';
import {open, result, input, failOnPageProblems, loadExample} from './validator-page';
import {servedPage, textOf} from './served-html';

// Planning and Scheduling in two versions of another kind than pay equity's: the published API references v1.0, and
// v2.0 is a published message model without an API. The notice on each version's pages says which is which (never
// just "current"), the navbar's switch leads between them both ways, the API reference has no switch (only v1.0 has
// one), and the validator names the version of a planning message.

// Its accessible name names the standard and the version, and what the control does.
const switchButton = (page: Page) => page.getByRole('button', {name: /^Planning and Scheduling v\d+\.\d+: switch version$/});

/** The text of the first notice of a page's article, and its links. */
function textOfNotice($: Awaited<ReturnType<typeof servedPage>>) {
  const notice = $('article .theme-admonition').first();
  const links = notice
    .find('a')
    .map((_, a) => ({text: textOf($(a)), href: $(a).attr('href')}))
    .get();
  return {text: textOf(notice), links};
}

/** Opens the navbar's version switch and chooses a version. */
const switchTo = (page: Page, version: string, expected: string) =>
  chooseVersion(
    page,
    switchButton(page),
    ['Planning and Scheduling v2.0 (message model)', 'Planning and Scheduling v1.0 (published API)'],
    version,
    expected,
  );

// The notices are rendered on the server: their text and links are in the HTML it sends.
test('a v1.0 page says that the published API references v1.0 and that v2.0 is the message model', async ({request}) => {
  const notice = textOfNotice(await servedPage(request, '/docs/planning/FAQ'));
  expect(notice.text).toContain('You are reading Planning and Scheduling v1.0');
  expect(notice.text).toContain('v1.0 is the version the published Planning and Scheduling API references.');
  expect(notice.text).toContain('v2.0 is the published message model');
  expect(notice.text).not.toContain('current');
  expect(notice.links).toEqual([{text: 'Go to the documentation of v2.0', href: '/docs/planning/2.0/'}]);
});

test('a v2.0 page says that it is the message model and links v1.0', async ({request}) => {
  const notice = textOfNotice(await servedPage(request, '/docs/planning/2.0/'));
  expect(notice.text).toContain('You are reading Planning and Scheduling v2.0');
  expect(notice.text).toContain('which no published API references yet. The published Planning and Scheduling API references v1.0.');
  expect(notice.links).toEqual([{text: 'Read this page in v1.0', href: '/docs/planning/'}]);
});

// In an order where each switch starts on the page the previous one led to, or one sidebar link away: one page load
// for four switches.
const switches = [
  {from: '/docs/planning/scenario-1', shown: 'v1.0', to: '2.0', expected: '/docs/planning/2.0/'},
  {from: '/docs/planning/2.0/', shown: 'v2.0', to: '1.0', expected: '/docs/planning/'},
  {from: '/docs/planning/', shown: 'v1.0', to: '2.0', expected: '/docs/planning/2.0/'},
  {from: '/docs/planning/2.0/examples', shown: 'v2.0', to: '1.0', expected: '/docs/planning/'},
];

test.describe('in the browser, without console errors', () => {
  failOnPageProblems();

  test('the version switch leads between the versions both ways; the API reference has none', async ({page}) => {
    test.setTimeout(90_000); // five former tests
    for (const {from, shown, to, expected} of switches) {
      await test.step(`the version switch on ${from} (${shown}) leads to ${expected}`, async () => {
        if (new URL(page.url()).pathname !== from) {
          // The page's sidebar links the next start page where it can (a reader's click), else it is loaded.
          const link = page.locator(`.theme-doc-sidebar-container a[href="${from}"]`).first();
          if ((await link.count()) === 0) await page.goto(from);
          else {
            await link.click();
            await page.waitForURL((url) => url.pathname === from);
          }
        }
        // The label names the standard too (at 1280 px its full name, above the version).
        await expect(switchButton(page)).toHaveText(`Planning and Scheduling ${shown}`, {useInnerText: true});
        await switchTo(page, to, expected);
        await expect(switchButton(page)).toHaveText(`Planning and Scheduling v${to}`, {useInnerText: true});
      });
    }

    await test.step('the planning API reference has no version switch: only v1.0 has an API', async () => {
      await page.goto('/docs/api/planning');
      await hydrated(page);
      await expect(page.locator('article h1').first()).toBeVisible();
      await expect(switchButton(page)).toHaveCount(0);
    });
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
});
