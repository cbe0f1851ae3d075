import fs from 'node:fs';
import path from 'node:path';
import type {Locator, Page} from '@playwright/test';
import {expect} from './fixtures';

/** Route of a docs/ page: docs/a/b.mdx -> /docs/a/b, docs/a/index.mdx -> /docs/a/, docs/index.mdx (slug /) -> /docs/. */
export interface ContentPage {
  file: string;
  route: string;
  mermaidBlocks: number;
}

const docsDir = path.resolve(__dirname, '../../docs');

function walk(dir: string): string[] {
  return fs.readdirSync(dir, {withFileTypes: true}).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? walk(full) : /\.mdx?$/.test(e.name) ? [full] : [];
  });
}

export const contentPages: ContentPage[] = walk(docsDir)
  .sort()
  .map((full) => {
    const source = fs.readFileSync(full, 'utf8');
    const relative = path.relative(docsDir, full).replace(/\.mdx?$/, '');
    const slug = /^slug:\s*(.+)$/m.exec(source.split(/^---$/m)[1] ?? '')?.[1].trim();
    const route = slug ? `/docs${slug === '/' ? '/' : slug}` : `/docs/${relative.replace(/(^|\/)index$/, '$1')}`;
    const mermaidBlocks = (source.match(/^\s*```mermaid\b/gm) ?? []).length;
    return {file: `docs/${path.relative(docsDir, full)}`, route, mermaidBlocks};
  });

const buildDir = path.resolve(__dirname, '../../build');

/** The routes of the built site's sitemap (none before `npm run build`). */
export function sitePages(): string[] {
  const sitemap = path.join(buildDir, 'sitemap.xml');
  if (!fs.existsSync(sitemap)) return [];
  return [...fs.readFileSync(sitemap, 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
}

/** A route without its trailing slash, to compare the sitemap's routes with the docs' (`/docs/planning/` and `/docs/planning`). */
export const withoutTrailingSlash = (route: string) => route.replace(/\/$/, '');

/** Interactions need React: wait until Docusaurus has hydrated the page. */
export async function hydrated(page: Page, timeout?: number): Promise<void> {
  await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached', timeout});
}

/**
 * Opens the navbar's version switch (its `button`), checks that it lists `labels`, chooses the one of `version` and
 * waits for `expected`. The page goes back to its top first: the navbar hides while the page scrolls down (as it does
 * when a page opens at an anchor). The menu is opened from the keyboard (Enter on the focused switch), as a keyboard
 * user opens it: opened by hovering, it closed whenever the navbar, still sliding back in, moved it from under the
 * pointer before the click (a flaky run on a busy machine).
 */
export async function chooseVersion(page: Page, button: Locator, labels: string[], version: string, expected: string): Promise<void> {
  await hydrated(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(button).toBeInViewport({ratio: 1});
  const dropdown = page.locator('.navbar__item.dropdown', {has: button});
  await button.focus();
  // Enter toggles the menu, which stays open after a choice made from the keyboard (the navbar lives on across pages).
  if ((await button.getAttribute('aria-expanded')) !== 'true') await page.keyboard.press('Enter');
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const items = dropdown.locator('.dropdown__menu a');
  await expect(items).toHaveText(labels);
  await items.filter({hasText: `v${version}`}).click();
  await page.waitForURL((url) => url.pathname === expected);
}

/**
 * Shows the page in a colour mode as a reader who has not chosen one sees it (the site follows the system's scheme,
 * emulated here), and waits until the colours have changed: they change with CSS transitions on a shown page, and
 * colours measured halfway fail contrast checks that pass.
 */
export async function inColourMode(page: Page, mode: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({colorScheme: mode});
  await page.locator(`html[data-theme="${mode}"]`).waitFor({state: 'attached'});
  await transitionsDone(page);
}

/** Waits until the CSS transitions running on the page have ended. */
export async function transitionsDone(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a instanceof CSSTransition)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/**
 * The parts of an operation page that load when scrolled to (src/plugins/api-reference/runtime/DeferredSection) show the server's HTML
 * until then, which does not answer clicks: bring each into view and wait until React renders it.
 */
export async function deferredSectionsLive(page: Page): Promise<void> {
  const sections = page.locator('[data-deferred-section]');
  for (const section of await sections.all()) {
    await section.scrollIntoViewIfNeeded();
    await section.and(page.locator('[data-deferred-section="live"]')).waitFor({state: 'attached', timeout: 30_000});
  }
}

/**
 * For each diagram container on the page, the ids of the SVGs that the current colour mode displays
 * (each container holds a light and a dark one). Counted without regard to closed <details>.
 */
export async function shownDiagramSvgs(page: Page): Promise<string[][]> {
  return page.locator('.docusaurus-mermaid-container').evaluateAll((containers) =>
    containers.map((container) =>
      // One SVG for both colour modes, or (a diagram whose renderings differ in more than colours) one per mode.
      Array.from(container.querySelectorAll(':scope > svg, :scope > div > svg'))
        .filter((svg) => getComputedStyle(svg).display !== 'none' && getComputedStyle(svg.parentElement!).display !== 'none')
        .map((svg) => svg.id),
    ),
  );
}

/**
 * One page of each kind of the message dictionary (generated into messages/ by src/plugins/message-dictionary/generate.mjs, so not in
 * contentPages): the index, a message on one page, a message split into parts and one of its parts, a line body
 * with its oneOf forms, and a version diff.
 */
export const dictionaryPages = [
  '/docs/messages/',
  '/docs/messages/purchase-to-pay/2.0/Timecard',
  '/docs/messages/inquiry-pay-equity/2.0/InquiryPayEquity',
  '/docs/messages/inquiry-pay-equity/2.0/InquiryPayEquity/holidayAllowance',
  '/docs/messages/planning/1.0/PlanningRequestLine',
  '/docs/messages/inquiry-pay-equity/changes/1.0-to-2.0',
];

/** The errors a page reports from now on (uncaught, and on the console: React's hydration mismatches among them). */
export function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/**
 * What is wrong with the wide-screen navbar as shown: an item that wraps, overlaps the next one or leaves the window,
 * Messages (the dictionary) not shown, or SETU's other sites shown neither as links nor as their dropdown. Empty when
 * all is well. The items are every shown child of the navbar's two groups, the brand and the search box.
 */
export async function navbarProblems(page: Page): Promise<string[]> {
  return page.locator('.navbar__inner').evaluate((inner) => {
    const shown = (el: Element) => el.getBoundingClientRect().width > 0 && getComputedStyle(el).visibility !== 'hidden';
    const boxes = Array.from(inner.querySelectorAll('.navbar__brand, .navbar__items > *, .navbar__search'))
      .filter(shown)
      .map((el) => {
        const r = el.getBoundingClientRect();
        return {
          text: (el as HTMLElement).innerText.replace(/\s+/g, ' ').trim() || el.className,
          left: r.left,
          right: r.right,
          height: r.height,
        };
      })
      .sort((a, b) => a.left - b.left);
    const problems = boxes.filter((box) => box.height >= 48).map((box) => `"${box.text}" wraps`);
    for (let i = 1; i < boxes.length; i++) {
      if (boxes[i]!.left < boxes[i - 1]!.right - 1) problems.push(`"${boxes[i - 1]!.text}" overlaps "${boxes[i]!.text}"`);
    }
    if (boxes.at(-1)!.right > document.documentElement.clientWidth) problems.push(`"${boxes.at(-1)!.text}" leaves the window`);
    const links = Array.from(inner.querySelectorAll<HTMLAnchorElement>('.navbar__items a')).filter(shown);
    if (!links.some((a) => a.pathname === '/docs/messages/' && a.innerText.trim() === 'Messages')) problems.push('no Messages');
    // As links, or in the dropdown that holds them where the navbar has no room for them (its menu opens on hover).
    const dropdowns = Array.from(inner.querySelectorAll('.navbar__items > .dropdown')).filter(shown);
    for (const site of ['https://www.setu.nl/', 'https://setu.semantic-treehouse.nl/', 'https://github.com/setu-standards']) {
      const inDropdown = dropdowns.some((d) =>
        Array.from(d.querySelectorAll<HTMLAnchorElement>('.dropdown__menu a')).some((a) => a.href === site),
      );
      if (!inDropdown && !links.some((a) => a.href === site)) problems.push(`${site}: neither a link nor in a dropdown`);
    }
    return problems;
  });
}
