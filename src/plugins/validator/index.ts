import type {LoadContext, Plugin} from '@docusaurus/types';
import {publishedFiles, writeFiles} from './command/bundle.mjs';
import type {PublishedRelease} from './command/pipeline.mjs';

/** What the plugin loads: each published command's version and checksum, which the page shows. */
export type ValidatorContent = {releases: PublishedRelease[]};

/**
 * The message validator:
 * - its page, `/docs/validator` (page/: the checks run in the browser, on the engine of engine/ and the validators generated
 *   from specs/ into generated/validator/);
 * - its commands as one file each, bundled with esbuild from the same engine and generated validators (command/bundle.mjs),
 *   published under a moving name and a versioned one with SHA256SUMS at the end of a production build: setu-validate at
 *   /docs/tools/setu-validate.mjs and /docs/tools/setu-validate-<version>.mjs, linked from the page's "Validate in your
 *   pipeline", and the conformance kit's setu-conform (src/plugins/conformance/build.mjs), linked from /docs/conformance. They are bundled when the plugin loads, before the pages are rendered, so that the page and its Markdown
 *   twin (which reads this plugin's content) show the checksum of the very file the build publishes.
 */
export function validator(context: LoadContext): Plugin {
  // The files, kept here until postBuild writes them: plugin content is what pages and other plugins read.
  let files: {route: string; bytes: Uint8Array}[] = [];
  return {
    name: 'validator',
    async loadContent(): Promise<ValidatorContent> {
      const published = await publishedFiles();
      files = published.files;
      return {releases: published.releases};
    },
    async contentLoaded({content, actions}) {
      const releases = await actions.createData('published-commands.json', JSON.stringify((content as ValidatorContent).releases));
      actions.addRoute({
        path: `${context.baseUrl}validator`,
        component: '@site/src/plugins/validator/page/index.tsx',
        exact: true,
        modules: {releases},
      });
    },
    async postBuild({outDir}) {
      writeFiles(outDir, files);
    },
  };
}
