// The bin setu-validate generates the validators again when any of their inputs is newer than them
// (src/plugins/validator/command/staleness.mjs): a spec, the registry's data at any depth (the facts of SETU's published
// files in src/data/published-forms/ included) and the generators' own sources. Tried on a copy of the layout in a
// temporary folder, so that the repository's generated files keep their times; and the list of inputs held to what the
// generators import.
import {test, after} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {build} from 'esbuild';
import {root} from '../../../src/build/paths.mjs';
import {commandSources, generatedForCommand, generatorInputs, whyGenerate} from '../../../src/plugins/validator/command/staleness.mjs';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'setu-staleness-'));
after(() => fs.rmSync(tmp, {recursive: true, force: true}));

const made = new Date('2026-01-01T12:00:00Z');
const later = new Date('2026-01-01T12:01:00Z');

/** A clone's layout in a folder of its own: every file older than its generated code, then `newer` made newer. */
function cloneWith(/** @type {string} */ name, /** @type {string | null} */ newer) {
  const dir = path.join(tmp, name);
  const inputs = [
    'specs/planning.json',
    'src/data/apis.json',
    'src/data/published-forms/planning-1.0/PlanningRequest.xml-form.json',
    'src/build/published-forms.mjs',
    'src/plugins/validator/generate.mjs',
    'src/plugins/validator/engine/xml-model.mjs',
    'src/plugins/message-dictionary/message-dictionary.mjs',
  ];
  for (const file of [...inputs, ...generatedForCommand]) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), {recursive: true});
    fs.writeFileSync(path.join(dir, file), '');
    fs.utimesSync(path.join(dir, file), made, made);
  }
  if (newer) fs.utimesSync(path.join(dir, newer), later, later);
  return dir;
}

test('nothing newer than the generated code: nothing to generate', () => {
  assert.equal(whyGenerate(cloneWith('fresh', null)), null);
});

test('no generated code: generate it', () => {
  const dir = cloneWith('none', null);
  fs.rmSync(path.join(dir, 'generated'), {recursive: true});
  assert.equal(whyGenerate(dir), 'this clone has no generated validators yet');
});

for (const input of [
  'src/data/published-forms/planning-1.0/PlanningRequest.xml-form.json',
  'specs/planning.json',
  'src/data/apis.json',
  'src/build/published-forms.mjs',
  'src/plugins/validator/generate.mjs',
  'src/plugins/validator/engine/xml-model.mjs',
  'src/plugins/message-dictionary/message-dictionary.mjs',
]) {
  test(`${input} newer than the generated code: generate it again, naming the file`, () => {
    assert.equal(whyGenerate(cloneWith(input.replace(/\W+/g, '-'), input)), `${input} changed`);
  });
}

test('every input of the generators is in the list the bin looks at, and every path of the lists exists', async () => {
  const result = await build({
    entryPoints: ['src/plugins/validator/generate.mjs', 'src/plugins/message-dictionary/generate.mjs'],
    absWorkingDir: root,
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    metafile: true,
    write: false,
    outdir: 'out',
    logLevel: 'silent',
  });
  const sources = Object.keys(result.metafile.inputs).filter((file) => !file.startsWith('node_modules/'));
  assert.ok(sources.length > 10, sources.join(', '));
  const covered = (/** @type {string} */ file) =>
    generatorInputs.some((input) => (input.endsWith('/') ? file.startsWith(input) : file === input));
  assert.deepEqual(
    sources.filter((file) => !covered(file)),
    [],
    'files the generators import but the bin does not look at (generatorInputs in src/plugins/validator/command/staleness.mjs)',
  );
  for (const input of [...generatorInputs, ...commandSources]) assert.ok(fs.existsSync(path.join(root, input)), `${input} does not exist`);
});
