// The commands the site publishes as one file each (publishedCommands: setu-validate, and the conformance kit's
// setu-conform from src/plugins/conformance/build.mjs), bundled with esbuild with the
// validator's engine, the validators generated from specs/ and their few dependencies (ajv-formats' formats) into one
// ES module that runs on Node 20 or later with nothing installed. A Docusaurus build publishes them (../index.ts), each
// under its moving name and its versioned one, with SHA256SUMS (publishedFiles); `npm run pack:commands` makes the npm
// package of the same files; the unit tests, the benchmark and the clone's bin (setu-validate.mjs) build setu-validate
// themselves.
//
// The validators (generated/validator/validators-<spec>.mjs, most of the code) are embedded deflated, one string per
// message type, which embedded-module.mjs inflates and compiles when that type's validator is first looked up: a run
// checks one type (or a few, when it detects), Node parses and compiles the whole file on every start, and compiling
// a whole spec's validators to check a Timecard cost three times what the Timecard's own do. Each type's string is its
// validate function and what it reaches, tree-shaken by esbuild out of its spec's module; the functions types share
// (Identifier, Party, …) travel once per type, which makes the file larger but not slower to start.
import {build} from 'esbuild';
import {createHash} from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {deflateRawSync, constants} from 'node:zlib';
import {fileURLToPath} from 'node:url';
import {checksumsRoute, checksumsText, publishedRoute, versionedRoute} from './pipeline.mjs';
import {changelog, version} from './version.mjs';
import {setuConform} from '../../conformance/build.mjs';

/**
 * A command the site publishes as one file.
 * @typedef {object} PublishedCommand
 * @property {string} name the command's name, e.g. `setu-validate`
 * @property {string} entry the module the file is bundled from, which runs the command on `process.argv`; with
 *   `entryCode`, the module that code imports
 * @property {() => string} [entryCode] where the command needs what only the build makes (setu-conform: the kit's
 *   models from specs/): the code of the file's entry, made when it is bundled, which hands that to `entry`
 * @property {string} route where the site publishes the file, under its base URL (`/tools/setu-validate.mjs`)
 * @property {string[]} about the file's first comment lines, after its `#!`: what it is and how to run it
 * @property {string} version the command's own version, which `--version` prints and the versioned file is named by
 *   (its module, like version.mjs for setu-validate, says when to bump it)
 * @property {{version: string, date: string, changes: string[]}[]} changelog its releases that changed verdicts, newest first
 */

/** setu-validate: checks message files as the validator page does. */
export const setuValidate = {
  name: 'setu-validate',
  entry: fileURLToPath(new URL('./published.mjs', import.meta.url)),
  route: publishedRoute,
  about: [
    'setu-validate: checks SETU messages (JSON or XML) as the validator of the SETU documentation site does.',
    'Usage: node setu-validate.mjs [options] FILE...   (node setu-validate.mjs --help). Node 20 or later.',
    "Built from the site's sources (src/plugins/validator/command/, engine/ and the validators generated from specs/); do not edit.",
  ],
  version,
  changelog,
};

/** Every command the site publishes, bundled after each production build (../index.ts). @type {PublishedCommand[]} */
export const publishedCommands = [setuValidate, setuConform];

const runtime = fileURLToPath(new URL('./embedded-module.mjs', import.meta.url));
/** What the embedded validators import: the formats that the rest of the file bundles as well, passed to them. */
const shared = ['ajv-formats/dist/formats.js'];

/** @type {import('esbuild').Plugin} */
const embedSpecValidators = {
  name: 'embed-spec-validators',
  setup(plugin) {
    plugin.onResolve({filter: /^\.\/validators-[^/]+\.mjs$/}, (args) =>
      args.importer.endsWith('validators.mjs')
        ? {path: fileURLToPath(new URL(args.path, `file://${args.importer}`)), namespace: 'embedded-spec'}
        : undefined,
    );
    plugin.onLoad({filter: /.*/, namespace: 'embedded-spec'}, async (args) => {
      const {imports, flat, exported} = flatSpecModule(fs.readFileSync(args.path, 'utf8'), args.path);
      /** @type {Record<string, string>} */
      const parts = {};
      for (const name of exported) {
        const bundled = await build({
          stdin: {contents: `export {${name}} from 'spec';`, resolveDir: fileURLToPath(new URL('.', import.meta.url))},
          bundle: true,
          write: false,
          platform: 'node',
          format: 'cjs',
          target: 'node20',
          minify: true,
          external: shared,
          logLevel: 'silent',
          plugins: [
            {
              name: 'spec-module',
              setup(inner) {
                inner.onResolve({filter: /^spec$/}, () => ({path: args.path, namespace: 'flat-spec'}));
                inner.onLoad({filter: /.*/, namespace: 'flat-spec'}, () => ({
                  contents: `${imports}\n${flat}`,
                  resolveDir: fileURLToPath(new URL('.', `file://${args.path}`)),
                }));
              },
            },
          ],
        });
        parts[name] = deflateRawSync(bundled.outputFiles[0].contents, {level: constants.Z_BEST_COMPRESSION}).toString('base64');
      }
      return {
        resolveDir: fileURLToPath(new URL('.', import.meta.url)),
        contents: [
          `import {runEmbedded} from ${JSON.stringify(runtime)};`,
          ...shared.map((name, i) => `import * as shared${i} from ${JSON.stringify(name)};`),
          // `import * as` gives the namespace; the embedded CommonJS code requires the module's own exports.
          `const modules = {${shared.map((name, i) => `${JSON.stringify(name)}: shared${i}.default ?? shared${i}`).join(', ')}};`,
          `const parts = ${JSON.stringify(parts)};`,
          // As the generated module's load(): the validate functions by export name, each made when first looked up.
          'const made = {};',
          'export const load = () => Object.defineProperties({}, Object.fromEntries(Object.keys(parts).map((name) =>',
          '  [name, {enumerable: true, get: () => (made[name] ??= runEmbedded(parts[name], modules)[name])}])));',
        ].join('\n'),
      };
    });
  },
};

