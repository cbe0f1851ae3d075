import fs from 'node:fs';
import path from 'node:path';
import {test, expect} from '../fixtures';
import {sitePages} from '../pages';
import {twinPath} from '../../../src/plugins/markdown-twins/twin-path.mjs';
import {formerRedirects, oldRoutes, routeOfDocFile} from '../../../src/plugins/reference-site-redirects/old-routes';

// Every address SETU's reference documentation site served a page at (src/plugins/reference-site-redirects/) answers
// here, in the form it was derived and with or without its trailing slash: with the page of the same route, or with a
// redirect to the page that holds its content now; so does every address this site has redirected (formerRedirects). And
// no other redirect exists.
// Requests to the server of the browser tests and reads of the build: no page is loaded.

const buildDir = path.resolve(__dirname, '../../../build');
const base = '/docs';
const refresh = (html: string) => /<meta http-equiv="refresh" content="0; url=([^"]+)">/.exec(html)?.[1];

test("the old routes follow Docusaurus' rules: a folder's README, index or namesake is the folder, a slug replaces the route", () => {
  expect(routeOfDocFile({file: 'README.md', slug: '/'})).toBe('/');
  expect(routeOfDocFile({file: 'api/README.md'})).toBe('/api/');
  expect(routeOfDocFile({file: 'planning/usage-notes/Readme.md'})).toBe('/planning/usage-notes/');
  expect(routeOfDocFile({file: 'a/index.mdx'})).toBe('/a/');
  expect(routeOfDocFile({file: 'gelijkwaardige-beloning/sequence diagrams/sequence diagrams.md'})).toBe(
    '/gelijkwaardige-beloning/sequence diagrams/',
  );
  expect(routeOfDocFile({file: 'planning/FAQ.md'})).toBe('/planning/FAQ');
  expect(routeOfDocFile({file: 'a/b.md', slug: 'c'})).toBe('/a/c');
  expect(routeOfDocFile({file: 'a/b.md', id: 'c'})).toBe('/a/c');
  expect(oldRoutes.filter((r) => r.now).map((r) => r.route)).toEqual([
    '/gelijkwaardige-beloning/releaseNotes',
    '/gelijkwaardige-beloning/sequence diagrams/',
  ]);
});

test("every old address of SETU's reference site answers with its page or a redirect to where its content is now", async ({request}) => {
  const pages = new Set(sitePages());
  expect(oldRoutes.length).toBeGreaterThan(30);
  const problems: string[] = [];
  for (const old of oldRoutes) {
    const url = `${base}${encodeURI(old.route)}`;
    const other = url.endsWith('/') ? url.slice(0, -1) : `${url}/`;
    // The home page's `/docs` is the host's redirect to `/docs/` (nginx, GitHub Pages), not a file of the build.
    for (const form of old.route === '/' ? [url] : [url, other]) {
      const reply = await request.get(form, {maxRedirects: 0});
      if (reply.status() !== 200) {
        problems.push(`${form} (${old.file}): ${reply.status()}`);
        continue;
      }
      const target = refresh(await reply.text());
      if (old.now) {
        const now = `${base}${old.now}`;
        if (target !== now) problems.push(`${form} (${old.file}): redirects to ${target ?? 'nowhere'}, not ${now}`);
        else if (!pages.has(now)) problems.push(`${form} (${old.file}): redirects to ${now}, not a page of the sitemap`);
        else if (!fs.readFileSync(path.join(buildDir, twinPath(now).slice(base.length)), 'utf8').includes(old.content ?? ''))
          problems.push(`${form} (${old.file}): ${now} does not hold "${old.content}"`);
      } else if (target) problems.push(`${form} (${old.file}): redirects to ${target}, but no redirect is recorded for it`);
      else if (!pages.has(url)) problems.push(`${form} (${old.file}): answers, but ${url} is not a page of the sitemap`);
    }
  }
  expect(problems).toEqual([]);
});

test('every address this site has redirected still redirects, where the old route it stands for does', async ({request}) => {
  expect(formerRedirects.map((f) => f.from)).toContain('/gelijkwaardige-beloning/sequence diagrams/sequence diagrams');
  const problems: string[] = [];
  for (const former of formerRedirects) {
    const now = `${base}${oldRoutes.find((r) => r.route === former.as)?.now}`;
    const url = `${base}${encodeURI(former.from)}`;
    for (const form of [url, url.endsWith('/') ? url.slice(0, -1) : `${url}/`]) {
      const reply = await request.get(form, {maxRedirects: 0});
      const target = reply.status() === 200 ? refresh(await reply.text()) : undefined;
      if (target !== now) problems.push(`${form}: ${reply.status()}, redirects to ${target ?? 'nowhere'}, not ${now}`);
    }
  }
  expect(problems).toEqual([]);
});

test("every redirect of the build starts at an old address of the reference site or at one of this site's former redirects", () => {
  const old = new Set(
    [...oldRoutes.map((r) => r.route), ...formerRedirects.map((f) => f.from)].map((r) => `${base}${r}`.replace(/\/$/, '')),
  );
  const redirectPages = fs
    .readdirSync(buildDir, {recursive: true, encoding: 'utf8'})
    .filter((file) => file.endsWith('index.html') && fs.statSync(path.join(buildDir, file)).size < 2048)
    .filter((file) => refresh(fs.readFileSync(path.join(buildDir, file), 'utf8')) !== undefined)
    .map((file) => `${base}/${path.dirname(file).split(path.sep).join('/')}`);
  expect(redirectPages.length).toBeGreaterThan(0);
  expect(redirectPages.filter((from) => !old.has(from))).toEqual([]);
});
