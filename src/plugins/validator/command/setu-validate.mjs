#!/usr/bin/env node
// setu-validate in a clone of this repository: the package's bin (`npx setu-validate message.xml`). The site publishes
// the same command as one file (bundle.mjs, published by src/plugins/validator/).
//
// The command checks with the validators generated from specs/ (`npm run generate validators messages`), which a fresh
// clone does not have yet: the first run generates them (a few seconds, said on standard error), and so does a run
// after any of their inputs changed: a spec, the registry's data (with the facts of SETU's published files) or the
// generators' sources (staleness.mjs). The check for that compares modification times only (about 2 ms).
//
// It then runs that one file, built into generated/commands/ when missing or older than its sources (about
// a second, with esbuild): the same code as the published file, which starts in about half the time of the same
// modules imported one by one (Node compiles one file, and only the validators of the types a run checks). Where
// esbuild is not installed (a clone installed without devDependencies), or SETU_VALIDATE_FROM_SOURCES=1 asks for it
// (the tests compare the two), it imports the modules themselves.
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {commandSources, generatedForCommand, newerThan, whyGenerate} from './staleness.mjs';

const root = fileURLToPath(new URL('../../../../', import.meta.url));

const why = whyGenerate(root);
if (why) {
  process.stderr.write(`setu-validate: ${why}: generating them from specs/ (npm run generate validators messages)…\n`);
  // Imported here only: node:child_process brings Node's socket and stream modules, ~5 ms of every run otherwise.
  const {spawnSync} = await import('node:child_process');
  const generate = spawnSync(process.execPath, [path.join(root, 'scripts', 'generate.mjs'), 'validators', 'messages'], {
    cwd: root,
    stdio: ['ignore', 2, 2],
  });
  if (generate.status !== 0) {
    process.stderr.write('setu-validate: generating the validators failed (see above); nothing was checked.\n');
    process.exit(2);
  }
  // The generator leaves files whose content did not change alone: mark them as made now.
  const now = new Date();
  for (const file of generatedForCommand) fs.utimesSync(path.join(root, file), now, now);
}

const command = process.env.SETU_VALIDATE_FROM_SOURCES === '1' ? null : await builtCommand();
if (command) {
  // The file runs the command on process.argv when imported, as `node setu-validate.mjs` does.
  await import(command.href);
} else {
  const {main} = await import('./main.mjs');
  const {writerTo} = await import('./output.mjs');
  process.exitCode = await main(process.argv.slice(2), {
    out: writerTo(1),
    err: writerTo(2),
    stdin: () => process.stdin,
  });
}

/**
 * The one-file command, built again when it is missing or older than any file it is built from; null where it cannot
 * be built here (no esbuild).
 * @returns {Promise<URL | null>}
 */
async function builtCommand() {
  const file = path.join(root, 'generated', 'commands', 'setu-validate.mjs');
  const builtAt = fs.existsSync(file) ? fs.statSync(file).mtimeMs : -Infinity;
  if (newerThan(root, commandSources, builtAt) === null) return pathToFileURL(file);
  /** @type {(outfile: string) => Promise<void>} */
  let build;
  try {
    ({buildValidatorCommand: build} = await import('./bundle.mjs'));
  } catch {
    return null;
  }
  // Built aside and renamed: two runs that start together each build their own, and neither reads half a file.
  const aside = path.join(root, 'generated', 'commands', `.setu-validate.${process.pid}.mjs`);
  fs.mkdirSync(path.dirname(file), {recursive: true});
  await build(aside);
  fs.renameSync(aside, file);
  return pathToFileURL(file);
}
