import {spawn} from 'node:child_process';
import path from 'node:path';
import {build} from 'esbuild';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {firstScriptFile} from './client/results';
import {browserScriptOptions} from '../../build/browser-script.mjs';

/** Runs ./build-index.mjs in its own Node process with these options; resolves with what it prints. */
function runIndexer(options: {outDir: string; baseUrl: string; routesPaths: string[]; skip: string[]}) {
  return new Promise<{pages: number; files: number; bytes: number}>((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(__dirname, 'build-index.mjs')], {stdio: ['pipe', 'pipe', 'inherit']});
    // When another step of the build fails, Docusaurus exits while the indexer may still be running: it goes down with
    // the build, instead of finishing later and writing an EPIPE error into whatever the terminal shows by then.
    const stop = () => child.kill();
    process.once('exit', stop);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      process.off('exit', stop);
      if (code === 0) resolve(JSON.parse(output));
      else reject(new Error(`[search] indexing the build failed (exit code ${code}); see above`));
    });
    child.stdin.end(JSON.stringify(options));
  });
}

/**
 * The search page's first script (./client/first-results.ts), bundled into one small file of the build: it runs before
 * the site's bundle, so it cannot be a chunk of it. Production builds only, like the index it searches.
 */
async function writeFirstScript(outDir: string): Promise<void> {
  await build({
    entryPoints: [path.join(__dirname, 'client', 'first-results.ts')],
    outfile: path.join(outDir, firstScriptFile),
    ...browserScriptOptions,
    define: {'process.env.NODE_ENV': '"production"'},
    logLevel: 'warning',
  });
}

/**
 * The site's search, with Pagefind: after a production build, ./build-index.mjs indexes the built pages into
 * build/pagefind/ (a chunked index: a query fetches only the parts it needs); the theme folder holds the navbar's
 * search box (@theme/SearchBar) and the search page at /docs/search (@theme/SearchPage), whose first hits the page's
 * first script shows before the bundle (./client/first-results.ts). `npm start` has neither index nor first script.
 */
export function search(context: LoadContext): Plugin {
  const {baseUrl} = context.siteConfig;
  return {
    name: 'search',
    getThemePath: () => path.join(__dirname, 'theme'),
    getTypeScriptThemePath: () => path.join(__dirname, 'theme'),
    async contentLoaded({actions}) {
      actions.addRoute({path: `${baseUrl}search`, component: '@theme/SearchPage', exact: true});
    },
    async postBuild({outDir, routesPaths}) {
      const started = Date.now();
      const [{pages, files, bytes}] = await Promise.all([
        runIndexer({outDir, baseUrl, routesPaths, skip: ['/search', '/404.html']}),
        writeFirstScript(outDir),
      ]);
      console.log(
        `[search] Pagefind indexed ${pages} pages in ${((Date.now() - started) / 1000).toFixed(1)} s: ${files} files, ${(bytes / 1024).toFixed(0)} KB in build/pagefind/`,
      );
    },
  };
}
