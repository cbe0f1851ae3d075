// Where the site publishes the one-file setu-conform: in one place, so that the plugin that writes the file
// (src/plugins/validator/, through build.mjs) and the page that links it (docs/conformance.mdx, through its test) agree.

/** The route of the published file, under the site's base URL (/docs/tools/setu-conform.mjs). */
export const publishedRoute = '/tools/setu-conform.mjs';
