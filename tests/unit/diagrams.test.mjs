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
import {root, diagramKey, svgId, cacheFile, mermaidTheme} from '../../src/diagram-rendering.mjs';

const diagramsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'setu-diagrams-'));
after(() => fs.rmSync(diagramsDir, {recursive: true, force: true}));

const rendered = 'flowchart LR\n  A --> B';
// As Mermaid draws them: the style sheet inside the SVG, scoped to its id, in XML text, with the colours of the mode.
const standIn = (id, colour, shadow) =>
  `<svg id="${id}" role="graphics-document document" aria-roledescription="flowchart-v2"><style>#${id} .node{fill:${colour}}#${id} text.label&gt;tspan{fill:${colour}}</style>` +
  `<defs><filter id="${id}-shadow"><feDropShadow flood-color="${shadow}"></feDropShadow></filter></defs><g id="${id}-flowchart-A-0"><text>A</text></g></svg>`;
const write = (source, light, dark) => fs.writeFileSync(cacheFile(diagramKey(source), diagramsDir), JSON.stringify({light, dark}));
const key = diagramKey(rendered);
write(rendered, standIn(svgId(key, 'light'), 'white', '#000000'), standIn(svgId(key, 'dark'), 'black', '#FFFFFF'));
// A diagram whose dark rendering differs from the light one in more than colours.
const odd = 'flowchart LR\n  C --> D';
const oddKey = diagramKey(odd);
write(
  odd,
  standIn(svgId(oddKey, 'light'), 'white', '#000000'),
  standIn(svgId(oddKey, 'dark'), 'black', '#FFFFFF').replace('<text>A</text>', '<text>B</text>'),
);

const page = path.join(root, 'docs', 'example.mdx');
const block = (source) => ['```mermaid', source, '```'].join('\n');

/** The page's HTML, compiled and rendered with NODE_ENV set as `docusaurus build` or `start` sets it. */
async function html(markdown, nodeEnv = 'production') {
  const before = process.env.NODE_ENV;
  process.env.NODE_ENV = nodeEnv;
  try {
    const {default: Content} = await evaluate(
      {path: page, value: markdown},
      {...runtime, remarkPlugins: [[prerenderedMermaid, {diagramsDir}]]},
    );
    return renderToStaticMarkup(createElement(Content));
  } finally {
    process.env.NODE_ENV = before;
  }
}

test('a build replaces a diagram with one SVG that both colour modes style, the style sheets before it', async () => {
  const out = await html(`# Page\n\n${block(rendered)}\n\nAfter.`);
  const light = svgId(key, 'light');
  assert.ok(out.includes(`<div class="docusaurus-mermaid-container"><style>`), out);
  assert.ok(
    out.includes(
      `<style>:root:not([data-theme=dark]) #${light} .node{fill:white}:root:not([data-theme=dark]) #${light} text.label>tspan{fill:white}</style>`,
    ),
    'the light sheet, as CSS text',
  );
  assert.ok(
    out.includes(`<style>[data-theme=dark] #${light} .node{fill:black}[data-theme=dark] #${light} text.label>tspan{fill:black}</style>`),
    'the dark sheet, for the same SVG',
  );
  assert.ok(
    out.includes(`<style>[data-theme=dark] #${light} feDropShadow[flood-color="#000000"]{flood-color:#FFFFFF}</style>`),
    'the colour attribute the dark rendering draws differently',
  );
  assert.equal(out.match(/<svg/g).length, 1, out);
  assert.ok(!out.includes(svgId(key, 'dark')), 'nothing of the dark SVG is left');
  assert.ok(!/<svg[^]*<style>/.test(out), 'no style sheet is left inside the SVG');
  assert.ok(!out.includes('language-mermaid'), out);
  assert.match(out, /<p>After\.<\/p>$/);
});

test('a diagram whose renderings differ in more than colours keeps its light and its dark SVG', async () => {
  const out = await html(block(odd));
  const [light, dark] = [svgId(oddKey, 'light'), svgId(oddKey, 'dark')];
  assert.ok(
    out.includes(`<div class="mermaid-light"><svg id="${light}"`) && out.includes(`</div><div class="mermaid-dark"><svg id="${dark}"`),
    out,
  );
  assert.ok(
    out.includes(`[data-theme=dark] #${dark} .node{fill:black}`) &&
      out.includes(`:root:not([data-theme=dark]) #${light} .node{fill:white}`),
    out,
  );
});

test('a diagram repeated on one page gets ids of its own, and each style sheet is written once for all SVGs that use it', async () => {
  const out = await html(`${block(rendered)}\n\n${block(rendered)}\n\n${block(odd)}`);
  const ids = [...out.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
  assert.equal(ids.length, 2 * 3 + 2 * 3, 'three ids in each of the one SVG per copy and the two SVGs of the other diagram');
  assert.equal(new Set(ids).size, ids.length, `ids repeat: ${ids.join(' ')}`);
  const light = svgId(key, 'light');
  assert.ok(
    out.includes(`:root:not([data-theme=dark]) :is(#${light},#${light}-1,#${svgId(oddKey, 'light')}) .node{fill:white}`),
    'one light sheet for all three',
  );
  assert.equal(out.match(/<style>/g).length, 3, 'one light and one dark sheet for all three, one colour rule for the copies');
  assert.equal(
    out.indexOf('<style>'),
    out.indexOf('<div class="docusaurus-mermaid-container">') + '<div class="docusaurus-mermaid-container">'.length,
    'before the first diagram',
  );
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
  assert.equal(
    docs.beforeDefaultRemarkPlugins[0].name,
    prerenderedMermaid.name,
    'diagrams are replaced before any other plugin sees the code blocks',
  );
});

test('every call a Purchase to Pay sequence diagram draws is an operation of the API specification', async () => {
  const {readSpec} = await import('../../src/build/specs.mjs');
  const spec = readSpec('purchase-to-pay.json');
  // A path template of the spec as a test: a parameter stands for `{id}` as written, or an example id (`ID-example-1`).
  const operations = Object.entries(spec.paths).flatMap(([route, item]) =>
    Object.keys(item)
      .filter((m) => ['get', 'put', 'post', 'delete'].includes(m))
      .map((m) => ({method: m.toUpperCase(), test: new RegExp(`^${route.replace(/\{[^}]+\}/g, '(\\{id\\}|ID-example-\\d+)')}$`)})),
  );
  const dir = path.join(root, 'docs', 'purchase-to-pay-v2');
  let calls = 0;
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.mdx'))) {
    const text = fs.readFileSync(path.join(dir, file), 'utf8');
    for (const block of text.matchAll(/```mermaid\n([\s\S]*?)```/g)) {
      for (const [, method, route] of block[1].matchAll(/->>[^:]*:.*?\b(GET|PUT|POST|DELETE) (\/\S+)/g)) {
        calls++;
        assert.ok(
          operations.some((op) => op.method === method && op.test.test(route)),
          `docs/purchase-to-pay-v2/${file}: ${method} ${route} is no operation of specs/purchase-to-pay.json`,
        );
      }
    }
  }
  assert.ok(calls > 20, `only ${calls} calls found`);
});
