import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {bundleCommand, publishedCommands} from './command/bundle.mjs';

/**
 * The message validator:
 * - its page, `/docs/validator` (page/: the checks run in the browser, on the engine of engine/ and the validators generated
 *   from specs/ into generated/validator/);
 * - its commands as one file each, bundled with esbuild at the end of a production build from the same engine and
 *   generated validators (command/bundle.mjs): setu-validate at /docs/tools/setu-validate.mjs, linked from the page's
 *   "Validate in your pipeline", and the conformance kit's setu-conform at /docs/tools/setu-conform.mjs, linked from
 *   /docs/conformance (src/plugins/conformance/build.mjs).
 */
export function validator(context: LoadContext): Plugin {
  return {
    name: 'validator',
    async contentLoaded({actions}) {
      actions.addRoute({
        path: `${context.baseUrl}validator`,
        component: '@site/src/plugins/validator/page/index.tsx',
        exact: true,
      });
    },
    async postBuild({outDir}) {
      for (const command of publishedCommands) {
        await bundleCommand(command, path.join(outDir, ...command.route.split('/').filter(Boolean)));
      }
    },
  };
}
