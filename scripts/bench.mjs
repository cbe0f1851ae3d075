// Benchmark figures (not tests): a cold production build, the weight of the built pages,
// Lighthouse on a few representative pages served with gzip from a loopback port, the validator page
// (scripts/bench-validator.mjs) and the command setu-validate against libxml2 (scripts/bench-command.mjs).
// Usage: npm run bench [-- --skip-build] [--port 4350] [--runs 1] [--dir build] [--pages /docs/,/docs/api/p2p]
// Writes bench-results/latest.json and prints a Markdown summary.
// Side by side with a stock Docusaurus site of the same version (see sideBySide below):
//   npm run bench -- --side-by-side [--sites ours=build,before=OTHER-BUILD] [--runs 3] [--types content,operation]
// Writes bench-results/side-by-side.json and prints the medians and their ratios to the stock site.
import {spawn, spawnSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import zlib from 'node:zlib';
import {createStaticServer} from './static-server.mjs';
import {filesUnder, root} from '../src/build/paths.mjs';
import {chromiumPath} from './lib/chromium.mjs';
import {stockBuild, stockDocPage} from './lib/stock-site.mjs';

const argvEarly = process.argv.slice(2);
const dirIndex = argvEarly.indexOf('--dir');
// --dir measures another build folder (e.g. one built from another commit with --out-dir); implies --skip-build.
const buildDir = path.resolve(root, dirIndex >= 0 ? argvEarly[dirIndex + 1] : 'build');
const resultsDir = path.join(root, 'bench-results');
const argv = process.argv.slice(2);
const flag = (name) => argv.includes(`--${name}`);
const option = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : fallback;
};
const port = Number(option('port', process.env.BENCH_PORT ?? 4350));
const runs = Math.max(1, Number(option('runs', 1)));

// One or more pages of every page type: content (short, with diagrams, long with many messages), API landing,
// operation, validator; the pages of both Inquiry Pay Equity versions.
const defaultPages = [
  '/docs/',
  '/docs/planning/scenario-1',
  '/docs/planning/sequence-diagrams/StaffingSupplier',
  '/docs/planning/business-rules',
  '/docs/purchase-to-pay-v2/usage-notes/Pay-rates',
  '/docs/gelijkwaardige-beloning/usage-notes/rates',
  '/docs/gelijkwaardige-beloning/2.0/usage-notes/rates',
  '/docs/gelijkwaardige-beloning/2.0/usage-notes/conditions',
  '/docs/api/compliance',
  '/docs/api/p2p',
  '/docs/api/planning',
  '/docs/api/gelijkwaardige-beloning',
  '/docs/api/gelijkwaardige-beloning/2.0',
  '/docs/api/planning/add-planning-assignment-periodic-lines',
  '/docs/api/p2p/create-timecard',
  '/docs/api/gelijkwaardige-beloning/2.0/create-or-replace-inquiry-pay-equity',
  '/docs/validator',
];
const lighthousePages = option('pages')?.split(',') ?? defaultPages;

const kB = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const log = (...a) => console.error('[bench]', ...a);
fs.mkdirSync(resultsDir, {recursive: true});

