import type {Page} from '@playwright/test';
import {test, expect} from './fixtures';
import {hydrated} from './pages';

// The site shell: titles, navbar, colour mode, announcement bar, sidebar,
// mobile menu, skip link, table of contents, footer, not-found page, URL normalisation.

const announcementKeys = {id: 'docusaurus.announcement.id', dismiss: 'docusaurus.announcement.dismiss'};

async function theme(page: Page) {
  return page.locator('html').getAttribute('data-theme');
}

test.describe('page basics', () => {
  test('titles are "Page | SETU", html is lang=en dir=ltr, nothing is noindex', async ({page}) => {
    await page.goto('/docs/planning/FAQ');
    await expect(page).toHaveTitle(/^.+ \| SETU$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.locator('meta[name="robots"][content*="noindex"]')).toHaveCount(0);
    await page.goto('/docs/');
    await expect(page).toHaveTitle('Introduction | SETU');
  });

  test('the footer has the link columns and the fixed copyright', async ({page}) => {
    await page.goto('/docs/');
    const footer = page.locator('footer');
    await expect(footer.locator('.footer__copyright')).toHaveText('Copyright © 2025 SETU');
    for (const title of ['Standards', 'API reference', 'Usage notes', 'SETU']) {
      await expect(footer.locator('.footer__title', {hasText: title})).toBeVisible();
    }
    await expect(footer.getByRole('link', {name: 'Planning and Scheduling v1.0', exact: true})).toHaveAttribute('href', '/docs/planning/');
  });

  test('"Edit this page" links point at the repository and pages show a last-updated date', async ({page}) => {
    await page.goto('/docs/planning/FAQ');
    await expect(page.getByRole('link', {name: /Edit this page/})).toHaveAttribute(
      'href',
      'https://github.com/setu-standards/documentation/edit/main/docs/planning/FAQ.mdx',
    );
    await expect(page.locator('.theme-last-updated')).toContainText(/Last updated/);
  });
});