/**
 * A spec's validator module (src/plugins/validator/generate.mjs writes it: imports, then `export function load() {…}` around
 * Ajv's standalone code, whose `exports.validate_N = fn;` name the types' functions) as top-level code that exports
 * those functions, so that esbuild can leave out what a type's function does not reach.
 * @param {string} text
 * @param {string} file for the error
 */
function flatSpecModule(text, file) {
  const head = 'export function load() {\nconst exports = {};\n';
  const tail = '\nreturn exports;\n}';
  const at = text.indexOf(head);
  const end = text.lastIndexOf(tail);
  if (at === -1 || end < at)
    throw new Error(`${file}: not the form of module src/plugins/validator/generate.mjs writes (load() around Ajv's code)`);
  const exportLine = /exports\.(validate_\d+) = (\w+);/g;
  const body = text.slice(at + head.length, end);
  const exported = [...body.matchAll(exportLine)].map((m) => [m[1], m[2]]);
  const flat = body.replace(exportLine, '');
  if (exported.length === 0 || /\bexports\b/.test(flat)) throw new Error(`${file}: its validators' exports are not in the expected form`);
  return {
    imports: text.slice(0, at),
    flat: `${flat}\nexport {${exported.map(([name, fn]) => `${fn} as ${name}`).join(', ')}};`,
    exported: exported.map(([name]) => name),
  };
}

/**
 * A command as one file.
 * @param {PublishedCommand} command
 * @param {{minify?: boolean}} [options] `minify: false` for a profile that names functions
 * @returns {Promise<Uint8Array>} the file's bytes
 */
export async function bundledCommand(command, {minify = true} = {}) {
  const result = await build({
    ...(command.entryCode
      ? {
          stdin: {
            contents: command.entryCode(),
            resolveDir: path.dirname(command.entry),
            sourcefile: `${command.name}-entry.mjs`,
            loader: 'js',
          },
        }
      : {entryPoints: [command.entry]}),
    // Only names the output: nothing is written (write: false).
    outfile: `${command.name}.mjs`,
    write: false,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Smaller to download, and faster to start: Node parses the whole file on every run.
    minify,
    legalComments: 'eof',
    plugins: [embedSpecValidators],
    banner: {js: ['#!/usr/bin/env node', ...command.about.map((line) => `// ${line}`)].join('\n')},
    logLevel: 'silent',
  });
  return result.outputFiles[0].contents;
}

/**
 * Writes a command as one file to `outfile`.
 * @param {PublishedCommand} command
 * @param {string} outfile
 * @param {{minify?: boolean}} [options]
 */
export async function bundleCommand(command, outfile, options) {
  const bytes = await bundledCommand(command, options);
  fs.mkdirSync(path.dirname(outfile), {recursive: true});
  fs.writeFileSync(outfile, bytes);
}

/**
 * Writes setu-validate as one file to `outfile`.
 * @param {string} outfile
 * @param {{minify?: boolean}} [options]
 */
export const buildValidatorCommand = (outfile, options) => bundleCommand(setuValidate, outfile, options);

/**
 * Writes setu-conform as one file to `outfile`.
 * @param {string} outfile
 * @param {{minify?: boolean}} [options]
 */
export const buildConformCommand = (outfile, options) => bundleCommand(setuConform, outfile, options);

/** @typedef {import('./pipeline.mjs').PublishedRelease} PublishedRelease */

/**
 * What a build publishes of the commands: each command's file under its moving name and its versioned name (the same
 * bytes), and SHA256SUMS listing every file; with what the validator page shows of each command. A command without a
 * version fails: its versioned name would not exist.
 * @param {PublishedCommand[]} [commands]
 * @returns {Promise<{releases: PublishedRelease[], files: {route: string, bytes: Uint8Array}[]}>}
 */
export async function publishedFiles(commands = publishedCommands) {
  /** @type {PublishedRelease[]} */
  const releases = [];
  /** @type {{route: string, bytes: Uint8Array}[]} */
  const files = [];
  for (const command of commands) {
    if (!/^\d+\.\d+\.\d+$/.test(command.version ?? ''))
      throw new Error(`publishedCommands: ${command.name} has no version of the form 1.2.3 (it names its versioned file)`);
    const bytes = await bundledCommand(command);
    const release = {
      name: command.name,
      version: command.version,
      route: command.route,
      versionedRoute: versionedRoute(command.route, command.version),
      sha256: createHash('sha256').update(bytes).digest('hex'),
      changelog: command.changelog ?? [],
    };
    releases.push(release);
    files.push({route: release.route, bytes}, {route: release.versionedRoute, bytes});
  }
  files.push({route: checksumsRoute, bytes: new TextEncoder().encode(checksumsText(releases))});
  return {releases, files};
}

/**
 * Writes files by route under `dir` (a build's output folder).
 * @param {string} dir
 * @param {{route: string, bytes: Uint8Array}[]} files
 */
export function writeFiles(dir, files) {
  for (const {route, bytes} of files) {
    const file = path.join(dir, ...route.split('/').filter(Boolean));
    fs.mkdirSync(path.dirname(file), {recursive: true});
    fs.writeFileSync(file, bytes);
  }
}