// 1. Cold production build ---------------------------------------------------------------------
function coldBuild() {
  log('npm run generate');
  const gen = spawnSync('npm', ['run', '--silent', 'generate'], {cwd: root, stdio: ['ignore', 'ignore', 'inherit']});
  if (gen.status !== 0) throw new Error('npm run generate failed');
  const env = {...process.env};
  fs.rmSync(buildDir, {recursive: true, force: true});
  fs.rmSync(path.join(root, '.docusaurus'), {recursive: true, force: true});
  const nodeModules = path.join(root, 'node_modules');
  let cache;
  if (fs.lstatSync(nodeModules).isSymbolicLink()) {
    // A worktree sharing another checkout's node_modules: deleting that cache would disturb the
    // other checkout's builds, so the build runs without Rspack's persistent cache instead.
    env.DOCUSAURUS_NO_PERSISTENT_CACHE = 'true';
    cache = 'node_modules is a symlink: persistent cache disabled (DOCUSAURUS_NO_PERSISTENT_CACHE) instead of deleted';
  } else {
    fs.rmSync(path.join(nodeModules, '.cache'), {recursive: true, force: true});
    cache = 'build/, .docusaurus/ and node_modules/.cache deleted';
  }
  const logFile = path.join(resultsDir, 'build.log');
  log(`cold build (${cache}); output in ${path.relative(root, logFile)}`);
  const hasTime = fs.existsSync('/usr/bin/time');
  const command = hasTime ? ['/usr/bin/time', '-v', 'npx', 'docusaurus', 'build'] : ['npx', 'docusaurus', 'build'];
  const started = Date.now();
  const result = spawnSync(command[0], command.slice(1), {cwd: root, env, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024});
  const wallSeconds = (Date.now() - started) / 1000;
  fs.writeFileSync(logFile, `${result.stdout}\n${result.stderr}`);
  if (result.status !== 0) throw new Error(`docusaurus build failed: see ${logFile}`);
  const maxRssKb = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(result.stderr)?.[1] ?? NaN);
  const elapsed = /Elapsed \(wall clock\) time.*: (.+)/.exec(result.stderr)?.[1]?.trim();
  return {
    wallSeconds,
    timeElapsed: elapsed ?? null,
    // GNU time reports the maximum RSS of the largest single process it waited for, not the sum
    // over the process tree.
    peakRssMB: Number.isFinite(maxRssKb) ? Math.round(maxRssKb / 1024) : null,
    cache,
    cpus: os.cpus().length,
  };
}

// 2. Page weight ------------------------------------------------------------------------------
const walk = (/** @type {string} */ dir) => filesUnder([dir]);

/** Names of the libraries bundled in a JS chunk, from the licence file the minifier extracts, and known markers. */
function chunkContents(file) {
  const source = fs.readFileSync(file, 'utf8');
  // Markers of libraries, counted in the minified source: the most frequent names the chunk's bulk.
  const markers = {
    'postman-collection and postman-code-generators (request samples)': /postman/g,
    'iconv-lite (character-set tables)': /iconv/g,
    'faker (Postman dynamic variables)': /faker/g,
    'Buffer polyfill': /Buffer/g,
    lodash: /lodash/g,
    mermaid: /mermaid/g,
    d3: /\bd3[A-Z.]/g,
    cytoscape: /cytoscape/g,
    katex: /katex/g,
    'redux / @reduxjs/toolkit': /@@redux|reduxjs|createSlice/g,
    'react-markdown / micromark': /micromark/g,
    ajv: /\bajv\b|\bAjv\b/g,
    'lunr (search)': /lunr/g,
  };
  const found = Object.entries(markers)
    .map(([name, re]) => /** @type {[string, number]} */ ([name, (source.match(re) ?? []).length]))
    .filter(([, n]) => n >= 3)
    .sort((a, b) => b[1] - a[1])
    .map(([name, n]) => `${name} (${n}×)`);
  let licensed = [];
  const licence = `${file}.LICENSE.txt`;
  if (fs.existsSync(licence)) {
    licensed = [
      ...new Set(
        [...fs.readFileSync(licence, 'utf8').matchAll(/^\s*\*?\s*(?:@license\s+)?([@\w./-]+)\s+v?\d+\.\d+[\w.-]*/gm)].map((m) => m[1]),
      ),
    ].slice(0, 30);
  }
  return {markers: found, licensed};
}

