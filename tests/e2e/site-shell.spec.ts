import type {Page} from '@playwright/test';
import {test, expect} from './fixtures';
import {consoleErrors, hydrated, navbarProblems} from './pages';
import {servedPage, textOf} from './served-html';

// The site shell: titles, navbar, colour mode, announcement bar, sidebar,
// mobile menu, skip link, table of contents, footer, not-found page, URL normalisation.
// What the server's HTML holds (titles, attributes, link targets, the footer, the table of contents) is read from it;
// behaviour is tested in the browser, with the tests of one page sharing its load as steps.

const announcementKeys = {id: 'docusaurus.announcement.id', dismiss: 'docusaurus.announcement.dismiss'};

const footerTitles = ['Standards', 'API reference', 'Usage notes', 'SETU'];

async function theme(page: Page) {
  return page.locator('html').getAttribute('data-theme');
}

test.describe('page basics', () => {
  test('titles are "Page | SETU", html is lang=en dir=ltr, nothing is noindex', async ({request}) => {
    const $ = await servedPage(request, '/docs/planning/FAQ');
    expect($('title').text()).toMatch(/^.+ \| SETU$/);
    expect($('html').attr('lang')).toBe('en');
    expect($('html').attr('dir')).toBe('ltr');
    expect($('meta[name="robots"][content*="noindex"]')).toHaveLength(0);
    expect((await servedPage(request, '/docs/'))('title').text()).toBe('Introduction | SETU');
  });

  test('the footer has the link columns and the fixed copyright', async ({request}) => {
    // That the columns are visible is checked in the browser, in "the home page: colour mode, announcement bar, footer".
    const footer = (await servedPage(request, '/docs/'))('footer');
    expect(textOf(footer.find('.footer__copyright'))).toBe('Copyright © 2025 SETU');
    const titles = footer
      .find('.footer__title')
      .map((_, el) => textOf(footer.find(el)))
      .get();
    for (const title of footerTitles) expect(titles).toContain(title);
    const planning = footer.find('a').filter((_, a) => textOf(footer.find(a)) === 'Planning and Scheduling v1.0');
    expect(planning).toHaveLength(1);
    expect(planning.attr('href')).toBe('/docs/planning/');
  });

  test('"Edit this page" links point at the repository and pages show a last-updated date', async ({request}) => {
    const $ = await servedPage(request, '/docs/planning/FAQ');
    const edit = $('a').filter((_, a) => /Edit this page/.test($(a).text()));
    expect(edit).toHaveLength(1);
    expect(edit.attr('href')).toBe('https://github.com/setu-standards/documentation/edit/main/docs/planning/FAQ.mdx');
    expect(textOf($('.theme-last-updated'))).toMatch(/Last updated/);
  });

  test('the table of contents lists heading levels 2 and 3 only', async ({request}) => {
    const $ = await servedPage(request, '/docs/purchase-to-pay-v2/usage-notes/Pay-rates');
    const ids = (selector: string) =>
      $(selector)
        .map((_, el) => $(el).attr('id'))
        .get();
    const headings = ids('article .markdown:first h2[id], article .markdown:first h3[id]');
    const toc = $('.table-of-contents');
    expect(toc, 'one table of contents (the wide-screen one) in the HTML').toHaveLength(1);
    const tocLinks = toc
      .find('a')
      .map((_, a) => $(a).attr('href')!.slice(1))
      .get();
    expect(headings.length).toBeGreaterThan(2);
    expect(tocLinks).toEqual(headings);
    for (const id of ids('article h4[id]')) expect(tocLinks).not.toContain(id);
  });
});

