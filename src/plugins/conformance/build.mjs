// The one-file setu-conform: the command of this folder with the validator's engine, the validators generated from
// specs/ (embedded as setu-validate embeds them) and the kit's models of every API version (model.mjs), which its
// entry hands to the command: the file carries no spec (~280 KB of models instead of ~1.1 MB of specs). It is one of
// the validator's published commands (src/plugins/validator/command/bundle.mjs, publishedCommands), which a Docusaurus
// build publishes (src/plugins/validator/index.ts); the unit tests build it themselves (buildConformCommand there).
import {fileURLToPath} from 'node:url';
import {readModels} from './local-models.mjs';
import {publishedRoute} from './pipeline.mjs';
import {changelog, version} from './version.mjs';

const entry = fileURLToPath(new URL('./published.mjs', import.meta.url));

/** setu-conform, as the validator's bundler publishes it. @type {import('../validator/command/bundle.mjs').PublishedCommand} */
export const setuConform = {
  name: 'setu-conform',
  entry,
  entryCode: () => `import {run} from ${JSON.stringify(entry)};\nawait run(${JSON.stringify(readModels())});\n`,
  route: publishedRoute,
  version,
  changelog,
  about: [
    'setu-conform: checks, call by call, whether a server implements a SETU API as the standard says.',
    'Usage: node setu-conform.mjs --api ID --base-url URL [options]   (node setu-conform.mjs --help). Node 20 or later.',
    "Built from the site's sources (src/plugins/conformance/, src/plugins/validator/engine/, the validators and models from specs/); do not edit.",
  ],
};