function pageWeight() {
  const files = walk(buildDir);
  const size = (f) => fs.statSync(f).size;
  const gz = (f) => zlib.gzipSync(fs.readFileSync(f)).length;
  const html = files.filter((f) => f.endsWith('.html'));
  const js = files.filter((f) => /\/assets\/js\/.+\.js$/.test(f));
  const sitemap = fs.readFileSync(path.join(buildDir, 'sitemap.xml'), 'utf8');
  const largest = (list) => list.reduce((a, b) => (size(b) > size(a) ? b : a));
  const describe = (f) => ({file: path.relative(buildDir, f), bytes: size(f), gzipBytes: gz(f)});
  const largestHtml = describe(largest(html));
  const largestJs = describe(largest(js));
  const limit = 300 * 1024;
  if (largestHtml.bytes > limit) {
    const text = fs.readFileSync(path.join(buildDir, largestHtml.file), 'utf8');
    const tables = (text.match(/<table/g) ?? []).length;
    const details = (text.match(/<details/g) ?? []).length;
    const svg = (text.match(/<svg/g) ?? []).length;
    largestHtml.reason = `server-rendered markup: ${tables} tables, ${details} <details> (schema trees), ${svg} inline SVGs`;
  }
  if (largestJs.bytes > limit) largestJs.contents = chunkContents(path.join(buildDir, largestJs.file));
  const topJs = [...js]
    .sort((a, b) => size(b) - size(a))
    .slice(0, 8)
    .map(describe);
  return {
    pages: [...sitemap.matchAll(/<loc>/g)].length,
    htmlFiles: html.length,
    totalBytes: files.reduce((s, f) => s + size(f), 0),
    jsBytes: js.reduce((s, f) => s + size(f), 0),
    largestHtml,
    largestJs,
    topJs,
  };
}

// 3. Lighthouse -------------------------------------------------------------------------------
async function runLighthouse(baseUrl) {
  const {default: lighthouse} = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({chromePath: chromiumPath, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu']});
  const results = [];
  try {
    for (const page of lighthousePages) {
      const url = `${baseUrl}${page}`;
      const head = await fetch(url, {method: 'HEAD'});
      if (head.status !== 200) {
        log(`skipping ${page}: HTTP ${head.status}`);
        results.push({page, skipped: `HTTP ${head.status}`});
        continue;
      }
      const samples = [];
      for (let i = 0; i < runs; i++) {
        log(`lighthouse ${page}${runs > 1 ? ` (run ${i + 1}/${runs})` : ''}`);
        const result = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        });
        if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
        const {lhr} = result;
        const audit = (/** @type {string} */ id) => lhr.audits[id];
        /** A category's score out of 100; null where Lighthouse could not score it. */
        const score = (/** @type {string} */ id) => {
          const value = lhr.categories[id]?.score;
          return value === null || value === undefined ? null : Math.round(value * 100);
        };
        const numeric = (/** @type {string} */ id) => audit(id)?.numericValue ?? NaN;
        /** The rows of an audit's table; none where its details are not a table. */
        const rows = (/** @type {string} */ id) => {
          const details = audit(id)?.details;
          return details && 'items' in details ? /** @type {Record<string, any>[]} */ (details.items) : [];
        };
        const resources = rows('resource-summary');
        const transfer = (/** @type {string} */ type) => resources.find((r) => r.resourceType === type)?.transferSize ?? null;
        samples.push({
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          seo: score('seo'),
          lcpMs: Math.round(numeric('largest-contentful-paint')),
          tbtMs: Math.round(numeric('total-blocking-time')),
          cls: Number(numeric('cumulative-layout-shift').toFixed(3)),
          mainThreadMs: Math.round(numeric('mainthread-work-breakdown')),
          scriptBytes: transfer('script'),
          totalBytes: transfer('total'),
          // Main-thread time per script (parse, compile, evaluate), the three costliest.
          bootup: rows('bootup-time')
            .slice(0, 3)
            .map((i) => ({
              url: String(i.url).replace(baseUrl, ''),
              totalMs: Math.round(i.total),
              scriptingMs: Math.round(i.scripting),
              parseMs: Math.round(i.scriptParseCompile),
            })),
          scriptRequests: resources.find((r) => r.resourceType === 'script')?.requestCount ?? null,
          failedAudits: Object.values(lhr.categories)
            .filter((c) => c.id !== 'performance')
            .flatMap((c) =>
              c.auditRefs
                .filter((r) => {
                  const auditScore = lhr.audits[r.id].score;
                  return r.weight > 0 && auditScore !== null && auditScore < 1;
                })
                .map((r) => `${c.id}:${r.id}`),
            ),
        });
      }
      // Every run's performance score and blocking time, in the order they ran: a target holds only if it holds in each.
      const performanceRuns = samples.map((sample) => sample.performance);
      const tbtRuns = samples.map((sample) => sample.tbtMs);
      // The median run by performance score.
      samples.sort((a, b) => (a.performance ?? -1) - (b.performance ?? -1));
      results.push({page, ...samples[Math.floor(samples.length / 2)], runs, performanceRuns, tbtRuns});
    }
  } finally {
    await chrome.kill();
  }
  return results;
}

