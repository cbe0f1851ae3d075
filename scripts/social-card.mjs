// Draws the site's social card, static/img/social-card.png (og:image and twitter:image of every page, named by
// `themeConfig.image` in docusaurus.config.ts): 1200 × 630 px, the logo, the site's name and what it is, rendered
// from the HTML below in headless Chromium. The PNG is committed; run `node scripts/social-card.mjs` after changing
// the logo or the text, and look at the result. It names no version, so that a new release does not make it stale.
import fs from 'node:fs';
import path from 'node:path';
import {chromium} from 'playwright-core';
import {chromiumPath} from './lib/chromium.mjs';
import {root} from '../src/build/paths.mjs';

const output = path.join(root, 'static/img/social-card.png');
// The dark-mode logo: light blue on the card's dark blue, like the navbar in dark mode.
const logo = fs.readFileSync(path.join(root, 'static/img/logo-dark.svg'), 'utf8');

const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><style>
  html, body { margin: 0; }
  body {
    width: 1200px; height: 630px; box-sizing: border-box; padding: 80px 88px;
    display: flex; flex-direction: column; justify-content: space-between;
    background: #10243a; color: #fff;
    font-family: 'DejaVu Sans', 'Liberation Sans', Arial, sans-serif;
  }
  header { display: flex; align-items: center; gap: 36px; }
  header svg { width: 144px; height: 144px; flex: none; }
  h1 { margin: 0; font-size: 88px; line-height: 1; letter-spacing: -1px; }
  h1 span { display: block; margin-top: 14px; font-size: 40px; font-weight: normal; color: #7cc4ff; letter-spacing: 0; }
  p { margin: 0; font-size: 38px; line-height: 1.35; max-width: 1000px; }
  footer { display: flex; justify-content: space-between; align-items: baseline; font-size: 28px; color: #c9dcef;
    border-top: 4px solid #ffd166; padding-top: 28px; }
</style></head><body>
  <header>${logo}<h1>SETU<span>documentation</span></h1></header>
  <p>Standards for data exchange in the Dutch staffing industry: processes, API reference and a message validator.</p>
  <footer><span>Purchase to Pay · Planning and Scheduling · Inquiry Pay Equity</span></footer>
</body></html>`;

const browser = await chromium.launch({executablePath: chromiumPath, args: ['--no-sandbox']});
try {
  const page = await browser.newPage({viewport: {width: 1200, height: 630}, deviceScaleFactor: 1});
  await page.setContent(html);
  await page.screenshot({path: output, type: 'png'});
} finally {
  await browser.close();
}
console.log(`[social-card] ${path.relative(root, output)}: ${fs.statSync(output).size} bytes`);
