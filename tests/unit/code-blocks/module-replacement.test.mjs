// The theme module the bundles swap for a stand-in (src/plugins/code-blocks/module-replacement.mjs). An upgrade of the theme
// that moves or renames it would silently bring the heavy module back: these tests fail instead.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {modulePattern, replacements} from '../../../src/plugins/code-blocks/module-replacement.mjs';
import {root} from '../../../src/build/paths.mjs';

for (const {replaces, by} of replacements) {
  test(`${replaces} is still there, and ${by} takes its place`, () => {
    const file = path.join(root, 'node_modules', replaces);
    assert.ok(fs.existsSync(file), `${replaces} no longer exists: the theme moved it, so the bundles would get the theme's module again`);
    assert.ok(fs.existsSync(path.join(root, 'src/plugins/code-blocks', by)), `${by} is missing`);
    const pattern = modulePattern(replaces);
    assert.match(file, pattern, 'the file itself');
    assert.match(file.replace(/\.js$/, ''), pattern, 'the file imported without its extension');
  });
}

test('a replacement matches only its own module', () => {
  const pattern = modulePattern('@docusaurus/theme-classic/lib/prism-include-languages.js');
  // The function of the same name that the theme's client module calls is a theme component, left as it is.
  assert.doesNotMatch('/x/node_modules/@docusaurus/theme-classic/lib/theme/prism-include-languages.js', pattern);
  assert.doesNotMatch('/x/node_modules/@docusaurus/theme-classic/lib/prism-include-languages.json', pattern);
});
