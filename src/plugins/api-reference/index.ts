// The API reference (/docs/api/<api>/…): the OpenAPI plugin's pages of every API version of the registry, composed by
// this site's page generators, with the theme's components that this site wraps, the code the pages run, and the
// bundle split that keeps it all off the content pages. docusaurus.config.ts lists `...apiReference()`; see
// UPGRADING.md ("The API reference") for what here depends on the plugin's and the theme's internals.
import path from 'node:path';
import type {LoadContext, Plugin, PluginConfig} from '@docusaurus/types';
import type * as OpenApiPlugin from 'docusaurus-plugin-openapi-docs';
import type {PluginOptions as OpenApiPluginOptions} from 'docusaurus-plugin-openapi-docs/src/types';
import {apisWithReference, pluginIdOf} from '../../data/registry.mjs';
import versionNotice from '../../remark/version-notice.mjs';
import {createLandingPageMD} from './landing-page';
import {createOperationPageMD, deferredPartsModule} from './operation-page';
import {chunkSplit} from './chunk-split';
import {dataFiles} from './data-files';

/**
 * Where the OpenAPI plugin writes an API version's pages, relative to the site (the plugin and the docs plugin read
 * paths as given): generated/api-reference/<id>/ (src/generated-dir.mjs).
 */
const outputDir = (apiId: string) => `generated/api-reference/${apiId}`;

/** The plugin of this folder: its theme components, its client module, its bundler settings. */
function apiReferencePlugin(_context: LoadContext): Plugin {
  return {
    name: 'api-reference',
    getThemePath: () => path.join(__dirname, 'theme'),
    getClientModules: () => [path.join(__dirname, 'runtime', 'a11y.ts')],
    configureWebpack(_config, isServer) {
      return {
        module: {rules: [dataFiles]},
        // The operation pages' deferred parts: on demand in the browser, loaded from the start on the server.
        resolve: {
          alias: {
            [deferredPartsModule]: path.join(__dirname, 'runtime', isServer ? 'deferred-parts.server.ts' : 'deferred-parts.ts'),
          },
        },
        ...(isServer ? {} : {optimization: {splitChunks: {cacheGroups: {apiReference: chunkSplit()}}}}),
      };
    },
  };
}

/**
 * What the config lists for the API reference: per API version with a specification, a docs-plugin instance (each its
 * own, so that content pages never load the API explorer) and the OpenAPI plugin instance that generates its pages
 * (`npm run generate api-reference`); then the OpenAPI theme and this folder's plugin, in that order, so that this
 * folder's theme components wrap the theme's.
 */
export function apiReference(): PluginConfig[] {
  const instances = apisWithReference.flatMap((api): PluginConfig[] => [
    [
      '@docusaurus/plugin-content-docs',
      {
        id: `api-${pluginIdOf(api)}`,
        path: outputDir(api.id),
        routeBasePath: api.referenceRoute,
        sidebarPath: `./${outputDir(api.id)}/sidebars.ts`,
        docItemComponent: '@theme/ApiItem',
        breadcrumbs: true,
        // On the reference of a previous version: a notice that links the current version's reference.
        beforeDefaultRemarkPlugins: [[versionNotice, {kind: 'reference', apiId: api.id}]],
      },
    ],
    [
      'docusaurus-plugin-openapi-docs',
      {
        id: `openapi-${pluginIdOf(api)}`,
        docsPluginId: `api-${pluginIdOf(api)}`,
        config: {
          [api.id]: {
            specPath: `specs/${api.specFile}`,
            outputDir: outputDir(api.id),
            downloadUrl: `/docs/specs/${api.specFile}`,
            infoTemplate: 'src/plugins/api-reference/landing.mustache',
            showSchemas: false,
            // The plugin's default, set explicitly: `gen-api-docs --plugin-id` reads this config without applying
            // defaults. Each operation's schemas then live in a JSON file beside its page instead of 50 KB JSX
            // attributes, which MDX parses in quadratic time (minutes of build for the P2P pages).
            externalJsonProps: true,
            // The page's form of the operation goes into the front matter as JSON, not compressed: it is small (see
            // operation-page.ts), and the browser then inflates nothing to read it.
            disableCompression: true,
            // Operations grouped by tag, each under its first only (sidebar-items.ts); no per-tag pages (the landing page
            // lists every tag and its operations).
            sidebarOptions: {groupPathsBy: 'tag', sidebarCollapsible: true, sidebarCollapsed: false},
            // The landing page with the operation index; operation pages whose schemas load when scrolled to.
            markdownGenerators: {createInfoPageMD: createLandingPageMD(api), createApiPageMD: createOperationPageMD(api)},
          } satisfies OpenApiPlugin.Options,
        },
      } satisfies OpenApiPluginOptions,
    ],
  ]);
  return [...instances, 'docusaurus-theme-openapi-docs', apiReferencePlugin];
}
