// How the site bundles a script that runs in the browser outside the site's bundle (the sandbox's service worker, the
// search page's first script): one self-contained, minified file for the browsers the site supports.

/** esbuild's options for such a file; each caller adds its entry, its output and its logging. */
export const browserScriptOptions = /** @type {const} */ ({
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: 'es2020',
  minify: true,
  legalComments: 'none',
});
