// Benchmark of the message validator (not a test): against a running server, measures in Chromium
//  - the time to check a valid ~100 KB, ~1 MB and ~5 MB Timecard as JSON, and ~1 MB and ~5 MB as XML
//    (click on Validate to verdict on the page, and the time spent in the worker itself), median of
//    several runs;
//  - the JavaScript bytes transferred for the validator page (at load, and with its worker after a
//    first check) against a content page (/docs/).
// Transferred bytes are the bodies as sent (gzip-encoded by the static server), without headers; the pages
// also prefetch the chunks of links in view, which networkidle includes.
// Prints one JSON object. Usage: node scripts/bench-validator.mjs [baseUrl]
// (default http://127.0.0.1:4173/docs/; serve the build first: npm run serve -- --port 4173).
import {chromium} from '@playwright/test';
import {chromiumPath} from './lib/chromium.mjs';
import {timecardOf} from './lib/bench-messages.mjs';

const base = new URL(process.argv[2] ?? 'http://127.0.0.1:4173/docs/');
if (!base.pathname.endsWith('/')) base.pathname += '/';
const runs = Number(process.env.BENCH_RUNS ?? 5);

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const round = (x) => Math.round(x * 10) / 10;

const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});

/** JS requests of one page load (and, optionally, of what happens after it), with encoded and decoded sizes. */
async function scriptBytes(url, after) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts = new Map();
  const record = async (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && !/\.js(\?|$)/.test(response.url())) return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    // The body as sent (gzip-encoded by the server: its Content-Length); CDP's own sizes miss worker requests.
    const headers = await response.allHeaders().catch(() => ({})); // a response still arriving when the context closes
    const sent = Number(headers['content-length']);
    scripts.set(response.url(), {
      transferred: Number.isFinite(sent) && sent > 0 ? sent : body.length,
      decoded: body.length,
      validatorCode: body.includes('fullFormats'), // ajv-formats: only in the compiled validators
    });
  };
  context.on('response', (r) => void record(r));
  await page.goto(url.href, {waitUntil: 'networkidle'});
  const sum = (key) => [...scripts.values()].reduce((n, s) => n + s[key], 0);
  const snapshot = () => ({
    requests: scripts.size,
    transferredBytes: sum('transferred'),
    decodedBytes: sum('decoded'),
    validatorCodeBytes: [...scripts.values()].filter((s) => s.validatorCode).reduce((n, s) => n + s.transferred, 0),
  });
  const atLoad = snapshot();
  let afterAction = null;
  if (after) {
    await after(page);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    afterAction = snapshot();
  }
  await context.close();
  return {atLoad, afterAction};
}

/** Times checks of `text` on the validator page: click on Validate to verdict, and the worker's own time. */
async function timeChecks(text) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(new URL('validator', base).href, {waitUntil: 'networkidle'});
  const samples = [];
  for (let i = 0; i <= runs; i++) {
    const sample = await page.evaluate(async (value) => {
      const area = document.querySelector('textarea');
      const result = document.querySelector('[data-testid="validation-result"]');
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Validate');
      if (!area || !result || !button) throw new Error('the validator page has no input, result or Validate button');
      area.value = value;
      await new Promise((r) => setTimeout(r, 50));
      return new Promise((resolve) => {
        const observer = new MutationObserver(() => {
          if (!result.hasAttribute('data-valid')) return;
          const total = performance.now() - t0;
          observer.disconnect();
          const stats = /in ([\d.]+) ms/.exec(result.textContent ?? '');
          resolve({
            totalMs: total,
            workerMs: stats ? Number(stats[1]) : null,
            valid: result.getAttribute('data-valid'),
            status: result.getAttribute('data-status'),
          });
        });
        observer.observe(result, {attributes: true, childList: true, subtree: true});
        const t0 = performance.now();
        button.click();
      });
    }, text);
    if (sample.valid !== 'true') throw new Error(`the benchmark message was judged ${sample.status}`);
    if (i > 0) samples.push(sample); // the first run warms up the worker
  }
  await context.close();
  return {
    characters: text.length,
    runs: samples.length,
    medianMs: round(median(samples.map((s) => s.totalMs))),
    medianWorkerMs: round(median(samples.map((s) => s.workerMs))),
    maxMs: round(Math.max(...samples.map((s) => s.totalMs))),
  };
}

try {
  const mb = 1024 * 1024;
  const content = await scriptBytes(new URL('./', base));
  const validator = await scriptBytes(new URL('validator', base), async (page) => {
    await page.getByRole('button', {name: 'Validate', exact: true}).click();
    await page.locator('[data-testid="validation-result"][data-valid]').waitFor();
  });
  const figures = {
    baseUrl: base.href,
    browser: `Chromium ${browser.version()}`,
    validation: {
      '100KB': await timeChecks(timecardOf(100 * 1024)),
      '1MB': await timeChecks(timecardOf(mb)),
      '5MB': await timeChecks(timecardOf(5 * mb)),
      xml1MB: await timeChecks(timecardOf(mb, 'xml')),
      xml5MB: await timeChecks(timecardOf(5 * mb, 'xml')),
    },
    javascript: {
      contentPage: content.atLoad,
      validatorPage: validator.atLoad,
      validatorPageAfterFirstCheck: validator.afterAction,
      // The compiled validators (the worker script) are fetched on the validator page only, at its first check.
      workerTransferredBytes: validator.afterAction?.validatorCodeBytes ?? null,
    },
  };
  console.log(JSON.stringify(figures, null, 2));
} finally {
  await browser.close();
}
