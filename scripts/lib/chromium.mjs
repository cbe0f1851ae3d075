// The Chromium that scripts launch with Playwright, and that playwright.config.ts gives the browser
// tests: CHROMIUM_PATH, else Debian's /usr/bin/chromium (Playwright cannot download browsers here),
// else undefined, which makes Playwright use its own browser.
import fs from 'node:fs';

const debianChromium = '/usr/bin/chromium';
export const chromiumPath = process.env.CHROMIUM_PATH ?? (fs.existsSync(debianChromium) ? debianChromium : undefined);
