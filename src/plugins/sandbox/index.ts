import fs from 'node:fs';
import path from 'node:path';
import {build, type Metafile} from 'esbuild';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {Compiler} from 'webpack';
import {apisWithReference} from '../../data/registry.mjs';
import {sandboxApiOf, type SandboxApi} from './handlers/operations.mjs';
import {browserScriptOptions} from '../../build/browser-script.mjs';

/**
 * The sandbox (issue 32): a service worker that answers every operation of every API version under
 * `/docs/sandbox/<registry id>/…`, and the page that explains it at `/docs/sandbox`.
 *
 * - The worker (worker.mjs with the handlers of handlers/) is bundled with esbuild and emitted into the client compilation as
 *   `sandbox-worker.js`, so the production build writes it to build/ and `npm start` serves it from memory, both at
 *   `/docs/sandbox-worker.js` (its scope, `/docs/`, may not be wider than its folder). The operations of each API version
 *   are read from specs/ here and put into the bundle: the worker carries no spec.
 * - The page's route is added here, with what the page shows of each API version (page/).
 * - Nothing registers the worker on a page load: ensureSandbox() in client.ts does, when a reader starts the sandbox.
 *
 * MSW (msw 3.0.5) was evaluated first and not taken: its handlers run in the page, not in the worker (so every page that
 * sends a request would load the validator, ~1 MB of code, and MSW's own ~270 KB, 90 KB compressed), its worker calls
 * `respondWith` for every request of a page once it is started (passing the others through with fetch), and it needs
 * Node 22, while the site supports Node 20. This worker is ~60 lines around the shared handlers.
 */
export function sandbox(context: LoadContext): Plugin {
  const specsDir = path.join(context.siteDir, 'specs');
  return {
    name: 'sandbox',
    getPathsToWatch: () => [path.join(specsDir, '*.json')],
    async loadContent(): Promise<SandboxContent> {
      const apis = apisWithReference.map((api) =>
        sandboxApiOf(api, JSON.parse(fs.readFileSync(path.join(specsDir, api.specFile), 'utf8'))),
      );
      return {apis};
    },
    async contentLoaded({content, actions}) {
      const {apis} = content as SandboxContent;
      const page: SandboxPageData = {
        apis: apis.map(({id, title, version, versions, resources, operations}) => ({
          id,
          title,
          version,
          versions,
          operations: operations.length,
          resources,
        })),
      };
      const data = await actions.createData('sandbox-page.json', JSON.stringify(page));
      actions.addRoute({
        path: `${context.baseUrl}sandbox`,
        component: '@site/src/plugins/sandbox/page/index.tsx',
        modules: {data},
        exact: true,
      });
    },
    configureWebpack(_config, isServer, _utils, content) {
      if (isServer) return {};
      return {plugins: [new EmitSandboxWorker((content as SandboxContent).apis, context.siteDir)]};
    },
  };
}

interface SandboxContent {
  apis: SandboxApi[];
}

/** What the sandbox page gets of the plugin (the `data` module of its route). */
export interface SandboxPageData {
  apis: (Pick<SandboxApi, 'id' | 'title' | 'version' | 'versions' | 'resources'> & {operations: number})[];
}

/** The worker's file, under the site's base URL (see ensureSandbox in client.ts). */
const workerFile = 'sandbox-worker.js';

/**
 * Bundles the worker and adds it to the client compilation's assets: written to the build, served by the dev server.
 * Rebundled when one of its inputs changed (they are added to the compilation's watched files).
 */
class EmitSandboxWorker {
  private cache: {code: string; inputs: Map<string, number>} | null = null;

  constructor(
    private readonly apis: SandboxApi[],
    private readonly siteDir: string,
  ) {}

  apply(compiler: Compiler): void {
    const {Compilation, sources} = compiler.webpack;
    compiler.hooks.thisCompilation.tap('sandbox-worker', (compilation) => {
      compilation.hooks.processAssets.tapPromise({name: 'sandbox-worker', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL}, async () => {
        const {code, inputs} = await this.bundle();
        for (const file of inputs.keys()) compilation.fileDependencies.add(file);
        compilation.emitAsset(workerFile, new sources.RawSource(code));
      });
    });
  }

  private async bundle(): Promise<{code: string; inputs: Map<string, number>}> {
    const mtime = (file: string) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : -1);
    if (this.cache && [...this.cache.inputs].every(([file, time]) => mtime(file) === time)) return this.cache;
    const entry = path.join(__dirname, 'worker.mjs');
    const result = await build({
      stdin: {
        contents: `import {startSandboxWorker} from ${JSON.stringify(entry)};\nstartSandboxWorker(${JSON.stringify(this.apis)});\n`,
        resolveDir: __dirname,
        sourcefile: 'sandbox-worker-entry.mjs',
        loader: 'js',
      },
      ...browserScriptOptions,
      metafile: true,
      write: false,
      absWorkingDir: this.siteDir,
      logLevel: 'silent',
    });
    const inputs = new Map<string, number>();
    for (const file of Object.keys((result.metafile as Metafile).inputs)) {
      const full = path.resolve(this.siteDir, file);
      if (fs.existsSync(full)) inputs.set(full, mtime(full));
    }
    this.cache = {code: result.outputFiles[0].text, inputs};
    return this.cache;
  }
}
