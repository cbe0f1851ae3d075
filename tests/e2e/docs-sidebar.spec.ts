import {test, expect} from './fixtures';
import {hydrated} from './pages';

// The docs sidebar on a phone (patches/@docusaurus+theme-classic+3.10.2.patch): fails when the patch's effect is lost.

test("on a phone, the docs sidebar's menu copy is rendered when the menu first opens, and the hidden wide-screen sidebar stays (patches/@docusaurus+theme-classic+3.10.2.patch)", async ({
  page,
}) => {
  await page.setViewportSize({width: 412, height: 823});
  await page.goto('/docs/api/p2p/create-timecard');
  await hydrated(page, 60_000);
  const inMenu = page.locator('.navbar-sidebar a[href$="/api/p2p/create-allowance"]');
  const wide = page.locator('.theme-doc-sidebar-container a[href$="/api/p2p/create-allowance"]');
  // useWindowSize has settled on "mobile" once the wide-screen sidebar's container is hidden by CSS.
  await expect(page.locator('.theme-doc-sidebar-container')).toBeHidden();
  await expect(wide.first()).toBeAttached();
  await expect(inMenu, 'the menu was rendered while closed').toHaveCount(0);
  await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
  await expect(inMenu.first()).toBeVisible();
  await inMenu.first().click();
  await expect(page).toHaveURL(/\/api\/p2p\/create-allowance$/);
  await expect(page.locator('.navbar-sidebar--show')).toHaveCount(0);
});
