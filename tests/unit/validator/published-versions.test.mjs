// scripts/published-versions.mjs, which the site's workflow runs before a deploy: a versioned command file the live site
// serves never changes (a build that would change it fails, naming the version to bump), and earlier versions are kept
// in the build, checked against the live SHA256SUMS. Against a live site served here; no bundling (~0.2 s).
import {test, before, after} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {createHash} from 'node:crypto';
import {spawnSync} from 'node:child_process';
import {keepPublishedVersions} from '../../../scripts/published-versions.mjs';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'setu-versions-'));
const sha256 = (/** @type {string} */ text) => createHash('sha256').update(text).digest('hex');
const sumsOf = (/** @type {Record<string, string>} */ files) =>
  Object.entries(files)
    .map(([name, text]) => `${sha256(text)}  ${name}\n`)
    .join('');

/** @type {Record<string, string> | null} what the live site serves under /docs/tools/ (null: no SHA256SUMS) */
let live = null;
/** @type {http.Server} */
let server;
let liveTools = '';
before(async () => {
  server = http.createServer((request, response) => {
    const name = (request.url ?? '').replace('/docs/tools/', '');
    const text = live?.[name];
    if (text === undefined) response.writeHead(404).end();
    else response.writeHead(200).end(text);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  liveTools = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}/docs/tools/`;
});
after(() => {
  server.close();
  fs.rmSync(tmp, {recursive: true, force: true});
});

/** A build's tools folder with these files and their SHA256SUMS. */
function buildWith(/** @type {string} */ name, /** @type {Record<string, string>} */ files) {
  const dir = path.join(tmp, name);
  fs.mkdirSync(dir);
  for (const [file, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, file), text);
  fs.writeFileSync(path.join(dir, 'SHA256SUMS'), sumsOf(files));
  return dir;
}
const liveWith = (/** @type {Record<string, string>} */ files, sums = sumsOf(files)) => (live = {...files, SHA256SUMS: sums});

test('the same version with the same bytes passes; earlier versions are added to the build and its SHA256SUMS', async () => {
  liveWith({'setu-validate.mjs': 'v2', 'setu-validate-1.0.0.mjs': 'v1', 'setu-validate-1.1.0.mjs': 'v2'});
  const dir = buildWith('same', {'setu-validate.mjs': 'v3', 'setu-validate-1.1.0.mjs': 'v2', 'setu-validate-1.2.0.mjs': 'v3'});
  const {kept} = await keepPublishedVersions(liveTools, dir);
  assert.deepEqual(kept, ['setu-validate-1.0.0.mjs']);
  assert.equal(fs.readFileSync(path.join(dir, 'setu-validate-1.0.0.mjs'), 'utf8'), 'v1');
  // The moving name is the build's; sha256sum accepts the whole list.
  const check = spawnSync('sha256sum', ['--check', '--strict', 'SHA256SUMS'], {cwd: dir, encoding: 'utf8'});
  assert.equal(check.status, 0, check.stdout + check.stderr);
  assert.equal(check.stdout.match(/: OK$/gm)?.length, 4);
});

test('a versioned file whose content would change fails, naming it and what to bump', async () => {
  liveWith({'setu-validate.mjs': 'v1', 'setu-validate-1.0.0.mjs': 'v1'});
  const dir = buildWith('changed', {'setu-validate.mjs': 'v1 changed', 'setu-validate-1.0.0.mjs': 'v1 changed'});
  await assert.rejects(keepPublishedVersions(liveTools, dir), /setu-validate-1\.0\.0\.mjs would change .*Bump the command's version/);
});

test('a live file that does not match the live SHA256SUMS is not kept; a first deploy keeps nothing', async () => {
  liveWith({'setu-validate-1.0.0.mjs': 'v1 tampered'}, sumsOf({'setu-validate-1.0.0.mjs': 'v1'}));
  const dir = buildWith('tampered', {'setu-validate.mjs': 'v2', 'setu-validate-1.1.0.mjs': 'v2'});
  await assert.rejects(keepPublishedVersions(liveTools, dir), /setu-validate-1\.0\.0\.mjs: its SHA-256 is .*, not /);
  assert.ok(!fs.existsSync(path.join(dir, 'setu-validate-1.0.0.mjs')));
  live = null;
  assert.deepEqual(await keepPublishedVersions(liveTools, buildWith('first', {'setu-validate-1.0.0.mjs': 'v1'})), {kept: []});
});
