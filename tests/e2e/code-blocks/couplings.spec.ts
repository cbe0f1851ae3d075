import type {Page} from '@playwright/test';
import {test, expect} from '../fixtures';
import {hydrated} from '../pages';

// Code blocks (src/plugins/code-blocks): what they rely on of theme-classic, which no other test pins down (UPGRADING.md,
// "Code blocks"). Each test fails when an upgrade moves what the plugin relies on.

const rates = '/docs/gelijkwaardige-beloning/2.0/usage-notes/rates';
const conditions = '/docs/gelijkwaardige-beloning/2.0/usage-notes/conditions';
const codeBlock = (page: Page) => page.locator('pre.prism-code').first();
/** The background the hydrated block took from the colour mode. */
const prismBackground = (page: Page) =>
  codeBlock(page)
    .locator('xpath=ancestor::*[contains(@class, "theme-code-block")][1]')
    .evaluate((element: HTMLElement) => element.style.getPropertyValue('--prism-background-color'));

// The page is loaded in each colour mode (the site follows the system's while the reader has not chosen); from the
// second load the reader goes on in the browser, whose router renders the next pages itself.
test('code blocks from the server, hydrated in each colour mode, and rendered by the browser', async ({page}) => {
  await page.goto(rates);

  await test.step('code blocks are one HTML string of token spans coloured by class (src/plugins/code-blocks/theme/CodeBlock/Content, theme-common/internal)', async () => {
    const block = codeBlock(page);
    await expect(block).toBeVisible();
    // useCodeBlockContext (theme-common/internal) gave the wrapped component the block's code: it is all there.
    await expect(block).toContainText('{');
    const tokens = await block.evaluate((pre) => ({
      spans: pre.querySelectorAll('span.token').length,
      styled: pre.querySelectorAll('[style*="color"]').length,
    }));
    expect(tokens.spans, 'no token spans: the theme no longer renders through our Content').toBeGreaterThan(5);
    expect(tokens.styled, 'inline colours: the theme renders its own tokens again').toBe(0);
  });

  await test.step("a hydrated code block takes the colour mode's colours without being rendered again (src/plugins/code-blocks/theme/CodeBlock)", async () => {
    await hydrated(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    const light = await prismBackground(page);
    await page.emulateMedia({colorScheme: 'dark'});
    await page.goto(rates);
    await hydrated(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect.poll(() => prismBackground(page), {message: "the block kept the light theme's background"}).not.toBe(light);
  });

  await test.step('a code block the browser renders itself, after a client-side navigation, is highlighted (Prism on demand)', async () => {
    await page.evaluate(() => ((window as unknown as {samePage: boolean}).samePage = true));
    // To the conditions and back to the rates: the rates page's blocks are now rendered by the browser.
    await page.locator(`a[href="${conditions}"]`).first().click();
    await expect(page).toHaveURL(/\/usage-notes\/conditions$/);
    await page.locator(`a[href="${rates}"]`).first().click();
    await expect(page).toHaveURL(/\/usage-notes\/rates$/);
    const block = codeBlock(page);
    await expect(block).toContainText('{');
    await expect.poll(() => block.locator('span.token').count(), {message: 'the block stayed unhighlighted'}).toBeGreaterThan(5);
    expect(
      await page.evaluate(() => (window as unknown as {samePage?: boolean}).samePage),
      'the page was loaded anew, not rendered by the browser',
    ).toBe(true);
  });
});
