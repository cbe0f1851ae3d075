#!/usr/bin/env node
// setu-conform in a clone of this repository: the package's bin (`npx setu-conform --api p2p --base-url …`). The site
// publishes the same command as one file (published.mjs, bundled by build.mjs).
//
// The kit judges answers with the validators generated from specs/ (`npm run generate validators messages`), which a
// fresh clone does not have yet: the first run generates them (a few seconds, said on standard error), and so does a
// run after any of their inputs changed: a spec, the registry's data (with the facts of SETU's published files) or the
// generators' sources, by setu-validate's own check (../validator/command/staleness.mjs, modification times only:
// about 2 ms). It then reads the kit's models from specs/ and runs the command from its sources.
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {generatedForCommand, whyGenerate} from '../validator/command/staleness.mjs';

const root = fileURLToPath(new URL('../../../', import.meta.url));

const why = whyGenerate(root);
if (why) {
  process.stderr.write(`setu-conform: ${why}: generating them from specs/ (npm run generate validators messages)…\n`);
  const {spawnSync} = await import('node:child_process');
  const generate = spawnSync(process.execPath, [path.join(root, 'scripts', 'generate.mjs'), 'validators', 'messages'], {
    cwd: root,
    stdio: ['ignore', 2, 2],
  });
  if (generate.status !== 0) {
    process.stderr.write('setu-conform: generating the validators failed (see above); nothing was checked.\n');
    process.exit(2);
  }
  const now = new Date();
  for (const file of generatedForCommand) fs.utimesSync(path.join(root, file), now, now);
}

const {readModels} = await import('./local-models.mjs');
const {runAsProcess} = await import('./main.mjs');
const {writerTo} = await import('../validator/command/output.mjs');
await runAsProcess(readModels(), {out: writerTo(1), err: writerTo(2)});
