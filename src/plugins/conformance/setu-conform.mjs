#!/usr/bin/env node
// setu-conform in a clone of this repository: the package's bin (`npx setu-conform --api p2p --base-url …`). The site
// publishes the same command as one file (published.mjs, bundled by build.mjs).
//
// The kit judges answers with the validators generated from specs/ (`npm run generate validators messages`), which a
// fresh clone does not have yet: the first run generates them (a few seconds, said on standard error), and so does a
// run after a spec or the registry's data changed (modification times only: it costs nothing measurable). It then reads
// the kit's models from specs/ and runs the command from its sources.
import fs from 'node:fs';
import {fileURLToPath} from 'node:url';

const root = new URL('../../../', import.meta.url);
// What the kit imports from the generated code: the catalog is rewritten whenever a spec or the registry changes (it
// holds their hash); the dictionary gives the errors' links.
const generated = [new URL('generated/validator/catalog.mjs', root), new URL('generated/message-dictionary-index.mjs', root)];
const sources = [new URL('specs/', root), new URL('src/data/', root)];

/** Why the generated code must be made again: it is missing, or older than a spec or the registry's data; else null. */
function whyGenerate() {
  let made = Infinity;
  for (const file of generated) {
    if (!fs.existsSync(file)) return 'this clone has no generated validators yet';
    made = Math.min(made, fs.statSync(file).mtimeMs);
  }
  for (const dir of sources) {
    for (const name of fs.readdirSync(dir)) {
      if (name.endsWith('.json') && fs.statSync(new URL(name, dir)).mtimeMs > made) return `${fileURLToPath(new URL(name, dir))} changed`;
    }
  }
  return null;
}

const why = whyGenerate();
if (why) {
  process.stderr.write(`setu-conform: ${why}: generating them from specs/ (npm run generate validators messages)…\n`);
  const {spawnSync} = await import('node:child_process');
  const generate = spawnSync(process.execPath, [fileURLToPath(new URL('scripts/generate.mjs', root)), 'validators', 'messages'], {
    cwd: root,
    stdio: ['ignore', 2, 2],
  });
  if (generate.status !== 0) {
    process.stderr.write('setu-conform: generating the validators failed (see above); nothing was checked.\n');
    process.exit(2);
  }
  const now = new Date();
  for (const file of generated) fs.utimesSync(file, now, now);
}

const {readModels} = await import('./local-models.mjs');
const {runAsProcess} = await import('./main.mjs');
const {writerTo} = await import('../validator/command/output.mjs');
await runAsProcess(readModels(), {out: writerTo(1), err: writerTo(2)});