// 4. The validator's own benchmark, when it exists ---------------------------------------------
function validatorBench(baseUrl) {
  const script = path.join(root, 'scripts', 'bench-validator.mjs');
  if (!fs.existsSync(script)) return null;
  log('node scripts/bench-validator.mjs');
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, `${baseUrl}/docs/`], {
      cwd: root,
      env: {...process.env, BENCH_BASE_URL: `${baseUrl}/docs/`},
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('close', (code) => {
      const start = out.indexOf('{');
      try {
        resolve({exitCode: code, result: JSON.parse(out.slice(start, out.lastIndexOf('}') + 1))});
      } catch {
        resolve({exitCode: code, output: out.trim().slice(-4000)});
      }
    });
  });
}

// 5. The command setu-validate against libxml2 (whole processes; see scripts/bench-command.mjs) -----
function commandBench() {
  log('node scripts/bench-command.mjs');
  const result = spawnSync(process.execPath, [path.join(root, 'scripts', 'bench-command.mjs'), '--runs', String(Math.max(5, runs))], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 16 * 1024 * 1024,
  });
  try {
    return {exitCode: result.status, result: JSON.parse(result.stdout)};
  } catch {
    return {exitCode: result.status, output: result.stdout.trim().slice(-4000)};
  }
}

/** The command's figures as a table: median wall time of each program, and the ratios to xmllint. */
function commandTable(command) {
  const lines = [
    '',
    `**The command setu-validate against libxml2** (${command.comparison}; ${command.runs} alternating runs, ${command.machine}):`,
    '',
  ];
  lines.push('| Message | published file | bin (clone) | xmllint --schema | ratio file / bin |', '| --- | --: | --: | --: | --: |');
  const ms = (f) => (f ? `${f.medianMs} ms (${f.minMs}–${f.maxMs})` : '—');
  for (const [size, row] of Object.entries(command.figures)) {
    const ratios = row.ratioPublishedFile === undefined ? '—' : `${row.ratioPublishedFile}× / ${row.ratioBin}×`;
    lines.push(`| ${size} | ${ms(row.publishedFile)} | ${ms(row.bin)} | ${ms(row.xmllint)} | ${ratios} |`);
  }
  return lines;
}

