// The one-file setu-validate: the command of src/cli/ with the validator's engine, the validators generated from
// specs/ and its few dependencies (ajv-formats' formats) bundled into one ES module that runs on Node 20 or later with
// nothing installed. esbuild writes it (a Docusaurus build publishes it: index.ts; the unit tests and the benchmark
// build it themselves).
import {build} from 'esbuild';
import {fileURLToPath} from 'node:url';

const entry = fileURLToPath(new URL('../../cli/published.mjs', import.meta.url));

/**
 * Writes the command to `outfile`.
 * @param {string} outfile
 * @returns {Promise<void>}
 */
export async function buildValidatorCommand(outfile) {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Smaller to download, and faster to start: Node parses the whole file on every run.
    minify: true,
    legalComments: 'eof',
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
