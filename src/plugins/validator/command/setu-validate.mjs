#!/usr/bin/env node
// setu-validate in a clone of this repository: the package's bin (`npx setu-validate message.xml`). The site publishes
// the same command as one file (bundle.mjs, published by src/plugins/validator/).
//
// The command checks with the validators generated from specs/ (`npm run generate validators messages`), which a fresh
// clone does not have yet: the first run generates them (a few seconds, said on standard error), and so does a run
// after a spec or the registry's data changed. The check for that compares modification times only, so it costs
// nothing measurable.
//
// It then runs that one file, built into generated/commands/ when missing or older than its sources (about
// a second, with esbuild): the same code as the published file, which starts in about half the time of the same
// modules imported one by one (Node compiles one file, and only the validators of the types a run checks). Where
// esbuild is not installed (a clone installed without devDependencies), or SETU_VALIDATE_FROM_SOURCES=1 asks for it
// (the tests compare the two), it imports the modules themselves.
import fs from 'node:fs';
import {fileURLToPath} from 'node:url';

const root = new URL('../../../../', import.meta.url);
// What the engine imports from the generated code (../engine/validate-text.mjs): the catalog is rewritten whenever
// a spec or the registry changes (it holds their hash); the dictionary gives the errors' links.
const generated = [
  new URL('../../../../generated/validator/catalog.mjs', import.meta.url),
  new URL('../../../../generated/message-dictionary-index.mjs', import.meta.url),
];
// What it is generated from (src/plugins/validator/generate.mjs: the specs, the registry and the business rules).
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
  process.stderr.write(`setu-validate: ${why}: generating them from specs/ (npm run generate validators messages)…\n`);
  // Imported here only: node:child_process brings Node's socket and stream modules, ~5 ms of every run otherwise.
  const {spawnSync} = await import('node:child_process');
  const generate = spawnSync(process.execPath, [fileURLToPath(new URL('scripts/generate.mjs', root)), 'validators', 'messages'], {
    cwd: root,
    stdio: ['ignore', 2, 2],
  });
  if (generate.status !== 0) {
    process.stderr.write('setu-validate: generating the validators failed (see above); nothing was checked.\n');
    process.exit(2);
  }
  // The generator leaves files whose content did not change alone: mark them as made now.
  const now = new Date();
  for (const file of generated) fs.utimesSync(file, now, now);
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
  const file = new URL('generated/commands/setu-validate.mjs', root);
  const builtAt = fs.existsSync(file) ? fs.statSync(file).mtimeMs : -Infinity;
  const from = ['src/plugins/validator/command/', 'src/plugins/validator/engine/', 'src/data/', 'generated/validator/'];
  const stale = from.some((dir) =>
    fs
      .readdirSync(new URL(dir, root))
      .some((name) => /\.(mjs|json)$/.test(name) && fs.statSync(new URL(dir + name, root)).mtimeMs > builtAt),
  );
  if (!stale && fs.statSync(new URL('generated/message-dictionary-index.mjs', root)).mtimeMs <= builtAt) return file;
  /** @type {(outfile: string) => Promise<void>} */
  let build;
  try {
    ({buildValidatorCommand: build} = await import('./bundle.mjs'));
  } catch {
    return null;
  }
  // Built aside and renamed: two runs that start together each build their own, and neither reads half a file.
  const aside = fileURLToPath(new URL(`generated/commands/.setu-validate.${process.pid}.mjs`, root));
  fs.mkdirSync(new URL('generated/commands/', root), {recursive: true});
  await build(aside);
  fs.renameSync(aside, file);
  return file;
}
