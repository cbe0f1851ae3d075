import type {Plugin} from '@docusaurus/types';

/**
 * `import url from './x.json?url'` gives the address of x.json, published as it is under assets/data/ with a hash in
 * its name, instead of a script chunk that holds its data. The API reference's operation pages load their schemas
 * this way (src/api-reference/operation-page.ts): the bundler then neither parses nor minifies up to 1 MB of JSON per
 * page (build memory), and the browser parses it with JSON.parse instead of running it as a script.
 */
export function dataFiles(): Plugin {
  return {
    name: 'data-files',
    configureWebpack() {
      return {
        module: {
          rules: [
            {
              test: /\.json$/,
              resourceQuery: /^\?url$/,
              type: 'asset/resource',
              generator: {filename: 'assets/data/[name].[contenthash:8][ext]'},
            },
          ],
        },
      };
    },
  };
}
