// The one-file setu-conform: the command of this folder with the validator's engine, the validators generated from
// specs/ (embedded as setu-validate embeds them: src/plugins/validator-command/build.mjs) and the kit's models of
// every API version (model.mjs), which its entry hands to the command: the file carries no spec (~280 KB of models
// instead of ~1.1 MB of specs). A Docusaurus build publishes it (src/plugins/validator-command/index.ts); the unit
// tests build it themselves.
import {fileURLToPath} from 'node:url';
import {buildCommand} from '../validator-command/build.mjs';
import {readModels} from './local-models.mjs';

const entry = fileURLToPath(new URL('./published.mjs', import.meta.url));

/**
 * Writes the command to `outfile`.
 * @param {string} outfile
 * @param {{minify?: boolean}} [options]
 * @returns {Promise<void>}
 */
export async function buildConformCommand(outfile, {minify = true} = {}) {
  await buildCommand(
    {
      stdin: {
        contents: `import {run} from ${JSON.stringify(entry)};\nawait run(${JSON.stringify(readModels())});\n`,
        resolveDir: fileURLToPath(new URL('.', import.meta.url)),
        sourcefile: 'setu-conform-entry.mjs',
        loader: 'js',
      },
    },
    outfile,
    {
      minify,
      banner: [
        '#!/usr/bin/env node',
        '// setu-conform: checks, call by call, whether a server implements a SETU API as the standard says.',
        '// Usage: node setu-conform.mjs --api ID --base-url URL [options]   (node setu-conform.mjs --help). Node 20 or later.',
        "// Built from the site's sources (src/plugins/conformance/, src/validator/, the validators and models from specs/); do not edit.",
      ],
    },
  );
}
