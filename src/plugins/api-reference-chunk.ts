import type {Plugin} from '@docusaurus/types';
import type {Chunk, ChunkGraph, Module} from 'webpack';

// The OpenAPI theme, the generated pages, and our Markdown for the theme's descriptions (src/theme/Markdown), which the
// pages' sections load on demand (src/components/DeferredSection) and nothing else uses.
const apiModule = /[\\/](api-reference[\\/]|docusaurus-theme-openapi-docs[\\/]|src[\\/]theme[\\/]Markdown[\\/])/;

/**
 * Docusaurus moves every module that at least half of all route chunks use into the `common` chunk,
 * which every page loads. The ~70 generated API pages are more than half of this site, so the OpenAPI
 * theme's schema components and their libraries (Redux, a Markdown renderer, allOf merging, …) ended
 * up in `common` and were downloaded by every content page. This cache group, ranked above `common`,
 * moves modules that only API route chunks use into an `api-reference` chunk that only API pages load.
 * (Rspack calls `test` with the same module and chunk-graph API as webpack, whose types are used here.)
 */
export function apiReferenceChunk(): Plugin {
  return {
    name: 'api-reference-chunk',
    configureWebpack(_config, isServer) {
      if (isServer) return {};
      const isApiChunk = new Map<string, boolean>();
      const apiChunk = (chunk: Chunk, chunkGraph: ChunkGraph) => {
        const key = chunk.name ?? undefined;
        const cached = key === undefined ? undefined : isApiChunk.get(key);
        if (cached !== undefined) return cached;
        const result = Array.from(chunkGraph.getChunkModules(chunk)).some((m) => apiModule.test(m.nameForCondition() ?? ''));
        if (key !== undefined) isApiChunk.set(key, result);
        return result;
      };
      const test = (module: Module, {chunkGraph}: {chunkGraph: ChunkGraph}) => {
        const chunks = Array.from(chunkGraph.getModuleChunks(module));
        return chunks.length >= 2 && chunks.every((chunk) => apiChunk(chunk, chunkGraph));
      };
      return {
        optimization: {
          splitChunks: {
            cacheGroups: {
              apiReference: {name: 'api-reference', priority: 45, minChunks: 2, reuseExistingChunk: true, test},
            },
          },
        },
      };
    },
  };
}
