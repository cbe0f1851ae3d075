// The message dictionary (/docs/messages/): pages generated from specs/ by src/plugins/message-dictionary/generate.mjs into
// generated/message-dictionary/ (`npm run generate messages`), served by a docs-plugin instance of its own, so that
// its sidebar (generated from the folders) lists only the messages, and without a table of contents (hundreds of
// fields per page; the generated pages turn it off); the entries' element (theme/MessageField); and the downloads of
// each message (a JSON Schema and the examples), published at /docs/messages/files/…. docusaurus.config.ts lists
// `...messageDictionary()`; UPGRADING.md ("The message dictionary") says what here depends on Docusaurus.
import fs from 'node:fs/promises';
import path from 'node:path';
import type {Plugin, PluginConfig} from '@docusaurus/types';
import {dictionaryDir} from '../../generated-dir.mjs';

/** The route base of the dictionary's pages, under /docs. */
const dictionaryRoute = 'messages';

/**
 * The downloads, generated into generated/message-dictionary/_files/, copied at build time to /docs/messages/files/:
 * the docs plugin that serves the folder ignores `_` folders and files other than pages. The entries' component
 * (theme/MessageField) is the theme component `@theme/MessageField` that the generated pages import.
 */
function messageDictionaryPlugin(): Plugin {
  return {
    name: 'message-dictionary',
    getThemePath: () => path.join(__dirname, 'theme'),
    async postBuild({outDir}) {
      await fs.cp(path.join(dictionaryDir, '_files'), path.join(outDir, dictionaryRoute, 'files'), {recursive: true});
    },
  };
}

export function messageDictionary(): PluginConfig[] {
  return [
    [
      '@docusaurus/plugin-content-docs',
      {
        id: 'messages',
        path: 'generated/message-dictionary',
        routeBasePath: dictionaryRoute,
        breadcrumbs: true,
        numberPrefixParser: false,
      },
    ],
    messageDictionaryPlugin,
  ];
}
