// The remark plugin that puts the diagrams rendered at build time into the pages
// (src/remark/prerendered-mermaid.mjs): each page is compiled with MDX as Docusaurus would, rendered
// with React, and read as HTML. The renderings are stand-ins written to a temporary cache.
import {test, after} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as runtime from 'react/jsx-runtime';
import {createElement} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import {evaluate} from '@mdx-js/mdx';
import {loadFreshModule} from '@docusaurus/utils';
import prerenderedMermaid from '../../src/remark/prerendered-mermaid.mjs';
import {root, diagramKey, svgId, cacheFile, mermaidTheme} from '../../src/remark/mermaid-diagrams.mjs';

const diagramsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'setu-diagrams-'));
after(() => fs.rmSync(diagramsDir, {recursive: true, force: true}));

const rendered = 'flowchart LR\n  A --> B';
const standIn = (id) => `<svg id="${id}" role="graphics-document document" aria-roledescription="flowchart-v2"><style>#${id} .node{fill:red}</style><g id="${id}-flowchart-A-0"><text>A</text></g></svg>`;
const key = diagramKey(rendered);
fs.writeFileSync(cacheFile(key, diagramsDir), JSON.stringify({light: standIn(svgId(key, 'light')), dark: standIn(svgId(key, 'dark'))}));

const page = path.join(root, 'docs', 'example.mdx');
const block = (source) => ['```mermaid', source, '```'].join('\n');

/** The page's HTML, compiled and rendered with NODE_ENV set as `docusaurus build` or `start` sets it. */
async function html(markdown, nodeEnv = 'production') {
  const before = process.env.NODE_ENV;
  process.env.NODE_ENV = nodeEnv;
  try {
    const {default: Content} = await evaluate({path: page, value: markdown}, {...runtime, remarkPlugins: [[prerenderedMermaid, {diagramsDir}]]});
    return renderToStaticMarkup(createElement(Content));
  } finally {
    process.env.NODE_ENV = before;
  }
}

test('a build replaces a diagram with its light and its dark SVG in one container', async () => {
  const out = await html(`# Page\n\n${block(rendered)}\n\nAfter.`);
  const light = svgId(key, 'light');
  const dark = svgId(key, 'dark');
  assert.ok(
    out.includes(`<div class="docusaurus-mermaid-container"><div class="mermaid-light"><svg id="${light}"`) && out.includes(`</div><div class="mermaid-dark"><svg id="${dark}"`),
    out,
  );
  assert.ok(!out.includes('language-mermaid'), out);
  assert.match(out, /<p>After\.<\/p>$/);
});

test('a diagram repeated on one page gets ids of its own', async () => {
  const out = await html(`${block(rendered)}\n\n${block(rendered)}`);
  const ids = [...out.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
  assert.equal(ids.length, 8, out);
  assert.equal(new Set(ids).size, 8, `ids repeat: ${ids.join(' ')}`);
  assert.ok(out.includes(`#${svgId(key, 'dark')}-1 .node`), 'the copy’s style follows its renamed id');
});

test('a build stops at a diagram that was not rendered, naming file:line and the command that draws it', async () => {
  await assert.rejects(html(`# Page\n\nText.\n\n${block('flowchart LR\n  New --> Diagram')}`), (error) => {
    assert.match(error.message, /^docs\/example\.mdx:5: .*run `npm run generate diagrams`/);
    return true;
  });
});

test('`docusaurus start` leaves the code block to theme-mermaid, rendered or not', async () => {
  for (const source of [rendered, 'flowchart LR\n  New --> Diagram']) {
    const out = await html(block(source), 'development');
    assert.ok(out.includes('class="language-mermaid"') && !out.includes('<svg'), out);
  }
});

test('the Docusaurus config renders diagrams with the themes the build renders them with', async () => {
  // Loaded the way Docusaurus loads it.
  const loaded = await loadFreshModule(path.join(root, 'docusaurus.config.ts'));
  const config = loaded.default ?? loaded;
  assert.deepEqual(config.themeConfig.mermaid, mermaidTheme);
  assert.equal(config.markdown.mermaid, true, 'theme-mermaid renders the diagrams of `docusaurus start`');
  const docs = config.presets.find(([name]) => name === 'classic')[1].docs;
  assert.deepEqual(docs.beforeDefaultRemarkPlugins.map((plugin) => plugin.name), [prerenderedMermaid.name]);
});
