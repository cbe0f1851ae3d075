/**
 * A bundler rule: `import url from './x.json?url'` gives the address of x.json, published as it is under assets/data/
 * with a hash in its name, instead of a script chunk that holds its data. The operation pages load their schemas this
 * way (operation-page.ts): the bundler then neither parses nor minifies up to 1 MB of JSON per page (build memory),
 * and the browser parses it with JSON.parse instead of running it as a script.
 */
export const dataFiles = {
  test: /\.json$/,
  resourceQuery: /^\?url$/,
  type: 'asset/resource',
  generator: {filename: 'assets/data/[name].[contenthash:8][ext]'},
};
