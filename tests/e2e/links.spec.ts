import fs from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';

// Crawls every page of the built site (from its sitemap, plus the not-found page) and checks each
// internal link: the target must exist in the build, and its #anchor must exist on the target page.

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
const idsOf = (html: string) => new Set(values(html, attribute('id')));
const linksOf = (html: string) => [...html.matchAll(/<a\s[^>]*>/g)].flatMap((m) => values(m[0], attribute('href')));

test('every internal link and anchor of the built site resolves', () => {
  const sitemap = fs.readFileSync(path.join(buildDir, 'sitemap.xml'), 'utf8');
  const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  pages.push('/docs/404.html');
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
      if (anchor && targetFile.endsWith('.html') && !idsOf(read(targetFile)).has(anchor)) {
        broken.push(`${page}: link to ${href} — no element with id "${anchor}" on ${target.pathname}`);
      }
    }
  }
  expect(checked).toBeGreaterThan(1000);
  expect(broken.length, `${broken.length} broken links:\n${broken.slice(0, 300).join('\n')}`).toBe(0);
});