// ----------------------------------------------------------------------------------------------
function markdown(report) {
  const lines = [];
  const b = report.build;
  if (b)
    lines.push(
      `**Cold build**: ${b.wallSeconds.toFixed(0)} s wall, peak RSS ${b.peakRssMB ?? '?'} MB (largest process, GNU time), ${b.cpus} cores. ${b.cache}.`,
      '',
    );
  const w = report.weight;
  lines.push(
    `**Build output**: ${w.pages} pages in the sitemap, ${w.htmlFiles} HTML files, ${(w.totalBytes / 1024 / 1024).toFixed(1)} MB in total (${(w.jsBytes / 1024 / 1024).toFixed(1)} MB JavaScript).`,
    `**Largest HTML page**: \`${w.largestHtml.file}\` ${kB(w.largestHtml.bytes)} (${kB(w.largestHtml.gzipBytes)} gzip)${w.largestHtml.reason ? ` — ${w.largestHtml.reason}` : ''}.`,
    `**Largest JS chunk**: \`${w.largestJs.file}\` ${kB(w.largestJs.bytes)} (${kB(w.largestJs.gzipBytes)} gzip)${w.largestJs.contents ? ` — contains ${[...w.largestJs.contents.markers, ...w.largestJs.contents.licensed].join(', ')}` : ''}.`,
    '',
  );
  if (report.lighthouse) {
    lines.push(
      '| Page | Perf | A11y | Best pr. | SEO | LCP | TBT | CLS | Main thread | JS transferred | Total transferred |',
      '| --- | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: |',
    );
    /** The median run's figure, with the range over all runs where there were several. */
    const withRange = (/** @type {number} */ median, /** @type {number[]} */ all, unit = '') =>
      all.length > 1 ? `${median}${unit} (${Math.min(...all)}–${Math.max(...all)})` : `${median}${unit}`;
    for (const r of report.lighthouse) {
      if (r.skipped) lines.push(`| \`${r.page}\` | ${r.skipped} | | | | | | | | | |`);
      else
        lines.push(
          `| \`${r.page}\` | ${withRange(r.performance, r.performanceRuns)} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${(r.lcpMs / 1000).toFixed(1)} s | ${withRange(r.tbtMs, r.tbtRuns, ' ms')} | ${r.cls} | ${(r.mainThreadMs / 1000).toFixed(1)} s | ${kB(r.scriptBytes)} | ${kB(r.totalBytes)} |`,
        );
    }
    lines.push(
      '',
      `Lighthouse ${report.lighthouseVersion}, mobile preset (simulated slow 4G, 4× CPU slowdown), ${report.chromium}, ${runs} run(s) per page: the median run by performance score, with the lowest and highest of every run in brackets.`,
    );
  }
  if (report.validator)
    lines.push('', '**Validator benchmark**:', '```json', JSON.stringify(report.validator.result ?? report.validator, null, 2), '```');
  if (report.command?.result) lines.push(...commandTable(report.command.result));
  else if (report.command)
    lines.push('', '**The command setu-validate**: the benchmark failed:', '```', report.command.output ?? '', '```');
  return lines.join('\n');
}

// 5. Side by side with a stock Docusaurus site ---------------------------------------------------
// One page of each page type of ours, and of each other build named with --sites (another commit's build, made with
// `npx docusaurus build --out-dir DIR`), measured alternately with the stock site's doc page, the same way: each build
// served with gzip on its own loopback port, Lighthouse's mobile preset, performance only. Within each run every page
// type measures every site once, the order rotating from one page type and run to the next, so that load from other
// work on the machine falls on all sites alike. The stock site has one kind of page: each page type is compared with
// the stock runs made in its own slots.
const pageTypes = {
  home: '/docs/',
  content: '/docs/gelijkwaardige-beloning/2.0/usage-notes/rates',
  'API landing': '/docs/api/p2p',
  operation: '/docs/api/p2p/create-timecard',
  dictionary: '/docs/messages/planning/1.0/PlanningRequest',
  validator: '/docs/validator',
  sandbox: '/docs/sandbox',
  conformance: '/docs/conformance',
  // As a reader opens it from the search box's "all results": Pagefind loads and the results render.
  search: '/docs/search?q=timecard',
};

/**
 * The page's main-thread work in a Lighthouse trace, by CPU time: each task's thread time (`tdur`, the time the thread
 * ran, not the time it waited for a CPU that another process had), times Lighthouse's mobile CPU slowdown. On a shared
 * machine the wall times Lighthouse simulates from swell with the load; thread times much less. The renderer's main
 * thread is the one that ran the most (the page's; Lighthouse's blank page runs little).
 * @param {any[]} traceEvents
 * @returns {{cpuBlockingMs: number, cpuMainThreadMs: number}} the sum of each task's time beyond 50 ms, and all tasks' time
 */
