import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/**
 * The browser bundle's entry becomes src/client/staged-entry.ts, which evaluates main.js's modules in a few tasks and
 * then runs Docusaurus' own client entry (see there). No option of Docusaurus names the entry; webpack-merge replaces
 * its string entry with ours.
 */
export function stagedClientEntry(): Plugin {
  return {
    name: 'staged-client-entry',
    configureWebpack(_config, isServer) {
      return isServer ? {} : {entry: path.join(__dirname, '..', 'client', 'staged-entry.ts')};
    },
  };
}
