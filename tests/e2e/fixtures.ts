import {test as base, type BrowserContext, type Page, type BrowserContextOptions} from '@playwright/test';

// One browser tab per worker, reused by every test that runs in the default context, instead of a new context and tab
// per test. A new context starts a renderer process with empty caches and compiles the site's scripts again: on two
// cores that made a page load ~2.3 s; in a reused tab it takes ~0.75 s, and the suite is mostly page loads.
//
// What a test leaves behind is cleared before the next one starts: the tab goes to about:blank, the site's storage
// (local and session storage, cookies, IndexedDB, Cache Storage, service workers) is deleted, routes, listeners,
// permissions, offline mode, emulated media and the viewport are reset, extra tabs are closed. What cannot be undone
// (an init script, an exposed function) marks the tab or context as used up: it is replaced before the next test.
// A test with its own context options (JavaScript off, another colour scheme) gets a fresh context as before, and a
// failed test ends its worker, so nothing of it reaches another test.

interface Shared {
  context: BrowserContext | null;
  page: Page | null;
  /** An init script or exposed function was added to the context: it must not serve another test. */
  contextUsedUp: boolean;
  pageUsedUp: boolean;
}

const sharedContextOptions = (use: Record<string, unknown>): BrowserContextOptions => {
  const keys = ['baseURL', 'viewport', 'userAgent', 'deviceScaleFactor', 'isMobile', 'hasTouch', 'locale', 'timezoneId'];
  return Object.fromEntries(keys.filter((key) => use[key] !== undefined).map((key) => [key, use[key]]));
};

/** Calls of these methods cannot be undone: wrap them so that the object is replaced after the test. */
function markWhenCalled(target: object, methods: string[], mark: () => void): void {
  const record = target as Record<string, unknown>;
  for (const method of methods) {
    const original = record[method] as (...args: unknown[]) => unknown;
    record[method] = (...args: unknown[]) => {
      mark();
      return original.apply(target, args);
    };
  }
}

export const test = base.extend<object, {shared: Shared}>({
  shared: [
    // eslint-disable-next-line no-empty-pattern -- Playwright needs the pattern; the fixture depends on nothing.
    async ({}, use) => {
      const shared: Shared = {context: null, page: null, contextUsedUp: false, pageUsedUp: false};
      await use(shared);
      await shared.context?.close();
    },
    {scope: 'worker'},
  ],

  context: async ({browser, shared, javaScriptEnabled, colorScheme, contextOptions}, use, testInfo) => {
    const ownContext =
      javaScriptEnabled === false || (colorScheme !== undefined && colorScheme !== 'light') || Object.keys(contextOptions).length > 0;
    const options = sharedContextOptions(testInfo.project.use as Record<string, unknown>);
    if (ownContext) {
      const context = await browser.newContext({...options, ...contextOptions, javaScriptEnabled, colorScheme});
      await use(context);
      await context.close();
      return;
    }
    if (!shared.context || shared.contextUsedUp) {
      await shared.context?.close();
      shared.context = await browser.newContext(options);
      shared.page = null;
      shared.contextUsedUp = false;
      markWhenCalled(shared.context, ['addInitScript', 'exposeFunction', 'exposeBinding'], () => (shared.contextUsedUp = true));
    }
    const context = shared.context;
    await use(context);
    for (const page of context.pages()) if (page !== shared.page) await page.close();
    await context.unrouteAll({behavior: 'ignoreErrors'});
    await context.clearCookies();
    await context.clearPermissions();
    await context.setOffline(false);
  },

  page: async ({context, shared, viewport, baseURL}, use) => {
    if (context !== shared.context) {
      await use(context.pages()[0] ?? (await context.newPage()));
      return;
    }
    if (!shared.page || shared.pageUsedUp || shared.page.isClosed()) {
      if (shared.page && !shared.page.isClosed()) await shared.page.close();
      shared.page = await context.newPage();
      shared.pageUsedUp = false;
      markWhenCalled(shared.page, ['addInitScript', 'exposeFunction', 'exposeBinding'], () => (shared.pageUsedUp = true));
    }
    const page = shared.page;
    if (viewport) await page.setViewportSize(viewport);
    await use(page);

    // Leave the site first (session storage belongs to the tab, the rest is deleted by origin), then reset the tab.
    if (baseURL && page.url().startsWith(baseURL)) await page.evaluate(() => sessionStorage.clear()).catch(() => undefined);
    await page.removeAllListeners();
    await page.unrouteAll({behavior: 'ignoreErrors'});
    await page.goto('about:blank');
    if (baseURL) {
      const session = await context.newCDPSession(page);
      await session.send('Storage.clearDataForOrigin', {
        origin: new URL(baseURL).origin,
        storageTypes: 'cookies,local_storage,indexeddb,cache_storage,service_workers,file_systems,shader_cache',
      });
      await session.detach();
    }
    await page.emulateMedia({media: null, colorScheme: 'light', reducedMotion: 'no-preference', forcedColors: 'none'});
    await page.setExtraHTTPHeaders({});
  },
});

export {expect} from '@playwright/test';