function cpuFigures(traceEvents, slowdown = 4) {
  const mainThreads = new Set(
    traceEvents
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  /** @type {Map<string, number[]>} */
  const byThread = new Map();
  for (const e of traceEvents) {
    const thread = `${e.pid}:${e.tid}`;
    if (e.name !== 'RunTask' || e.ph !== 'X' || typeof e.tdur !== 'number' || !mainThreads.has(thread)) continue;
    if (!byThread.has(thread)) byThread.set(thread, []);
    byThread.get(thread)?.push((e.tdur / 1000) * slowdown);
  }
  const sum = (/** @type {number[]} */ values) => values.reduce((a, b) => a + b, 0);
  const tasks = [...byThread.values()].sort((a, b) => sum(b) - sum(a))[0] ?? [];
  return {cpuBlockingMs: Math.round(sum(tasks.map((ms) => Math.max(0, ms - 50)))), cpuMainThreadMs: Math.round(sum(tasks))};
}

async function sideBySide() {
  const sites = (option('sites', 'ours=build') ?? '').split(',').map((entry, i) => {
    const [name, dir] = entry.includes('=') ? entry.split('=') : [`site${i + 1}`, entry];
    return {name, dir: path.resolve(root, dir)};
  });
  sites.push({name: 'stock', dir: stockBuild(log)});
  const chromeLauncher = await import('chrome-launcher');
  const {default: lighthouse} = await import('lighthouse');
  const servers = await Promise.all(
    sites.map(
      (site, i) =>
        new Promise((resolve) => {
          const server = createStaticServer({dir: site.dir});
          server.listen(port + i, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const chrome = await chromeLauncher.launch({chromePath: chromiumPath, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu']});
  /** @type {{run: number, type: string, site: string, page: string, tbtMs: number, lcpMs: number, cls: number, mainThreadMs: number, cpuBlockingMs: number, cpuMainThreadMs: number, performance: number, load: number}[]} */
  const samples = [];
  try {
    // --types content,operation measures only those page types (a change that touches one of them).
    const types = option('types')?.split(',') ?? Object.keys(pageTypes);
    const unknown = types.filter((type) => !(type in pageTypes));
    if (unknown.length) throw new Error(`--types: no page type ${unknown.join(', ')} (known: ${Object.keys(pageTypes).join(', ')})`);
    for (let run = 0; run < runs; run++) {
      for (const [t, type] of types.entries()) {
        const shift = (run + t) % sites.length;
        for (const site of [...sites.slice(shift), ...sites.slice(0, shift)]) {
          const page = site.name === 'stock' ? stockDocPage : pageTypes[type];
          const url = `http://127.0.0.1:${port + sites.indexOf(site)}${page}`;
          log(`run ${run + 1}/${runs} ${type}: ${site.name} ${page}`);
          const result = await lighthouse(url, {port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance']});
          if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
          const numeric = (/** @type {string} */ id) => result.lhr.audits[id]?.numericValue ?? NaN;
          samples.push({
            run,
            type,
            site: site.name,
            page,
            tbtMs: Math.round(numeric('total-blocking-time')),
            lcpMs: Math.round(numeric('largest-contentful-paint')),
            cls: Number(numeric('cumulative-layout-shift').toFixed(3)),
            // Main-thread work of the whole load (Lighthouse's mainthread-work-breakdown): less jumpy than TBT, which
            // counts only the part of each task over 50 ms.
            mainThreadMs: Math.round(numeric('mainthread-work-breakdown')),
            ...cpuFigures(result.artifacts.Trace.traceEvents),
            performance: Math.round((result.lhr.categories.performance?.score ?? 0) * 100),
            // The machine's 1-minute load average as the run ended: on a shared machine, the context of its figures.
            load: Number(os.loadavg()[0].toFixed(1)),
          });
        }
      }
    }
  } finally {
    await chrome.kill();
    for (const server of servers) /** @type {import('node:http').Server} */ (server).close();
  }
  const median = (/** @type {number[]} */ values) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
  };
  const rows = [];
  for (const type of Object.keys(pageTypes).filter((type) => samples.some((s) => s.type === type))) {
    const of = (/** @type {string} */ name) => samples.filter((s) => s.type === type && s.site === name);
    const stock = of('stock');
    const stockTbt = median(stock.map((s) => s.tbtMs));
    const stockLcp = median(stock.map((s) => s.lcpMs));
    const stockCpuBlocking = median(stock.map((s) => s.cpuBlockingMs));
    for (const site of sites) {
      const own = of(site.name);
      const tbt = median(own.map((s) => s.tbtMs));
      const lcp = median(own.map((s) => s.lcpMs));
      const cpuBlocking = median(own.map((s) => s.cpuBlockingMs));
      rows.push({
        type,
        site: site.name,
        page: own[0]?.page,
        tbtMs: tbt,
        tbtRuns: own.map((s) => s.tbtMs),
        lcpMs: lcp,
        clsMax: Math.max(...own.map((s) => s.cls)),
        mainThreadMs: median(own.map((s) => s.mainThreadMs)),
        cpuBlockingMs: cpuBlocking,
        cpuBlockingRuns: own.map((s) => s.cpuBlockingMs),
        cpuMainThreadMs: median(own.map((s) => s.cpuMainThreadMs)),
        performance: median(own.map((s) => s.performance)),
        tbtRatio: site.name === 'stock' ? 1 : Number((tbt / Math.max(stockTbt, 1)).toFixed(2)),
        lcpRatio: site.name === 'stock' ? 1 : Number((lcp / stockLcp).toFixed(2)),
        cpuBlockingRatio: site.name === 'stock' ? 1 : Number((cpuBlocking / Math.max(stockCpuBlocking, 1)).toFixed(2)),
        load: [Math.min(...own.map((s) => s.load)), Math.max(...own.map((s) => s.load))],
      });
    }
  }
  const output = {
    date: new Date().toISOString(),
    machine: `${os.cpus().length} cores, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
    runs,
    sites,
    samples,
    rows,
  };
  fs.writeFileSync(path.join(resultsDir, 'side-by-side.json'), JSON.stringify(output, null, 2));
  const lines = [
    '| Page type | Site | TBT (runs) | TBT ÷ stock | CPU blocking (runs) | ÷ stock | LCP | LCP ÷ stock | CLS (max) | Perf | Load |',
    '| --- | --- | --: | --: | --: | --: | --: | --: | --: | --: | --: |',
    ...rows.map(
      (r) =>
        `| ${r.type} | ${r.site} | ${r.tbtMs} ms (${r.tbtRuns.join(', ')}) | ${r.tbtRatio} | ${r.cpuBlockingMs} ms (${r.cpuBlockingRuns.join(', ')}) | ${r.cpuBlockingRatio} | ${(r.lcpMs / 1000).toFixed(2)} s | ${r.lcpRatio} | ${r.clsMax} | ${r.performance} | ${r.load.join('–')} |`,
    ),
  ];
  console.log(`## Side by side — ${output.date.slice(0, 16)}, ${output.machine}, ${runs} run(s)\n\n${lines.join('\n')}`);
}

if (flag('side-by-side')) {
  await sideBySide();
  process.exit(0);
}

const report = {
  date: new Date().toISOString(),
  machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 1024 ** 3)} GiB, ${os.cpus()[0]?.model ?? ''}`.trim(),
  node: process.version,
};
if (!flag('skip-build') && dirIndex < 0) report.build = coldBuild();
else if (!fs.existsSync(path.join(buildDir, 'sitemap.xml')))
  throw new Error('--skip-build: no build/ to reuse; run without it or `npm run build` first');
report.weight = pageWeight();

const server = createStaticServer({dir: buildDir});
await new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(undefined)));
const baseUrl = `http://127.0.0.1:${port}`;
try {
  report.lighthouseVersion = JSON.parse(fs.readFileSync(path.join(root, 'node_modules/lighthouse/package.json'), 'utf8')).version;
  // Without a Chromium of ours (scripts/lib/chromium.mjs), chrome-launcher finds an installed Chrome.
  report.chromium = chromiumPath ? spawnSync(chromiumPath, ['--version'], {encoding: 'utf8'}).stdout.trim() : 'found by chrome-launcher';
  if (!flag('skip-lighthouse')) report.lighthouse = await runLighthouse(baseUrl);
  report.validator = await validatorBench(baseUrl);
} finally {
  server.close();
}
report.command = commandBench();

fs.writeFileSync(path.join(resultsDir, 'latest.json'), JSON.stringify(report, null, 2));
console.log(`## Benchmark — ${report.date.slice(0, 10)}, ${report.machine}\n\n${markdown(report)}`);
log(`written ${path.relative(root, path.join(resultsDir, 'latest.json'))}`);
