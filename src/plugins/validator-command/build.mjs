// The one-file setu-validate: the command of src/cli/ with the validator's engine, the validators generated from
// specs/ and its few dependencies (ajv-formats' formats) bundled into one ES module that runs on Node 20 or later with
// nothing installed. esbuild writes it (a Docusaurus build publishes it: index.ts; the unit tests and the benchmark
// build it themselves).
//
// Each spec's validators (generated/validator/validators-<spec>.mjs, most of the code) are bundled on their own and
// embedded deflated, as a string that embedded-module.mjs inflates and compiles when generated/validator/validators.mjs
// first loads that spec: a run checks one spec's messages, and Node parses and compiles the whole file on every start.
import {build} from 'esbuild';
import {deflateRawSync, constants} from 'node:zlib';
import {fileURLToPath} from 'node:url';

const entry = fileURLToPath(new URL('../../cli/published.mjs', import.meta.url));
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
      const bundled = await build({
        entryPoints: [args.path],
        bundle: true,
        write: false,
        platform: 'node',
        format: 'cjs',
        target: 'node20',
        minify: true,
        external: shared,
        logLevel: 'silent',
      });
      const source = bundled.outputFiles[0].contents;
      const base64 = deflateRawSync(source, {level: constants.Z_BEST_COMPRESSION}).toString('base64');
      return {
        resolveDir: fileURLToPath(new URL('.', import.meta.url)),
        contents: [
          `import {runEmbedded} from ${JSON.stringify(runtime)};`,
          ...shared.map((name, i) => `import * as shared${i} from ${JSON.stringify(name)};`),
          // `import * as` gives the namespace; the embedded CommonJS code requires the module's own exports.
          `const modules = {${shared.map((name, i) => `${JSON.stringify(name)}: shared${i}.default ?? shared${i}`).join(', ')}};`,
          `export const load = () => runEmbedded(${JSON.stringify(base64)}, modules).load();`,
        ].join('\n'),
      };
    });
  },
};

/**
 * Writes the command to `outfile`.
 * @param {string} outfile
 * @param {{minify?: boolean}} [options] `minify: false` for a profile that names functions
 * @returns {Promise<void>}
 */
export async function buildValidatorCommand(outfile, {minify = true} = {}) {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Smaller to download, and faster to start: Node parses the whole file on every run.
    minify,
    legalComments: 'eof',
    plugins: [embedSpecValidators],
    banner: {
      js: [
        '#!/usr/bin/env node',
        '// setu-validate: checks SETU messages (JSON or XML) as the validator of the SETU documentation site does.',
        '// Usage: node setu-validate.mjs [options] FILE...   (node setu-validate.mjs --help). Node 20 or later.',
        "// Built from the site's sources (src/cli/, src/validator/ and the validators generated from specs/); do not edit.",
      ].join('\n'),
    },
    logLevel: 'silent',
  });
}
