// The static host the browser tests and the benchmark use (scripts/static-server.mjs): it serves build/ under /docs/
// as a web server would, and never a file outside build/.
import {test, before, after} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {createStaticServer} from '../../scripts/static-server.mjs';

let server;
let base;
const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'setu-static-'));
const dir = path.join(parent, 'build');

before(async () => {
  fs.mkdirSync(path.join(dir, 'planning', 'FAQ'), {recursive: true});
  fs.mkdirSync(path.join(dir, 'assets', 'js'), {recursive: true});
  fs.writeFileSync(path.join(dir, '404.html'), '<h1>Page not found</h1>');
  fs.writeFileSync(path.join(dir, 'index.html'), `<h1>Home</h1>${'<p>text</p>'.repeat(200)}`);
  fs.writeFileSync(path.join(dir, 'planning', 'FAQ', 'index.html'), '<h1>FAQ</h1>');
  fs.writeFileSync(path.join(dir, 'search.html'), '<h1>Search</h1>');
  fs.writeFileSync(path.join(dir, 'planning', 'FAQ.md'), '# FAQ');
  fs.writeFileSync(path.join(dir, 'index.md'), '# Home');
  fs.writeFileSync(path.join(dir, 'llms.txt'), '# SETU');
  fs.mkdirSync(path.join(dir, 'tools'));
  fs.writeFileSync(path.join(dir, 'tools', 'SHA256SUMS'), `${'0'.repeat(64)}  setu-validate.mjs\n`);
  fs.writeFileSync(path.join(dir, 'tools', 'setu-validate.mjs'), '#!/usr/bin/env node\n');
  fs.writeFileSync(path.join(dir, 'assets', 'js', 'main.0123abcd.js'), 'console.log(1);');
  fs.writeFileSync(path.join(parent, 'secret.txt'), 'outside the build');
  // A sibling whose name starts with the build folder's: a prefix test on paths would let it through.
  fs.mkdirSync(path.join(parent, 'build-old'));
  fs.writeFileSync(path.join(parent, 'build-old', 'secret.txt'), 'outside the build');
  server = createStaticServer({dir});
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${server.address().port}`;
});

after(() => {
  server.close();
  fs.rmSync(parent, {recursive: true, force: true});
});

const get = (url, headers = {}) => fetch(`${base}${url}`, {headers, redirect: 'manual'});

test('serves a folder by its index.html, with and without the trailing slash, and x by x.html', async () => {
  for (const url of ['/docs/', '/docs/planning/FAQ', '/docs/planning/FAQ/', '/docs/planning/FAQ/index.html', '/docs/search']) {
    const res = await get(url);
    assert.equal(res.status, 200, url);
    assert.match(res.headers.get('content-type'), /text\/html/, url);
  }
  assert.match(await (await get('/docs/planning/FAQ')).text(), /FAQ/);
});

test('serves the Markdown twins and llms.txt as UTF-8 text', async () => {
  const twin = await get('/docs/planning/FAQ.md');
  assert.equal(twin.status, 200);
  assert.equal(twin.headers.get('content-type'), 'text/markdown; charset=utf-8');
  assert.equal(await twin.text(), '# FAQ');
  // The home page's twin by its URL without the slash, which lies outside the build folder.
  for (const url of ['/docs/index.md', '/docs.md']) {
    const home = await get(url);
    assert.equal(home.status, 200, url);
    assert.equal(home.headers.get('content-type'), 'text/markdown; charset=utf-8', url);
    assert.equal(await home.text(), '# Home', url);
  }
  const index = await get('/docs/llms.txt');
  assert.equal(index.status, 200);
  assert.equal(index.headers.get('content-type'), 'text/plain; charset=utf-8');
});

test('serves the commands’ SHA256SUMS as UTF-8 text and the commands as JavaScript, as the nginx configuration does', async () => {
  for (const [url, type] of [
    ['/docs/tools/SHA256SUMS', 'text/plain; charset=utf-8'],
    ['/docs/tools/setu-validate.mjs', 'text/javascript; charset=utf-8'],
  ]) {
    const res = await get(url);
    assert.equal(res.status, 200, url);
    assert.equal(res.headers.get('content-type'), type, url);
  }
});

test('answers unknown paths and paths outside /docs/ with the not-found page and status 404', async () => {
  for (const url of ['/docs/nothing-here', '/', '/other/index.html']) {
    const res = await get(url);
    assert.equal(res.status, 404, url);
    assert.match(await res.text(), /Page not found/, url);
  }
});

test('never serves a file outside build/, however the path is encoded', async () => {
  for (const url of [
    '/docs/../secret.txt',
    '/docs/..%2Fsecret.txt',
    '/docs/%2e%2e/secret.txt',
    '/docs/%2e%2e%2fsecret.txt',
    '/docs/planning/..%2F..%2Fsecret.txt',
    '/docs/..%2Fbuild-old/secret.txt',
    '/docs/%2e%2e%2fbuild-old%2fsecret.txt',
  ]) {
    const res = await get(url);
    assert.notEqual(res.status, 200, url);
    assert.doesNotMatch(await res.text(), /outside the build/, url);
  }
});

test('compresses text with gzip, never brotli, and caches only hashed assets for long', async () => {
  const page = await get('/docs/', {'Accept-Encoding': 'gzip, deflate, br'});
  assert.equal(page.headers.get('content-encoding'), 'gzip');
  assert.equal(page.headers.get('cache-control'), 'no-cache');
  const asset = await get('/docs/assets/js/main.0123abcd.js');
  assert.equal(asset.status, 200);
  assert.match(asset.headers.get('cache-control'), /max-age=31536000.*immutable/);
});
