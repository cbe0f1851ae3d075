import fs from 'node:fs';
import path from 'node:path';
import type {Page} from '@playwright/test';
import {test, expect} from './fixtures';
import {chooseVersion, consoleErrors, contentPages, hydrated, navbarProblems} from './pages';
import {servedPage, textOf} from './served-html';
import {apis as registry} from '../../src/data/registry.mjs';

// Inquiry Pay Equity is documented in two versions: v2.0, the current release, under /docs/gelijkwaardige-beloning/2.0/,
// and v1.0 at the routes it always had. Every v1.0 page says that v2.0 is current and links the same page there; the
// navbar's version switch leads to the same page in the other version, for the documentation and the API reference.

const v1Pages = contentPages.filter(
  (p) => p.route.startsWith('/docs/gelijkwaardige-beloning/') && !p.route.startsWith('/docs/gelijkwaardige-beloning/2.0/'),
);
const v2Pages = contentPages.filter((p) => p.route.startsWith('/docs/gelijkwaardige-beloning/2.0/'));
const v2Routes = new Set(v2Pages.map((p) => p.route));
const inV2 = (route: string) => route.replace('/docs/gelijkwaardige-beloning/', '/docs/gelijkwaardige-beloning/2.0/');

/** The H1 each v1.0 page had before v2.0 was added: the routes keep their content. */
const h1Of = (file: string) => {
  const source = fs.readFileSync(path.resolve(__dirname, '../..', file), 'utf8');
  return (/^# (.+)$/m.exec(source)?.[1] ?? /^title:\s*(.+)$/m.exec(source)?.[1] ?? '').replace(/^["']|["']$/g, '').trim();
};

test('the v1.0 pages keep their routes and have v2.0 counterparts beside them', () => {
  expect(v1Pages.map((p) => p.route).sort()).toEqual(
    ['', 'examples', 'public-consultation', 'scenarios', 'sequence-diagrams', 'usage-notes/conditions', 'usage-notes/rates']
      .map((r) => `/docs/gelijkwaardige-beloning/${r}`)
      .sort(),
  );
  expect(v2Pages.length).toBeGreaterThanOrEqual(7);
});

// The notices are rendered on the server: their text and links are in the HTML it sends.
for (const {route, file} of v1Pages) {
  test(`${route} keeps its v1.0 content and says that v2.0 is the current release`, async ({request}) => {
    const $ = await servedPage(request, route);
    expect(textOf($('article h1').first())).toBe(h1Of(file));
    const notice = $('article .theme-admonition').first();
    expect(textOf(notice)).toContain('You are reading Inquiry Pay Equity v1.0');
    expect(textOf(notice)).toContain('Inquiry Pay Equity v2.0 is the current release');
    const link = notice.find('a');
    expect(link).toHaveLength(1);
    const same = v2Routes.has(inV2(route));
    expect(textOf(link)).toBe(same ? 'Read this page in v2.0' : 'Go to the documentation of v2.0');
    expect(link.attr('href')).toBe(same ? inV2(route) : '/docs/gelijkwaardige-beloning/2.0/');
  });
}

test('v2.0 pages carry no such notice, and name their version in the browser tab', async ({request}) => {
  for (const {route} of v2Pages.slice(0, 3)) {
    const $ = await servedPage(request, route);
    expect($('body').text(), route).not.toContain('You are reading Inquiry Pay Equity');
    expect($('title').text(), route).toMatch(/v2\.0/);
  }
});

/** The navbar's version switch, by its accessible name: the standard, the version, and what it does. */
const switchButton = (page: Page) => page.getByRole('button', {name: /^Inquiry Pay Equity v\d+\.\d+: switch version$/});

/** Opens the navbar's version switch and chooses a version. */
const switchTo = (page: Page, version: string, expected: string) =>
  chooseVersion(page, switchButton(page), ['Inquiry Pay Equity v2.0 (current)', 'Inquiry Pay Equity v1.0'], version, expected);

// In the order a reader could follow them: each switch starts on the page the previous one led to, or one click away
// from it in the sidebar (a link of the page, followed in the browser as a reader does, instead of loading the page).
const switches = [
  {
    from: '/docs/gelijkwaardige-beloning/usage-notes/rates',
    shown: 'v1.0',
    to: '2.0',
    expected: '/docs/gelijkwaardige-beloning/2.0/usage-notes/rates',
  },
  {
    from: '/docs/gelijkwaardige-beloning/2.0/usage-notes/rates',
    shown: 'v2.0',
    to: '1.0',
    expected: '/docs/gelijkwaardige-beloning/usage-notes/rates',
  },
  {
    from: '/docs/gelijkwaardige-beloning/usage-notes/conditions',
    shown: 'v1.0',
    to: '2.0',
    expected: '/docs/gelijkwaardige-beloning/2.0/usage-notes/conditions',
  },
  {from: '/docs/gelijkwaardige-beloning/2.0/release-notes', shown: 'v2.0', to: '1.0', expected: '/docs/gelijkwaardige-beloning/'},
  {from: '/docs/gelijkwaardige-beloning/public-consultation', shown: 'v1.0', to: '2.0', expected: '/docs/gelijkwaardige-beloning/2.0/'},
  {
    from: '/docs/gelijkwaardige-beloning/2.0/sequence-diagrams',
    shown: 'v2.0',
    to: '1.0',
    expected: '/docs/gelijkwaardige-beloning/sequence-diagrams',
  },
  {from: '/docs/api/gelijkwaardige-beloning', shown: 'v1.0', to: '2.0', expected: '/docs/api/gelijkwaardige-beloning/2.0'},
  {
    from: '/docs/api/gelijkwaardige-beloning/2.0/get-inquiry-pay-equity',
    shown: 'v2.0',
    to: '1.0',
    expected: '/docs/api/gelijkwaardige-beloning/get-inquiry-pay-equity',
  },
];

/** Goes to `route`: nowhere if the page is there, by a link of the page's sidebar where it has one, else by loading it. */
async function goTo(page: Page, route: string): Promise<void> {
  if (new URL(page.url()).pathname === route) return;
  const link = page.locator(`.theme-doc-sidebar-container a[href="${route}"]`).first();
  if ((await link.count()) === 0) {
    await page.goto(route);
    return;
  }
  await link.click();
  await page.waitForURL((url) => url.pathname === route);
}

test('the version switch leads to the same page in the other version and keeps the section', async ({page}) => {
  test.setTimeout((switches.length + 1) * 15_000); // the time of the tests it replaces, a fourth of it each
  await test.step('the version switch keeps the section the reader is in', async () => {
    await page.goto('/docs/gelijkwaardige-beloning/usage-notes/rates#period');
    await hydrated(page);
    const dropdown = page.locator('.navbar__item.dropdown', {has: switchButton(page)});
    await dropdown.hover();
    await expect(dropdown.locator('.dropdown__menu a', {hasText: 'v2.0'})).toHaveAttribute(
      'href',
      '/docs/gelijkwaardige-beloning/2.0/usage-notes/rates#period',
    );
  });
  for (const {from, shown, to, expected} of switches) {
    await test.step(`the version switch on ${from} (${shown}) leads to ${expected}`, async () => {
      await goTo(page, from);
      await expect(switchButton(page)).toHaveText(`Inquiry Pay Equity ${shown}`, {useInnerText: true});
      await switchTo(page, to, expected);
      await expect(switchButton(page)).toHaveText(`Inquiry Pay Equity v${to}`, {useInnerText: true});
      if (to === '2.0') await expect(page.getByText('You are reading Inquiry Pay Equity')).toHaveCount(0);
    });
  }
});

// The version chosen in the switch is remembered in local storage (src/hooks/preferred-version.ts), under the key of
// the standard in the form of Docusaurus' own `docs-preferred-version-<plugin>`; version-neutral links follow it.
const preferredKey = 'docs-preferred-version-inquiry-pay-equity';

// The steps follow one reader: each starts from the choice the previous one left, or stores the one it needs on the
// page it is on (local storage belongs to the site, so the next page load reads it) instead of loading a page twice.
test('the chosen version is remembered', async ({page}) => {
  test.setTimeout(6 * 20_000); // six former tests, a third of their time each
  const errors = consoleErrors(page);
  const homeLink = () => page.locator('article').getByRole('link', {name: 'Inquiry Pay Equity', exact: true});
  const stored = () => page.evaluate((key) => localStorage.getItem(key), preferredKey);
  const store = (version: string) => page.evaluate(([key, value]) => localStorage.setItem(key, value), [preferredKey, version]);
  /** Opens `route` as a reader who chose v1.0 earlier. */
  const openHavingChosenV1 = async (route: string) => {
    await store('1.0');
    await page.goto(route);
    await hydrated(page);
  };
  const notFoundLinks = () => page.locator('main ul a[href*="gelijkwaardige-beloning"]');
  const homeLeadsTo = async (href: string) => {
    await page.goto('/docs/');
    await hydrated(page);
    await expect(homeLink()).toHaveAttribute('href', href);
  };

  await test.step('without a choice, the home page and the 404 page lead to the current version', async () => {
    await homeLeadsTo('/docs/gelijkwaardige-beloning/2.0/');
    await page.goto('/docs/no/such/page');
    await hydrated(page);
    await expect(notFoundLinks().first()).toHaveAttribute('href', '/docs/gelijkwaardige-beloning/2.0/');
    expect(await stored()).toBeNull();
  });

  await test.step('a version chosen with the keyboard is stored, and the home page and the 404 page lead to it', async () => {
    await page.goto('/docs/gelijkwaardige-beloning/2.0/scenarios');
    await hydrated(page);
    const button = switchButton(page);
    await button.focus();
    await page.keyboard.press('Enter');
    const v1 = page.locator('.navbar .dropdown__menu a', {hasText: 'Inquiry Pay Equity v1.0'});
    for (let i = 0; i < 4 && !(await v1.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(v1).toBeFocused();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/docs/gelijkwaardige-beloning/scenarios');
    expect(await stored()).toBe('1.0');

    // A fresh load: the server's HTML names the current version, the hydrated page the chosen one, without a mismatch.
    await homeLeadsTo('/docs/gelijkwaardige-beloning/');
    await homeLink().click();
    await page.waitForURL((url) => url.pathname === '/docs/gelijkwaardige-beloning/');
    await expect(page.locator('article h1').first()).toHaveText(h1Of('docs/gelijkwaardige-beloning/index.mdx'));

    await page.goto('/docs/no/such/page');
    await hydrated(page);
    const links = notFoundLinks();
    await expect(links.first()).toHaveAttribute('href', '/docs/gelijkwaardige-beloning/');
    await expect(links.first()).toHaveText('Inquiry Pay Equity v1.0');
    // The other version stays one click away, and the reference suggestion follows the choice too.
    await expect(links.nth(1)).toHaveAttribute('href', '/docs/gelijkwaardige-beloning/2.0/');
    await expect(links.nth(2)).toHaveAttribute('href', '/docs/api/gelijkwaardige-beloning');
  });

  await test.step('choosing the current version again replaces the choice', async () => {
    await openHavingChosenV1('/docs/gelijkwaardige-beloning/usage-notes/rates');
    await switchTo(page, '2.0', '/docs/gelijkwaardige-beloning/2.0/usage-notes/rates');
    expect(await stored()).toBe('2.0');
    // That the home page then leads to v2.0 (a fresh load with 2.0 stored) is the last check of the next step.
  });

  await test.step("the version notice's link remembers the version it leads to, as the switch does", async () => {
    // On a v1.0 page, the reader follows the notice's link to the same page in v2.0.
    await openHavingChosenV1('/docs/gelijkwaardige-beloning/usage-notes/rates');
    await page.locator('article .theme-admonition').first().getByRole('link', {name: 'Read this page in v2.0'}).click();
    await page.waitForURL((url) => url.pathname === '/docs/gelijkwaardige-beloning/2.0/usage-notes/rates');
    expect(await stored()).toBe('2.0');
    await homeLeadsTo('/docs/gelijkwaardige-beloning/2.0/');
  });

  await test.step("the API reference notice's link, followed with the keyboard, remembers the version too", async () => {
    await openHavingChosenV1('/docs/api/gelijkwaardige-beloning/get-inquiry-pay-equity');
    await page.locator('article .theme-admonition').first().getByRole('link', {name: 'Go to the API reference of v2.0'}).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/docs/api/gelijkwaardige-beloning/2.0');
    expect(await stored()).toBe('2.0');
  });

  await test.step('a stored version the registry does not know is ignored', async () => {
    await store('9.9');
    await homeLeadsTo('/docs/gelijkwaardige-beloning/2.0/');
  });

  expect(errors.filter((e) => /hydrat|did not match|Minified React error #(418|423|425)/i.test(e))).toEqual([]);
});

// The switch's meaning changes with the section, so its label names the standard: in the navbar its name above the
// version (its short name from the registry between 997 and 1279 px, where the navbar has little room), in the mobile
// menu on one line. Its accessible name holds the visible label (WCAG 2.5.3) and says what it does.
test.describe('the version switch names the standard', () => {
  const pages = [
    {route: '/docs/gelijkwaardige-beloning/2.0/release-notes', standard: 'Inquiry Pay Equity', version: '2.0'},
    {route: '/docs/planning/FAQ', standard: 'Planning and Scheduling', version: '1.0'},
  ];
  for (const {route, standard, version} of pages) {
    const short = registry.find((a) => a.standard === standard)!.standardShortName!;
    // The navbar follows the width through CSS (and React's mobile/desktop switch on resize): one load, then one
    // resize per width.
    test(`on ${route}, in the navbar from 997 to 1920 px and in the mobile menu`, async ({page}) => {
      await page.goto(route);
      await hydrated(page);
      await test.step('in the navbar from 997 to 1920 px', async () => {
        const button = page.getByRole('button', {name: `${standard} v${version}: switch version`, exact: true});
        for (const width of [997, 1100, 1151, 1200, 1279, 1280, 1366, 1400, 1440, 1500, 1501, 1536, 1599, 1600, 1700, 1920]) {
          await page.setViewportSize({width, height: 700});
          await expect(button, `at ${width} px`).toBeVisible();
          // Messages beside it, nothing overlapping (the switch names the standard: its widest label is on these pages).
          expect(await navbarProblems(page), `at ${width} px`).toEqual([]);
          await expect(button, `at ${width} px`).toHaveText(`${width < 1280 ? short : standard} v${version}`, {useInnerText: true});
          // Both lines inside the navbar.
          const [box, bar] = await Promise.all([button.boundingBox(), page.locator('nav.navbar').boundingBox()]);
          expect(box!.y, `at ${width} px`).toBeGreaterThanOrEqual(bar!.y);
          expect(box!.y + box!.height, `at ${width} px`).toBeLessThanOrEqual(bar!.y + bar!.height);
        }
      });

      await test.step('in the mobile menu', async () => {
        await page.setViewportSize({width: 360, height: 700});
        await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
        // On a docs page the menu opens on the sidebar; the navbar's items are one step back.
        await page.getByRole('button', {name: /Back to main menu/}).click();
        const item = page.locator('.navbar-sidebar').getByRole('button', {name: `${standard} v${version}: switch version`, exact: true});
        await expect(item).toBeInViewport();
        await expect(item).toHaveText(`${standard} v${version}`, {useInnerText: true});
        // Within the menu's width (it wraps like the menu's other items), nothing cut off.
        const [box, menu] = await Promise.all([item.boundingBox(), page.locator('.navbar-sidebar').boundingBox()]);
        expect(box!.x + box!.width).toBeLessThanOrEqual(menu!.x + menu!.width);
        expect(await item.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
      });
    });
  }

  test('every standard in several versions has one short name for all of them', () => {
    for (const standard of new Set(registry.map((a) => a.standard))) {
      const versions = registry.filter((a) => a.standard === standard);
      if (versions.length < 2) continue;
      const names = new Set(versions.map((a) => a.standardShortName));
      expect(names.size, standard).toBe(1);
      expect([...names][0], standard).toMatch(/\S/);
    }
  });
});

test('the registry lists Inquiry Pay Equity v2.0 as current and v1.0 as previous', () => {
  const payEquity = registry.filter((a) => a.standard === 'Inquiry Pay Equity').map((a) => [a.version, a.status]);
  expect(payEquity).toEqual([
    ['2.0', 'current'],
    ['1.0', 'previous'],
  ]);
});
