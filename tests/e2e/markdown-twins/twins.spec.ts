import fs from 'node:fs';
import path from 'node:path';
import * as cheerio from 'cheerio';
import {test, expect} from '../fixtures';
import {hydrated} from '../pages';
import {twinPath} from '../../../src/plugins/markdown-twins/twin-path.mjs';
import {apis} from '../../../src/data/registry.mjs';

// The Markdown twin of every page (src/plugins/markdown-twins), llms.txt and llms-full.txt in the build, and the
// "Copy page as Markdown" control in the browser.

const repo = path.resolve(__dirname, '../../..');
const buildDir = path.join(repo, 'build');
const readSpec = (file: string) => JSON.parse(fs.readFileSync(path.join(repo, 'specs', file), 'utf8'));
const site = 'https://setu-standards.github.io';
const fileOfRoute = (route: string) => path.join(buildDir, ...route.replace(/^\/docs\//, '').split('/'));
const read = (route: string) => fs.readFileSync(fileOfRoute(route), 'utf8');
const sitemapRoutes = () => [...read('/docs/sitemap.xml').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);

/** The page's HTML file: `x/index.html` (Docusaurus) or `x.html`. */
function htmlOf(route: string): string {
  const candidates = [path.join(fileOfRoute(route), 'index.html'), `${fileOfRoute(route).replace(/\/$/, '')}.html`];
  const file = candidates.find((f) => fs.existsSync(f));
  if (!file) throw new Error(`no HTML file for ${route}`);
  return fs.readFileSync(file, 'utf8');
}

const entities: Record<string, string> = {amp: '&', lt: '<', gt: '>', quot: '"', nbsp: ' ', '#39': "'", '#x27': "'"};
const plain = (s: string) =>
  s
    .replace(/<[^>]+>/g, '')
    .replace(/&(amp|lt|gt|quot|nbsp|#39|#x27);/g, (_, e: string) => entities[e])
    .replace(/\u200b/g, '')
    .replace(/\s+/g, ' ')
    .trim();
/** The text of a Markdown heading line: escapes, code and emphasis marks removed. */
const headingText = (line: string) =>
  line
    .replace(/^#\s+/, '')
    .replace(/\\(.)/g, '$1')
    .replace(/`|\*\*/g, '')
    .replace(/\s+/g, ' ')
    .trim();
/** The Markdown without code blocks and code spans, which may show anything (XML, patterns). */
const withoutCode = (markdown: string) => markdown.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '').replace(/`[^`\n]*`/g, '');

test.describe('Markdown twins in the build', () => {
  test('every page of the sitemap has a twin that starts with its H1, holds no HTML chrome, links absolutely, and is named in its head', () => {
    const routes = sitemapRoutes();
    expect(routes.length).toBeGreaterThan(100);
    const problems: string[] = [];
    for (const route of routes) {
      const twinFile = fileOfRoute(twinPath(route));
      if (!fs.existsSync(twinFile)) {
        problems.push(`${route}: no ${twinPath(route)}`);
        continue;
      }
      const twin = fs.readFileSync(twinFile, 'utf8');
      const html = htmlOf(route);
      const h1 = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1];
      const firstLine = twin.split('\n')[0];
      if (!firstLine.startsWith('# ')) problems.push(`${route}: the twin starts with "${firstLine.slice(0, 60)}", not an H1`);
      else if (h1 === undefined || headingText(firstLine) !== plain(h1))
        problems.push(`${route}: H1 "${h1 && plain(h1)}", twin "${headingText(firstLine)}"`);
      const chrome = /<(nav|script|footer|header|aside|div|button|style|svg)\b|className=|class="/.exec(withoutCode(twin));
      if (chrome) problems.push(`${route}: the twin holds ${chrome[0]}`);
      const relative = /\]\((?!https?:\/\/|mailto:)[^)]*\)/.exec(withoutCode(twin));
      if (relative) problems.push(`${route}: a link that is not absolute: ${relative[0]}`);
      if (Buffer.byteLength(twin) > 150 * 1024) problems.push(`${route}: twin of ${Buffer.byteLength(twin)} bytes, over 150 KB`);
      if (!html.includes(`<link rel="alternate" type="text/markdown" href="${twinPath(route)}"`))
        problems.push(`${route}: no alternate link`);
    }
    expect(problems).toEqual([]);
  });

  test("every page's URL plus .md answers with its twin, with or without its trailing slash, in the build and from the server", async ({
    request,
  }) => {
    // The addresses an assistant makes by adding `.md` to a page's URL in either form (`/x/` → `/x/index.md` and, without
    // the slash, `/x.md`; `/x` → `/x.md` and, with a slash, `/x/index.md`). The build holds them all, so that a static host
    // (GitHub Pages) serves them; `/docs.md` (the home page without its slash) lies outside the build, where the host's
    // configuration serves it (scripts/static-server.mjs here, deploy/nginx/setu-docs.conf, .github/workflows/deploy.yml).
    const routes = sitemapRoutes();
    const problems: string[] = [];
    const urls: [string, string][] = [];
    for (const route of routes) {
      const twin = read(twinPath(route));
      const bare = route.replace(/\/$/, '');
      for (const url of [`${bare}.md`, `${bare}/index.md`]) {
        urls.push([url, twin]);
        if (url === '/docs.md') continue;
        if (!fs.existsSync(fileOfRoute(url))) problems.push(`${url}: not in the build`);
        else if (read(url) !== twin) problems.push(`${url}: not the twin of ${route}`);
      }
    }
    // Eight requests at a time to the server of the browser tests.
    const queue = [...urls];
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const [url, twin] = next;
        const reply = await request.get(url, {maxRedirects: 0});
        if (reply.status() !== 200) problems.push(`${url}: ${reply.status()} from the server`);
        else if (reply.headers()['content-type'] !== 'text/markdown; charset=utf-8')
          problems.push(`${url}: ${reply.headers()['content-type']}`);
        else if ((await reply.text()) !== twin) problems.push(`${url}: the server answers with another text`);
      }
    };
    await Promise.all(Array.from({length: 8}, worker));
    expect(urls.length).toBeGreaterThan(2 * 100);
    expect(problems.sort(), `${problems.length} twin addresses do not answer:\n${problems.slice(0, 40).join('\n')}`).toEqual([]);
  });

  test('every page a twin or llms.txt links, plus .md, is a twin in the build', () => {
    const files = ['/docs/llms.txt', ...sitemapRoutes().map(twinPath)];
    const broken = new Set<string>();
    for (const file of files) {
      // A URL written as text whose colon the Markdown writer escaped is no link (and no address) for a reader.
      for (const [escaped] of read(file).matchAll(/https?\\:\/\/\S*/g)) broken.add(`${escaped} (an escaped URL in ${file})`);
      for (const [url] of read(file).matchAll(/https:\/\/setu-standards\.github\.io\/docs\/[^\s)>\]"'`]*/g)) {
        const {pathname} = new URL(url.replace(/[.,:;]+$/, '')); // a URL at the end of a sentence
        // A file (a twin, a spec, llms-full.txt, the commands' SHA256SUMS), not a page.
        if (/\.[a-z]+$/.test(pathname) || fs.statSync(fileOfRoute(pathname), {throwIfNoEntry: false})?.isFile()) continue;
        // The home page's `/docs.md` is outside the build (its hosts serve it): its twin here is /docs/index.md.
        const twin = pathname === '/docs/' ? '/docs/index.md' : `${pathname.replace(/\/$/, '')}.md`;
        if (!fs.existsSync(fileOfRoute(twin))) broken.add(`${twin} (linked as ${url} in ${file})`);
      }
    }
    expect([...broken]).toEqual([]);
  });

  test('every link of llms.txt resolves in the build; current versions come before previous ones', () => {
    const llms = read('/docs/llms.txt');
    expect(llms).toMatch(/^# SETU documentation\n\n> /);
    const urls = [...llms.matchAll(/https?:\/\/[^\s)]+/g)].map((m) => m[0]);
    expect(urls.length).toBeGreaterThan(100);
    const broken = urls.filter((url) => {
      if (!url.startsWith(`${site}/docs/`)) return true;
      const route = new URL(url).pathname;
      if (/\.(md|txt|json)$/.test(route)) return !fs.existsSync(fileOfRoute(route));
      try {
        htmlOf(route);
        return false;
      } catch {
        return true;
      }
    });
    expect(broken).toEqual([]);
    for (const api of apis) {
      expect(llms, `${api.standard} v${api.version}`).toContain(`${site}${twinPath(`/docs${api.docsRoute}`)}`);
    }
    const headings = llms.match(/^## .*/gm) ?? [];
    const firstPrevious = headings.findIndex((h) => /previous version/.test(h));
    expect(firstPrevious).toBeGreaterThan(0);
    expect(headings.slice(0, firstPrevious).join('\n')).toMatch(/current/);
    expect(headings.slice(firstPrevious).join('\n')).not.toMatch(/\(current/);
  });

  test('llms-full.txt holds the current documentation and leaves the previous versions out', () => {
    const full = read('/docs/llms-full.txt');
    expect(full).toContain(`URL: ${site}/docs/gelijkwaardige-beloning/2.0/usage-notes/rates\n`);
    expect(full).toContain(`URL: ${site}/docs/planning/scenario-1\n`);
    expect(full).not.toContain(`URL: ${site}/docs/gelijkwaardige-beloning/usage-notes/rates\n`);
    expect(full).toContain(read(twinPath('/docs/planning/scenario-1')).trim());
  });

  test("a dictionary page's twin gives the namespace as code, never empty", () => {
    const twin = read('/docs/messages/planning/1.0/PlanningRequest.md');
    expect(twin).toContain('in the namespace `https://ontology.setu.nl/planning#`');
    expect(twin).not.toContain('&#35;');
    expect(read('/docs/messages/purchase-to-pay/2.0/Timecard.md')).toContain('in the namespace `https://ontology.setu.nl/messages`');
    for (const route of ['/docs/messages/planning/2.0/PlanningRequest.md', '/docs/messages/purchase-to-pay/2.0/TimeInterval.md'])
      expect(read(route)).not.toContain('namespace ``');
  });

  test('llms-full/ holds one file per standard and version, each named in llms.txt and a fraction of llms-full.txt', () => {
    const llms = read('/docs/llms.txt');
    const full = read('/docs/llms-full.txt');
    const planning2 = read('/docs/llms-full/planning-2.0.txt');
    expect(llms).toContain(`${site}/docs/llms-full/planning-2.0.txt`);
    expect(planning2).toContain(`URL: ${site}/docs/messages/planning/2.0/PlanningRequest\n`);
    expect(planning2).toContain(`URL: ${site}/docs/messages/planning/changes/1.0-to-2.0\n`);
    expect(planning2).not.toContain(`URL: ${site}/docs/planning/scenario-1\n`);
    expect(planning2.length).toBeLessThan(full.length / 3);
  });

  test('every code block a page shows is in its twin, character for character', () => {
    // Code is copied and run: a twin that changes a character of it (a `${…}` percent-encoded in a URL) hands an
    // assistant a command that fails. A block inside a blockquote (an admonition's) carries the quote's `> ` marks.
    // The twins of the React pages are written apart (page-twins.mjs): of those, the validator's workflow is checked.
    const blocksOf = (markdown: string) => {
      const unquoted = markdown.replace(/^(> ?)+/gm, '');
      return new Set(
        [markdown, unquoted].flatMap((text) => [...text.matchAll(/^ *(`{3,}|~{3,})[^\n]*\n([\s\S]*?)^ *\1$/gm)].map((m) => m[2].trimEnd())),
      );
    };
    const pageBlocks = (route: string) => {
      const html = htmlOf(route);
      const selector = route === '/docs/validator' ? '[data-testid="github-actions-workflow"]' : 'pre.prism-code';
      // Most pages (the API reference's, the dictionary's) have no code block: not parsed.
      if (!html.includes(route === '/docs/validator' ? 'github-actions-workflow' : 'prism-code')) return [];
      const $ = cheerio.load(html);
      return $(selector)
        .toArray()
        .map((pre) => {
          const lines = $(pre).find('.token-line');
          return (lines.length ? lines.toArray().map((line) => $(line).text()) : [$(pre).text()]).join('\n').trimEnd();
        });
    };
    const problems: string[] = [];
    let checked = 0;
    for (const route of sitemapRoutes().filter((r) => !['/docs/sandbox', '/docs/search'].includes(r))) {
      const inTwin = blocksOf(read(twinPath(route)));
      for (const block of pageBlocks(route)) {
        checked++;
        if (!inTwin.has(block)) problems.push(`${route}: ${JSON.stringify(block.slice(0, 200))}…`);
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(problems, `${problems.length} code blocks of pages are not in their twins as written`).toEqual([]);
  });

  test('every operation twin carries its method, path and the fields of its request body', () => {
    const problems: string[] = [];
    for (const api of apis) {
      const spec = readSpec(api.specFile);
      const schemas = spec.components?.schemas ?? {};
      for (const [route, pathItem] of Object.entries<
        Record<string, {operationId?: string; requestBody?: {content?: Record<string, {schema?: {$ref?: string}}>}}>
      >(spec.paths)) {
        for (const [method, operation] of Object.entries(pathItem)) {
          if (!operation?.operationId) continue;
          const twinRoute = twinPath(`/docs${api.referenceRoute}/${operation.operationId}`);
          const twin = fs.existsSync(fileOfRoute(twinRoute)) ? read(twinRoute) : '';
          if (!twin.includes(`\`${method.toUpperCase()} ${route}\``)) problems.push(`${twinRoute}: no ${method.toUpperCase()} ${route}`);
          const ref = Object.values(operation.requestBody?.content ?? {})[0]?.schema?.$ref;
          const properties = Object.keys(ref ? (schemas[ref.split('/').pop()!]?.properties ?? {}) : {});
          for (const property of properties) {
            if (!twin.includes(`- \`${property}\` (`)) problems.push(`${twinRoute}: no field ${property}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

test('Copy page as Markdown copies the twin, from the keyboard, with the network gone after the page loaded', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {origin: baseURL});
  for (const route of ['/docs/planning/scenario-1', '/docs/api/p2p/create-timecard']) {
    await test.step(`copies the twin of ${route}, from the keyboard, with the network gone after the page loaded`, async () => {
      const twinLoaded = page.waitForResponse((r) => new URL(r.url()).pathname === twinPath(route) && r.ok());
      await page.goto(route);
      await hydrated(page);
      await twinLoaded;
      await context.setOffline(true);
      const button = page.getByRole('button', {name: 'Copy page as Markdown'});
      await button.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('status').filter({hasText: 'Copied'})).toBeVisible();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toBe(read(twinPath(route)));
      await context.setOffline(false);
    });
  }
});
