import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {readModels} from './local-models.mjs';
import {pageApiOf, type PageApi} from './page-data.mjs';
import {setuConform} from './build.mjs';
import type {ValidatorContent} from '../validator';

/**
 * The conformance kit's page, /docs/conformance (docs/conformance.mdx): its lists of checks per API version come from
 * the kit's own plan (page-data.mjs), read from specs/ here and written as one data file that the page's component
 * (theme/ConformanceChecks) imports as `@generated/conformance/default/conformance-checks.json`. The command itself
 * is src/plugins/conformance/ as well; the validator command's bundler publishes it (/docs/tools/setu-conform.mjs).
 */
export function conformance(context: LoadContext): Plugin {
  const specsDir = path.join(context.siteDir, 'specs');
  return {
    name: 'conformance',
    getThemePath: () => path.join(__dirname, 'theme'),
    getPathsToWatch: () => [path.join(specsDir, '*.json')],
    async loadContent(): Promise<PageApi[]> {
      return readModels(`${specsDir}/`).map(pageApiOf);
    },
    async contentLoaded({content, actions}) {
      await actions.createData('conformance-checks.json', JSON.stringify(content));
    },
    // The page's workflow pins the version and SHA-256 of the very file this build publishes, which the validator
    // plugin bundles when it loads (src/plugins/validator/index.ts).
    async allContentLoaded({allContent, actions}) {
      const releases = (allContent.validator?.default as ValidatorContent | undefined)?.releases ?? [];
      const release = releases.find((r) => r.name === setuConform.name);
      if (!release)
        throw new Error('conformance: the validator plugin published no setu-conform (src/plugins/validator/command/bundle.mjs)');
      await actions.createData('setu-conform-release.json', JSON.stringify(release));
    },
  };
}
