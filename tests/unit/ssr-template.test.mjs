// The page template of the site (src/ssr-template.ts) is Docusaurus' own with its scripts made inert and one loader
// added. When a Docusaurus upgrade changes its template, this test fails, so that ours follows.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {createRequire} from 'node:module';
import {loadFreshModule} from '@docusaurus/utils';
import {root} from '../../src/build/paths.mjs';

const require = createRequire(import.meta.url);

/** The inline script at the end of the template's body. */
const loaderOf = (template) => /<script>(.*)<\/script>\s*<\/body>/.exec(template)?.[1];

test('the page template is Docusaurus’ own, with the scripts listed inert and a loader at the end of the body', async () => {
  const {ssrTemplate} = await loadFreshModule(path.join(root, 'src/ssr-template.ts'));
  const docusaurusTemplate = require('@docusaurus/core/lib/ssg/ssgTemplate.html.js').default;
  const deferred = '<script src="<%= it.baseUrl %><%= script %>" defer></script>';
  assert.ok(docusaurusTemplate.includes(deferred), 'Docusaurus no longer writes its scripts as <script defer>: update src/ssr-template.ts');
  const expected = docusaurusTemplate
    .replace(deferred, '<script type="docusaurus/script" data-src="<%= it.baseUrl %><%= script %>"></script>')
    .replace(/\s*<\/body>/, `\n    <script>${loaderOf(ssrTemplate)}</script>$&`);
  assert.equal(ssrTemplate, expected);
});

test('the loader adds every inert script once, in order, after the first frame', async () => {
  const {ssrTemplate} = await loadFreshModule(path.join(root, 'src/ssr-template.ts'));
  const loader = loaderOf(ssrTemplate);
  const added = [];
  const frames = [];
  const timers = [];
  const inert = ['/docs/a.js', '/docs/b.js'].map((src) => ({getAttribute: (name) => (name === 'data-src' ? src : null)}));
  const document = {
    querySelectorAll: (selector) => (selector === 'script[type="docusaurus/script"]' ? inert : []),
    createElement: () => ({}),
    head: {appendChild: (script) => added.push(script)},
  };
  new Function('document', 'requestAnimationFrame', 'setTimeout', loader)(
    document,
    (f) => frames.push(f),
    (f, ms) => timers.push({f, ms}),
  );
  assert.equal(added.length, 0, 'a script was added before the first frame');
  frames.forEach((f) => f());
  timers.sort((a, b) => a.ms - b.ms).forEach(({f}) => f());
  assert.deepEqual(
    added.map((s) => [s.src, s.async]),
    [
      ['/docs/a.js', false],
      ['/docs/b.js', false],
    ],
  );
  timers.forEach(({f}) => f());
  assert.equal(added.length, 2, 'the fallback added the scripts a second time');
});
