// The browser bundle's entry (src/client/staged-entry.ts) evaluates main.js's modules in stages and runs Docusaurus'
// client entry last. An upgrade that renames a staged module fails the build; one that makes Docusaurus start from
// another file would leave ours running the old one, or one that no longer starts the site: these tests fail instead.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {createRequire} from 'node:module';
import {root} from '../../scripts/lib/paths.mjs';

const require = createRequire(path.join(root, 'package.json'));
const stagedEntry = fs.readFileSync(path.join(root, 'src/client/staged-entry.ts'), 'utf8');
const stages = [...stagedEntry.matchAll(/require\('([^']+)'\)/g)].map((m) => m[1]);
const docusaurusEntry = '@docusaurus/core/lib/client/clientEntry.js';

test("Docusaurus' browser bundle still starts from its client entry, the module our staged entry runs last", () => {
  const clientConfig = fs.readFileSync(require.resolve('@docusaurus/core/lib/webpack/client.js'), 'utf8');
  assert.match(clientConfig, /entry: [^\n]*'\.\.\/client\/clientEntry\.js'/, "Docusaurus' client webpack config names another entry");
  assert.equal(stages.at(-1), docusaurusEntry);
  assert.match(fs.readFileSync(require.resolve(docusaurusEntry), 'utf8'), /hydrateRoot\(/, 'the client entry no longer hydrates the page');
});

test('every staged package module still exists (the @generated ones are written by each build)', () => {
  assert.ok(stages.length >= 3, `stages found: ${stages.join(', ')}`);
  for (const stage of stages.filter((s) => !s.startsWith('@generated/'))) assert.doesNotThrow(() => require.resolve(stage), stage);
});
