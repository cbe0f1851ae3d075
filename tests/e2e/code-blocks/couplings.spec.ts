import {test, expect} from '../fixtures';
import {hydrated} from '../pages';

// Code blocks (src/plugins/code-blocks): what they rely on of theme-classic, which no other test pins down (UPGRADING.md,
// "Code blocks"). Each test fails when an upgrade moves what the plugin relies on.

test('code blocks are one HTML string of token spans coloured by class (src/plugins/code-blocks/theme/CodeBlock/Content, theme-common/internal)', async ({
  page,
}) => {
  await page.goto('/docs/gelijkwaardige-beloning/2.0/usage-notes/rates');
  const block = page.locator('pre.prism-code').first();
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

test('a code block the browser renders itself, after a client-side navigation, is highlighted (Prism on demand)', async ({page}) => {
  await page.goto('/docs/gelijkwaardige-beloning/2.0/usage-notes/conditions');
  await hydrated(page);
  await page.evaluate(() => ((window as unknown as {samePage: boolean}).samePage = true));
  await page.locator('a[href="/docs/gelijkwaardige-beloning/2.0/usage-notes/rates"]').first().click();
  await expect(page).toHaveURL(/\/usage-notes\/rates$/);
  const block = page.locator('pre.prism-code').first();
  await expect(block).toContainText('{');
  await expect.poll(() => block.locator('span.token').count(), {message: 'the block stayed unhighlighted'}).toBeGreaterThan(5);
  expect(
    await page.evaluate(() => (window as unknown as {samePage?: boolean}).samePage),
    'the page was loaded anew, not rendered by the browser',
  ).toBe(true);
});

test("a hydrated code block takes the colour mode's colours without being rendered again (src/plugins/code-blocks/theme/CodeBlock)", async ({
  page,
}) => {
  const background = async (mode: 'light' | 'dark') => {
    await page.addInitScript((chosen) => window.localStorage.setItem('theme', chosen), mode);
    await page.goto('/docs/gelijkwaardige-beloning/2.0/usage-notes/rates');
    await hydrated(page);
    const container = page.locator('pre.prism-code').first().locator('xpath=ancestor::*[contains(@class, "theme-code-block")][1]');
    await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
    return container.evaluate((element: HTMLElement) => element.style.getPropertyValue('--prism-background-color'));
  };
  const light = await background('light');
  await expect.poll(() => background('dark'), {message: "the block kept the light theme's background"}).not.toBe(light);
});
