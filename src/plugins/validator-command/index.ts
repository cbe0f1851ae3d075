import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {publishedRoute} from '../../cli/pipeline.mjs';
import {buildValidatorCommand} from './build.mjs';
import {publishedRoute as conformRoute} from '../conformance/pipeline.mjs';
import {buildConformCommand} from '../conformance/build.mjs';

/**
 * Publishes the command setu-validate as one file at /docs/tools/setu-validate.mjs (publishedRoute), linked from the
 * validator page's "Validate in your pipeline": bundled with esbuild at the end of a production build, from the same
 * engine and generated validators as the page.
 */
export function validatorCommand(_context: LoadContext): Plugin {
  return {
    name: 'validator-command',
    async postBuild({outDir}) {
      await buildValidatorCommand(path.join(outDir, ...publishedRoute.split('/').filter(Boolean)));
      // The conformance kit's command, bundled the same way (/docs/tools/setu-conform.mjs, linked from /docs/conformance).
      await buildConformCommand(path.join(outDir, ...conformRoute.split('/').filter(Boolean)));
    },
  };
}
