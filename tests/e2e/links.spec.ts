import fs from 'node:fs';
import path from 'node:path';
import {test, expect} from './fixtures';

// Crawls every page of the built site (from its sitemap, plus the not-found page) and checks each
// internal link: the target must exist in the build, and its #anchor must exist on the target page.
// And every URL of the site in each page's <head> (<meta> such as og:image, <link> such as canonical and icons)
// must answer 200: a missing social card went unnoticed because no link pointed at it.

const buildDir = path.resolve(__dirname, '../../build');
const base = '/docs/';

function fileFor(urlPath: string): string | undefined {
  if (!urlPath.startsWith(base)) return undefined;
  const relative = decodeURIComponent(urlPath.slice(base.length));
  for (const candidate of [relative, path.join(relative, 'index.html'), `${relative}.html`]) {
    const full = path.join(buildDir, candidate);
    if (fs.existsSync(full) && fs.statSync(full).isFile()) return full;
  }
  return undefined;
}

const htmlCache = new Map<string, string>();
const read = (file: string) => htmlCache.get(file) ?? htmlCache.set(file, fs.readFileSync(file, 'utf8')).get(file)!;
const decode = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
// The build minifies HTML: attribute values may be unquoted.
const attribute = (name: string) => new RegExp(`\\s${name}=(?:"([^"]*)"|'([^']*)'|([^\\s>"']+))`, 'g');
const values = (html: string, re: RegExp) => [...html.matchAll(re)].map((m) => decode(m[1] ?? m[2] ?? m[3]));
const idsCache = new Map<string, Set<string>>();
/** The ids of a built file's elements, parsed once per file (a page is the target of many links). */
const idsOf = (file: string) => idsCache.get(file) ?? idsCache.set(file, new Set(values(read(file), attribute('id')))).get(file)!;
const linksOf = (html: string) => [...html.matchAll(/<a\s[^>]*>/g)].flatMap((m) => values(m[0], attribute('href')));

function sitePages() {
  const sitemap = fs.readFileSync(path.join(buildDir, 'sitemap.xml'), 'utf8');
  const urls = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]));
  // The site's own origin (`url` in docusaurus.config.ts), which absolute URLs in the head use.
  return {origin: urls[0].origin, pages: [...urls.map((url) => url.pathname), '/docs/404.html']};
}

test('every internal link and anchor of the built site resolves', () => {
  const {pages} = sitePages();
  expect(pages.length).toBeGreaterThan(100);

  const broken: string[] = [];
  let checked = 0;
  for (const page of pages) {
    const file = fileFor(page);
    if (!file) {
      broken.push(`${page}: listed in the sitemap but not in the build`);
      continue;
    }
    for (const href of linksOf(read(file))) {
      if (/^(https?:|mailto:|tel:|javascript:)/.test(href) || href === '') continue;
      const target = new URL(href, `http://site${page}`);
      checked++;
      const targetFile = target.pathname === new URL(`http://site${page}`).pathname ? file : fileFor(target.pathname);
      if (!targetFile) {
        broken.push(`${page}: link to ${href} — no such page`);
        continue;
      }
      const anchor = decodeURIComponent(target.hash.slice(1));
      if (anchor && targetFile.endsWith('.html') && !idsOf(targetFile).has(anchor)) {
        broken.push(`${page}: link to ${href} — no element with id "${anchor}" on ${target.pathname}`);
      }
    }
  }
  expect(checked).toBeGreaterThan(1000);
  expect(broken.length, `${broken.length} broken links:\n${broken.slice(0, 300).join('\n')}`).toBe(0);
});

/** URLs in the <meta> and <link> elements of a page's head: `content` values that are URLs, every `href`. */
function headUrlsOf(html: string): string[] {
  const head = html.slice(0, html.indexOf('</head>'));
  const metas = [...head.matchAll(/<meta\s[^>]*>/g)].flatMap((m) => values(m[0], attribute('content')));
  const links = [...head.matchAll(/<link\s[^>]*>/g)].flatMap((m) => values(m[0], attribute('href')));
  return [...metas.filter((content) => /^(https?:\/\/|\/)/.test(content)), ...links];
}

test('every URL of the site in the head of every page answers 200 (og:image, canonical, icons, alternates, …)', async ({request}) => {
  const {origin, pages} = sitePages();
  const referrers = new Map<string, string>();
  for (const page of pages) {
    const file = fileFor(page);
    if (!file) continue; // reported by the link crawl
    for (const href of headUrlsOf(read(file))) {
      const url = new URL(href, `${origin}${page}`);
      if (url.origin !== origin) continue; // another site's (preconnects, the repository)
      if (!referrers.has(url.pathname)) referrers.set(url.pathname, page);
    }
  }
  // Each page's canonical URL, the favicon, the social card and the style sheet at least.
  expect(referrers.size).toBeGreaterThan(pages.length);
  for (const required of ['/docs/img/social-card.png', '/docs/img/favicon.svg']) expect([...referrers.keys()]).toContain(required);

  // Eight requests at a time: one after the other, the round trips added up to seconds.
  const broken: string[] = [];
  const queue = [...referrers];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [urlPath, page] = next;
      const status = (await request.get(urlPath, {maxRedirects: 0})).status();
      if (status !== 200) broken.push(`${urlPath} (in the head of ${page}): ${status}`);
    }
  };
  await Promise.all(Array.from({length: 8}, worker));
  expect(broken.sort(), `${broken.length} head URLs do not answer 200:\n${broken.join('\n')}`).toEqual([]);
});

test('the social card is a 1200 × 630 PNG', () => {
  const png = fs.readFileSync(path.join(buildDir, 'img/social-card.png'));
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  // The IHDR chunk: width and height as 32-bit big-endian integers at bytes 16 and 20.
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  expect(png.length).toBeLessThan(100_000);
});
