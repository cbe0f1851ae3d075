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

/**
 * Runs the loader against a stand-in page: two inert scripts, and a first script of the page where `first` is true.
 * Returns what it added to <head>, in order, and the page's frames, timers and event listeners to fire.
 */
function runLoader(loader, first = false) {
  const added = [];
  const frames = [];
  const timers = [];
  const listeners = [];
  const inert = ['/docs/a.js', '/docs/b.js'].map((src) => ({getAttribute: (name) => (name === 'data-src' ? src : null)}));
  const firstScript = first && {addEventListener: (type, f) => listeners.push({on: 'first script', type, f})};
  const document = {
    querySelectorAll: (selector) => (selector === 'script[type="docusaurus/script"]' ? inert : []),
    querySelector: (selector) => (selector === 'script[data-first-script]' ? firstScript || null : null),
    createElement: () => ({}),
    head: {appendChild: (script) => added.push(script)},
    addEventListener: (type, f) => listeners.push({on: 'document', type, f}),
  };
  const addEventListener = (type, f, capture) => listeners.push({on: 'window', type, f, capture});
  new Function('document', 'requestAnimationFrame', 'setTimeout', 'addEventListener', loader)(
    document,
    (f) => frames.push(f),
    (f, ms) => timers.push({f, ms}),
    addEventListener,
  );
  const srcs = () => added.map((s) => [s.src, s.async]);
  return {added, srcs, frames, timers, listeners};
}

test('the loader adds every inert script once, in order, after the first frame', async () => {
  const {ssrTemplate} = await loadFreshModule(path.join(root, 'src/ssr-template.ts'));
  const {added, srcs, frames, timers} = runLoader(loaderOf(ssrTemplate));
  assert.equal(added.length, 0, 'a script was added before the first frame');
  frames.forEach((f) => f());
  timers.sort((a, b) => a.ms - b.ms).forEach(({f}) => f());
  assert.deepEqual(srcs(), [
    ['/docs/a.js', false],
    ['/docs/b.js', false],
  ]);
  timers.forEach(({f}) => f());
  assert.equal(added.length, 2, 'the fallback added the scripts a second time');
});

test("after a page's first script: the bundle starts when it is done, fails, the reader presses a key or a pointer, or after 3 s", async () => {
  const {ssrTemplate} = await loadFreshModule(path.join(root, 'src/ssr-template.ts'));
  const loader = loaderOf(ssrTemplate);
  const bundle = [
    ['/docs/a.js', false],
    ['/docs/b.js', false],
  ];
  const fire = (run, type) => run.listeners.filter((l) => l.type === type).forEach((l) => l.f());

  const done = runLoader(loader, true);
  done.frames.forEach((f) => f());
  assert.equal(done.added.length, 0, 'the bundle started at the first frame, before the first script was done');
  fire(done, 'first-script-done');
  assert.deepEqual(done.srcs(), bundle);
  fire(done, 'keydown');
  done.timers.forEach(({f}) => f());
  assert.equal(done.added.length, 2, 'the bundle was added a second time');

  const failed = runLoader(loader, true);
  assert.ok(failed.listeners.some((l) => l.on === 'first script' && l.type === 'error'));
  fire(failed, 'error');
  assert.deepEqual(failed.srcs(), bundle, 'a first script that does not load holds nothing');

  for (const type of ['keydown', 'pointerdown', 'input']) {
    const pressed = runLoader(loader, true);
    assert.ok(
      pressed.listeners.some((l) => l.on === 'window' && l.type === type && l.capture === true),
      `${type} is heard before the page's own handlers`,
    );
    fire(pressed, type);
    assert.deepEqual(pressed.srcs(), bundle, `${type} starts the bundle`);
  }

  const slow = runLoader(loader, true);
  assert.deepEqual(
    slow.timers.map(({ms}) => ms),
    [3000],
    'one cap',
  );
  slow.timers[0].f();
  assert.deepEqual(slow.srcs(), bundle, 'the cap starts the bundle');
});
