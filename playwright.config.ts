import {defineConfig, devices} from '@playwright/test';
// CHROMIUM_PATH, else Debian's Chromium where installed (Playwright cannot download browsers here), else Playwright's
// own: the choice the scripts make too.
import {chromiumPath as executablePath} from './scripts/lib/chromium.mjs';

// The production build (npm run build) served by a plain static host under /docs/.
const port = Number(process.env.E2E_PORT ?? 4173);
export const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: './tests/e2e',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  timeout: 60_000,
  expect: {timeout: 10_000},
  reporter: process.env.CI ? [['list'], ['json', {outputFile: 'test-results/e2e.json'}]] : 'list',
  use: {
    baseURL,
    // A click or a navigation that cannot happen fails within seconds, saying what it waited for, rather than when the
    // test's own time runs out with no more than "Test timeout exceeded" (a walk of 30 pages has 180 s).
    actionTimeout: 20_000,
    navigationTimeout: 30_000,
    trace: 'on-first-retry',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{name: 'chromium', use: {...devices['Desktop Chrome'], viewport: {width: 1280, height: 900}}}],
  webServer: {
    command: `node scripts/static-server.mjs --port ${port}`,
    url: `${baseURL}/docs/`,
    reuseExistingServer: !process.env.CI,
    timeout: 30_000,
  },
});
