import fs from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

/**
 * Publishes the OpenAPI files of specs/ at /docs/specs/<file>.json, the download links of the
 * API pages. Copied at build time so that specs/ stays the only copy in the repository.
 */
export function publishSpecs(context: LoadContext): Plugin {
  const specsDir = path.join(context.siteDir, 'specs');
  return {
    name: 'publish-specs',
    getPathsToWatch: () => [path.join(specsDir, '*.json')],
    async postBuild({outDir}) {
      await fs.mkdir(path.join(outDir, 'specs'), {recursive: true});
      for (const file of await fs.readdir(specsDir)) {
        if (file.endsWith('.json')) await fs.copyFile(path.join(specsDir, file), path.join(outDir, 'specs', file));
      }
    },
  };
}
