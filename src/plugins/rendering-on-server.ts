import type {Plugin} from '@docusaurus/types';

/**
 * The constant `process.env.RENDERING_ON_SERVER`: true in the bundle that renders the HTML, false in the browser's.
 * Code can then require a module for the server only: `process.env.RENDERING_ON_SERVER ? require('./x.json') :
 * undefined` leaves x.json out of the browser's bundle (the bundler drops the dead branch). The API reference's
 * deferred sections render their data on the server this way (src/plugins/api-reference/runtime/DeferredSection).
 */
export function renderingOnServer(): Plugin {
  return {
    name: 'rendering-on-server',
    configureWebpack(_config, isServer, utils) {
      return {plugins: [new utils.currentBundler.instance.DefinePlugin({'process.env.RENDERING_ON_SERVER': JSON.stringify(isServer)})]};
    },
  };
}
