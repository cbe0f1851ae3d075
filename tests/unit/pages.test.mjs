// What the Docusaurus build would reject on a page, found in seconds: every page of docs/ compiles
// as MDX, and every link to another page's file (and its #anchor) resolves. Messages name file:line:column.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {listPages, compilePage, linkProblems, defaultDocsDir, shown} from '../../scripts/lib/mdx-pages.mjs';

const files = listPages([defaultDocsDir]);

test('docs/ has pages', () => {
  assert.ok(files.length >= 30, `only ${files.length} pages found under docs/`);
});

for (const file of files) {
  test(`${shown(file)} compiles and its page links resolve`, async () => {
    const page = await compilePage(file);
    assert.equal(page.error, null, page.error);
    const problems = await linkProblems(page, defaultDocsDir);
    assert.deepEqual(problems, [], problems.join('\n'));
  });
}

test('the link check sees the links and anchors of the pages', async () => {
  const pages = await Promise.all(files.map(compilePage));
  const fileLinks = pages.flatMap((p) => p.links).filter((l) => /\.mdx?(#|$)/.test(l.url));
  assert.ok(fileLinks.length > 50, `only ${fileLinks.length} links to page files found`);
  assert.ok(
    fileLinks.some((l) => l.url.includes('.mdx#')),
    'no link with an anchor found',
  );
  const scenarios = pages.find((p) => p.file.endsWith('gelijkwaardige-beloning/scenarios.mdx'));
  assert.ok(scenarios.ids.has('complete-delivery'), 'explicit {#id} heading ids are collected');
  const specLinks = pages.flatMap((p) => p.links).filter((l) => l.url.startsWith('/docs/specs/'));
  assert.ok(specLinks.length >= 3, `only ${specLinks.length} links to published specs found`);
});

test('a link to a spec that is not published is reported with its place', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'setu-links-'));
  const file = path.join(dir, 'page.mdx');
  fs.writeFileSync(
    file,
    '# Page\n\nDownload <a href="/docs/specs/nothing.json" download>nothing.json</a> or [this](pathname:///specs/none.json).\n',
  );
  const problems = await linkProblems(await compilePage(file), dir);
  assert.equal(problems.length, 2, problems.join('\n'));
  assert.match(problems[0], /page\.mdx:3:\d+: broken link to "\/docs\/specs\/nothing\.json": there is no file specs\/nothing\.json/);
  assert.match(problems[1], /page\.mdx:3:\d+: broken link to "pathname:\/\/\/specs\/none\.json": there is no file specs\/none\.json/);
});