test.describe('navbar', () => {
  test('has the logo, the documentation link and the three external links', async ({page}) => {
    await page.goto('/docs/planning/');
    const navbar = page.locator('nav.navbar');
    await expect(navbar.locator('.navbar__logo img').first()).toHaveAttribute('src', /logo/);
    await expect(navbar.getByRole('link', {name: 'Documentation', exact: true})).toHaveAttribute('href', '/docs/');
    await expect(navbar.getByRole('link', {name: 'SETU website'})).toHaveAttribute('href', 'https://www.setu.nl');
    await expect(navbar.getByRole('link', {name: 'Standards portal'})).toHaveAttribute('href', 'https://setu.semantic-treehouse.nl');
    await expect(navbar.getByRole('link', {name: 'GitHub'})).toHaveAttribute('href', 'https://github.com/setu-standards');
  });

  test('has a language dropdown (EN) that keeps path, query and hash', async ({page}) => {
    await page.goto('/docs/planning/FAQ?x=1#top');
    const dropdown = page.locator('.navbar__item.dropdown:has(a[lang="en"])');
    await hydrated(page);
    await dropdown.hover();
    const en = dropdown.locator('.dropdown__menu a', {hasText: 'EN'});
    await expect(en).toHaveAttribute('href', /\/docs\/planning\/FAQ\?x=1#top$/);
    await expect(en).toHaveAttribute('lang', 'en');
  });

  test('shows no version switch on the pages of a standard documented in one version', async ({page}) => {
    await page.goto('/docs/purchase-to-pay-v2/');
    await hydrated(page);
    await expect(page.locator('nav.navbar').getByRole('button', {name: /version/i})).toHaveCount(0);
    await expect(page.locator('nav.navbar .dropdown__menu a', {hasText: /\bv\d+\.\d+\b/})).toHaveCount(0);
  });

  for (const width of [997, 1100, 1151, 1279, 1280, 1350, 1500, 1501, 1600]) {
    test(`at ${width}px every item is on one line and none overlaps the next`, async ({page}) => {
      await page.setViewportSize({width, height: 700});
      await page.goto('/docs/planning/FAQ');
      await hydrated(page);
      const boxes = await page.locator('.navbar__inner').evaluate((inner) =>
        Array.from(
          inner.querySelectorAll<HTMLElement>(
            '.navbar__brand, .navbar__items > .navbar__item, .navbar__items > .dropdown, .navbar__search',
          ),
        )
          .filter((el) => el.getBoundingClientRect().width > 0)
          .map((el) => {
            const r = el.getBoundingClientRect();
            return {text: el.textContent?.trim() || el.className, left: r.left, right: r.right, height: r.height};
          })
          .sort((a, b) => a.left - b.left),
      );
      expect(boxes.length).toBeGreaterThanOrEqual(9);
      for (const box of boxes) expect(box.height, `${box.text} wraps`).toBeLessThan(48);
      for (let i = 1; i < boxes.length; i++) {
        expect(boxes[i].left, `"${boxes[i - 1].text}" overlaps "${boxes[i].text}"`).toBeGreaterThanOrEqual(boxes[i - 1].right - 1);
      }
      expect(boxes.at(-1)!.right).toBeLessThanOrEqual(width);
    });
  }

  test('hides on scroll down and comes back on scroll up', async ({page}) => {
    await page.goto('/docs/purchase-to-pay-v2/SequenceDiagrams');
    const navbar = page.locator('nav.navbar');
    await expect(navbar).toBeInViewport();
    await hydrated(page);
    // Docusaurus hides the navbar on the second downward scroll event past its height.
    await page.mouse.wheel(0, 400);
    await page.waitForTimeout(100);
    await page.mouse.wheel(0, 1200);
    await expect.poll(async () => (await navbar.boundingBox())!.y).toBeLessThan(0);
    await page.mouse.wheel(0, -300);
    await expect.poll(async () => (await navbar.boundingBox())!.y).toBe(0);
  });
});

test.describe('colour mode', () => {
  test('is light by default and the choice is kept under the storage key "theme"', async ({page}) => {
    await page.goto('/docs/');
    expect(await theme(page)).toBe('light');
    await hydrated(page);
    // The switch cycles system -> light -> dark; the reader's choice is stored.
    const toggle = page.getByRole('button', {name: /Switch between dark and light mode/});
    for (let i = 0; i < 3 && (await theme(page)) !== 'dark'; i++) await toggle.click();
    await expect.poll(() => theme(page)).toBe('dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.reload();
    expect(await theme(page)).toBe('dark');
  });

  test('follows the system preference while the reader has not chosen', async ({browser}) => {
    const context = await browser.newContext({colorScheme: 'dark'});
    const page = await context.newPage();
    await page.goto('/docs/');
    expect(await theme(page)).toBe('dark');
    await hydrated(page);
    await page.emulateMedia({colorScheme: 'light'});
    await expect.poll(() => theme(page)).toBe('light');
    await context.close();
  });
});

test.describe('announcement bar', () => {
  test('can be dismissed, stays dismissed after reload, and returns when its id changes', async ({page}) => {
    await page.goto('/docs/');
    await hydrated(page);
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
  });
});

test.describe('layout', () => {
  test('desktop (997px): the docs sidebar is shown, 300px wide, and cannot be hidden', async ({page}) => {
    await page.setViewportSize({width: 997, height: 800});
    await page.goto('/docs/planning/FAQ');
    const sidebar = page.locator('.theme-doc-sidebar-container');
    await expect(sidebar).toBeVisible();
    expect(Math.round((await sidebar.boundingBox())!.width)).toBe(300);
    await expect(page.getByRole('button', {name: 'Collapse sidebar', exact: true})).toHaveCount(0);
    await expect(page.locator('.navbar__toggle')).toBeHidden();
  });

  test('mobile (995px): the menu opens, closes on navigation and when the viewport becomes desktop-sized', async ({page}) => {
    await page.setViewportSize({width: 995, height: 800});
    await page.goto('/docs/planning/FAQ');
    await hydrated(page);
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

  test('the skip link is the first focus stop and moves focus to the content', async ({page}) => {
    await page.goto('/docs/planning/FAQ');
    await hydrated(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', {name: 'Skip to main content'});
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    // The next Tab lands inside the main content, past the navbar and the sidebar.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
  });

  test('the table of contents lists heading levels 2 and 3 only', async ({page}) => {
    await page.goto('/docs/purchase-to-pay-v2/usage-notes/Pay-rates');
    const headings = await page
      .locator('article .markdown')
      .first()
      .locator('h2[id], h3[id]')
      .evaluateAll((els) => els.map((e) => e.id));
    const tocLinks = await page.locator('.table-of-contents a').evaluateAll((els) => els.map((a) => a.getAttribute('href')!.slice(1)));
    expect(headings.length).toBeGreaterThan(2);
    expect(tocLinks).toEqual(headings);
    const h4 = await page.locator('article h4[id]').evaluateAll((els) => els.map((e) => e.id));
    for (const id of h4) expect(tocLinks).not.toContain(id);
  });

  test('a route progress bar shows while a slow navigation loads', async ({page}) => {
    await page.goto('/docs/');
    await hydrated(page);
    await page.route('**/assets/js/**', async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    await page.locator('.theme-doc-sidebar-container').getByRole('link', {name: 'API documentation'}).click();
    await expect(page.locator('#nprogress')).toBeAttached();
    await expect(page).toHaveURL(/\/docs\/api\/$/);
  });
});

test.describe('prefetching (patches/@docusaurus+core+3.10.2.patch)', () => {
  test('the code of visible links is prefetched while the browser is idle, without errors', async ({page}) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.goto('/docs/api/p2p');
    await hydrated(page);
    await expect.poll(() => page.locator('link[rel="prefetch"]').count(), {timeout: 20_000}).toBeGreaterThan(20);
    expect(errors).toEqual([]);
  });
});

test.describe('addresses', () => {
  test('an unknown path answers 404 with a helpful not-found page', async ({page}) => {
    const response = await page.goto('/docs/no/such/page');
    expect(response!.status()).toBe(404);
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Page not found');
    const main = page.locator('main');
    for (const href of ['/docs/purchase-to-pay-v2/', '/docs/planning/', '/docs/gelijkwaardige-beloning/', '/docs/api/', '/docs/api/p2p']) {
      await expect(main.locator(`a[href="${href}"]`)).toBeVisible();
    }
  });

  for (const suffix of ['.html', '/index.html']) {
    test(`"/docs/planning/FAQ${suffix}" shows the FAQ page`, async ({page}) => {
      await page.goto('/docs/planning/FAQ');
      const title = await page.getByRole('heading', {level: 1}).textContent();
      await page.goto(`/docs/planning/FAQ${suffix}`);
      await expect(page.getByRole('heading', {level: 1})).toHaveText(title!);
      await expect(page.getByRole('heading', {name: 'Page not found'})).toHaveCount(0);
    });
  }

  test('the old address of the pay equity sequence diagrams redirects', async ({page}) => {
    await page.goto('/docs/gelijkwaardige-beloning/sequence%20diagrams/sequence%20diagrams');
    await expect(page).toHaveURL(/\/docs\/gelijkwaardige-beloning\/sequence-diagrams$/);
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