test.describe('navbar', () => {
  test('has the logo, the documentation link and the three external links', async ({request}) => {
    const $ = await servedPage(request, '/docs/planning/');
    const navbar = $('nav.navbar');
    expect(navbar.find('.navbar__logo img').first().attr('src')).toMatch(/logo/);
    // A link of SETU's other sites is in the HTML twice: as a link and in the dropdown that holds them at some widths.
    const hrefOf = (name: string) => {
      const hrefs = new Set(
        navbar
          .find('a')
          .filter((_, a) => textOf($(a)) === name)
          .map((_, a) => $(a).attr('href'))
          .get(),
      );
      expect([...hrefs], name).toHaveLength(1);
      return [...hrefs][0];
    };
    expect(hrefOf('Documentation')).toBe('/docs/');
    expect(hrefOf('SETU website')).toBe('https://www.setu.nl');
    expect(hrefOf('Standards portal')).toBe('https://setu.semantic-treehouse.nl');
    expect(hrefOf('GitHub')).toBe('https://github.com/setu-standards');
  });

  // One load of the FAQ page: the navbar and the layout follow the width through CSS, and React's switch between the
  // wide-screen and the phone layout follows a resize, so each width is one resize of the same page.
  test('on a docs page: language, skip link, the navbar at every width, the sidebar and the mobile menu', async ({page}) => {
    test.setTimeout(120_000); // six former tests, each with a page load
    await page.goto('/docs/planning/FAQ?x=1#top');
    await hydrated(page);

    await test.step('has a language dropdown (EN) that keeps path, query and hash', async () => {
      const dropdown = page.locator('.navbar__item.dropdown:has(a[lang="en"])');
      await dropdown.hover();
      const en = dropdown.locator('.dropdown__menu a', {hasText: 'EN'});
      await expect(en).toHaveAttribute('href', /\/docs\/planning\/FAQ\?x=1#top$/);
      await expect(en).toHaveAttribute('lang', 'en');
      await page.mouse.move(0, 400);
    });

    await test.step('the skip link is the first focus stop and moves focus to the content', async () => {
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', {name: 'Skip to main content'});
      await expect(skip).toBeFocused();
      await page.keyboard.press('Enter');
      // The next Tab lands inside the main content, past the navbar and the sidebar.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
    });

    // Messages and the version switch among them, SETU's other sites as links or (997–1599 px) in their dropdown.
    for (const width of [997, 1100, 1151, 1279, 1280, 1350, 1366, 1440, 1500, 1501, 1536, 1599, 1600, 1700, 1920]) {
      await test.step(`at ${width}px every item is shown, on one line, and none overlaps the next`, async () => {
        await page.setViewportSize({width, height: 700});
        expect(await navbarProblems(page)).toEqual([]);
      });
    }

    await test.step('desktop (997px): the docs sidebar is shown, 300px wide, and cannot be hidden', async () => {
      await page.setViewportSize({width: 997, height: 800});
      const sidebar = page.locator('.theme-doc-sidebar-container');
      await expect(sidebar).toBeVisible();
      expect(Math.round((await sidebar.boundingBox())!.width)).toBe(300);
      await expect(page.getByRole('button', {name: 'Collapse sidebar', exact: true})).toHaveCount(0);
      await expect(page.locator('.navbar__toggle')).toBeHidden();
    });

    await test.step('mobile (995px): the menu opens, closes on navigation and when the viewport becomes desktop-sized', async () => {
      await page.setViewportSize({width: 995, height: 800});
      await expect(page.locator('.theme-doc-sidebar-container')).toBeHidden();
      const toggle = page.getByRole('button', {name: 'Toggle navigation bar'});
      await toggle.click();
      const menu = page.locator('.navbar-sidebar');
      await expect(menu).toBeVisible();
      await menu.getByRole('link', {name: 'Introduction', exact: true}).click();
      await expect(page).toHaveURL(/\/docs\/$/);
      await expect(page.locator('.navbar-sidebar--show')).toHaveCount(0);
      await toggle.click();
      await expect(page.locator('.navbar-sidebar--show')).toHaveCount(1);
      await page.setViewportSize({width: 1200, height: 800});
      await expect(page.locator('.navbar-sidebar--show')).toHaveCount(0);
    });
  });

  test('on the pages of a standard documented in one version: no version switch; the navbar hides on scroll down', async ({page}) => {
    await page.goto('/docs/purchase-to-pay-v2/SequenceDiagrams');
    const navbar = page.locator('nav.navbar');
    await expect(navbar).toBeInViewport();
    await hydrated(page);

    await test.step('shows no version switch on the pages of a standard documented in one version', async () => {
      await expect(navbar.getByRole('button', {name: /version/i})).toHaveCount(0);
      await expect(page.locator('nav.navbar .dropdown__menu a', {hasText: /\bv\d+\.\d+\b/})).toHaveCount(0);
    });

    await test.step('hides on scroll down and comes back on scroll up', async () => {
      // Docusaurus hides the navbar on the second downward scroll event past its height: two scrolls, one after the other.
      await page.mouse.wheel(0, 400);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThanOrEqual(300);
      await page.mouse.wheel(0, 1200);
      await expect.poll(async () => (await navbar.boundingBox())!.y).toBeLessThan(0);
      await page.mouse.wheel(0, -300);
      await expect.poll(async () => (await navbar.boundingBox())!.y).toBe(0);
    });
  });
});

// The home page's shell in one load and its reloads. The site follows the system's colour scheme while the reader has
// not chosen (emulated here, instead of a context of its own per scheme).
test('the home page: colour mode, announcement bar, footer, route progress bar', async ({page}) => {
  test.setTimeout(120_000); // five former tests
  await page.goto('/docs/');
  // Light by default: the system's preference is light (as Playwright emulates it unless told otherwise).
  expect(await theme(page)).toBe('light');
  await hydrated(page);

  await test.step('the footer columns are visible', async () => {
    const footer = page.locator('footer');
    for (const title of footerTitles) await expect(footer.locator('.footer__title', {hasText: title})).toBeVisible();
  });

  await test.step('follows the system preference while the reader has not chosen', async () => {
    await page.emulateMedia({colorScheme: 'dark'});
    await expect.poll(() => theme(page)).toBe('dark');
    // Loaded with the dark preference, the page starts dark.
    await page.reload();
    expect(await theme(page)).toBe('dark');
    await hydrated(page);
    await page.emulateMedia({colorScheme: 'light'});
    await expect.poll(() => theme(page)).toBe('light');
  });

  await test.step('the choice is kept under the storage key "theme"', async () => {
    // The switch cycles system -> light -> dark; the reader's choice is stored.
    const toggle = page.getByRole('button', {name: /Switch between dark and light mode/});
    for (let i = 0; i < 3 && (await theme(page)) !== 'dark'; i++) await toggle.click();
    await expect.poll(() => theme(page)).toBe('dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.reload();
    expect(await theme(page)).toBe('dark');
    await hydrated(page);
  });

  await test.step('the announcement bar can be dismissed, stays dismissed after reload, and returns when its id changes', async () => {
    const bar = page.locator('.theme-announcement-bar');
    await expect(bar).toContainText('Inquiry Pay Equity 2.0 (and 1.0, still in production)');
    await bar.getByRole('button', {name: 'Close'}).click();
    await expect(bar).toHaveCount(0);
    await page.reload();
    await expect(page.locator('.theme-announcement-bar')).toHaveCount(0);
    // A new announcement ships with a new id: the stored dismissal no longer applies.
    await page.evaluate((keys) => localStorage.setItem(keys.id, 'an-older-announcement'), announcementKeys);
    await page.reload();
    await expect(page.locator('.theme-announcement-bar')).toBeVisible();
    await hydrated(page);
  });

  await test.step('a route progress bar shows while a slow navigation loads', async () => {
    await page.route('**/assets/js/**', async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    await page.locator('.theme-doc-sidebar-container').getByRole('link', {name: 'API documentation'}).click();
    await expect(page.locator('#nprogress')).toBeAttached();
    await expect(page).toHaveURL(/\/docs\/api\/$/);
  });
});

test.describe('start-up (patches/@docusaurus+core+3.10.2.patch)', () => {
  test('a docs page evaluates the routes and the app after the bundle, in tasks of their own', async ({page}) => {
    // Recorded from the page's first script: what the bundle's own task has done when its load event fires (a script's
    // load event follows its execution in the same task).
    await page.addInitScript(() => {
      const record = {atBundleLoad: null as null | {docusaurus: boolean; hydrated: boolean}};
      (window as unknown as {startUp: typeof record}).startUp = record;
      const starting = () => document.documentElement.getAttribute('data-has-hydrated') !== 'true';
      new MutationObserver((mutations) => {
        for (const added of mutations.flatMap((m) => Array.from(m.addedNodes)))
          if (added instanceof HTMLScriptElement && /\/main\.[^/]*\.js$/.test(added.src))
            added.addEventListener('load', () => {
              record.atBundleLoad = {
                docusaurus: 'docusaurus' in window,
                hydrated: !starting(),
              };
            });
      }).observe(document, {childList: true, subtree: true});
    });
    const errors = consoleErrors(page);
    await page.goto('/docs/gelijkwaardige-beloning/2.0/usage-notes/rates');
    await hydrated(page);
    const startUp = await page.evaluate(() => (window as unknown as {startUp: unknown}).startUp);
    expect(startUp).toEqual({atBundleLoad: {docusaurus: false, hydrated: false}});
    expect(await page.evaluate(() => typeof (window as unknown as {docusaurus?: {prefetch?: unknown}}).docusaurus?.prefetch)).toBe(
      'function',
    );
    expect(errors).toEqual([]);
  });
});

test.describe('addresses', () => {
  test('not-found page, .html addresses and the old address of a page, in the browser', async ({page, request}) => {
    test.setTimeout(90_000); // four former tests, each with a page load
    await test.step('an unknown path answers 404 with a helpful not-found page that lists the pages of similar address', async () => {
      const response = await page.goto('/docs/planing/faq');
      expect(response!.status()).toBe(404);
      await expect(page.getByRole('heading', {level: 1})).toHaveText('Page not found');
      // Every page's mistyped addresses are ranked in tests/e2e/not-found/; here the list shows, once hydrated.
      await expect(page.getByTestId('closest-pages').getByRole('link').first()).toHaveAttribute('href', '/docs/planning/FAQ');
      const main = page.locator('main');
      for (const href of [
        '/docs/purchase-to-pay-v2/',
        '/docs/planning/',
        '/docs/gelijkwaardige-beloning/',
        '/docs/api/',
        '/docs/api/p2p',
      ]) {
        await expect(main.locator(`a[href="${href}"]`)).toBeVisible();
      }
    });

    // The page's HTML is served for these addresses; once hydrated, Docusaurus' router must still show the page.
    const title = textOf((await servedPage(request, '/docs/planning/FAQ'))('h1').first());
    for (const suffix of ['.html', '/index.html']) {
      await test.step(`"/docs/planning/FAQ${suffix}" shows the FAQ page`, async () => {
        await page.goto(`/docs/planning/FAQ${suffix}`);
        await hydrated(page);
        await expect(page.getByRole('heading', {level: 1})).toHaveText(title);
        await expect(page.getByRole('heading', {name: 'Page not found'})).toHaveCount(0);
      });
    }

    // Every old address is checked by request (tests/e2e/reference-site-redirects/); here the redirect runs in Chromium.
    await test.step("the reference site's address of the pay equity sequence diagrams redirects to them", async () => {
      await page.goto('/docs/gelijkwaardige-beloning/sequence%20diagrams/');
      await expect(page).toHaveURL(/\/docs\/gelijkwaardige-beloning\/2\.0\/sequence-diagrams$/);
    });
  });

  test('the sitemap lists every page under /docs/', async ({request}) => {
    const xml = await (await request.get('/docs/sitemap.xml')).text();
    const urls = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    expect(urls.length).toBeGreaterThan(100);
    for (const url of urls) expect(url.startsWith('/docs/')).toBe(true);
    for (const page of ['/docs/', '/docs/api/p2p/create-timecard', '/docs/planning/FAQ', '/docs/gelijkwaardige-beloning/examples']) {
      expect(urls.some((u) => u.replace(/\/$/, '') === page.replace(/\/$/, ''))).toBe(true);
    }
  });
});
