import type {Chunk, ChunkGraph, Module} from 'webpack';

// The OpenAPI theme, the generated pages, and our Markdown for the theme's descriptions (theme/Markdown), which the
// pages' sections load on demand and nothing else uses. (Not all of this folder: theme/Details wraps a component that
// content pages render too.)
const apiModule = /[\\/](generated[\\/]api-reference[\\/]|docusaurus-theme-openapi-docs[\\/]|api-reference[\\/]theme[\\/]Markdown[\\/])/;

/**
 * A cache group of the browser bundle's `splitChunks`. Docusaurus moves every module that at least half of all route
 * chunks use into the `common` chunk, which every page loads. The ~70 generated API pages are more than half of this
 * site, so the OpenAPI theme's schema components and their libraries (Redux, a Markdown renderer, allOf merging, …)
 * ended up in `common` and were downloaded by every content page. This group, ranked above `common`, moves modules
 * that only API route chunks use into an `api-reference` chunk that only API pages load. (Rspack calls `test` with the
 * same module and chunk-graph API as webpack, whose types are used here.)
 */
export function chunkSplit() {
  // Each chunk's answer is worked out once: `test` asks about every chunk of every module (~74,000 questions in this
  // site's build), and almost all chunks have no name. Rspack hands out one object per chunk, so the chunk itself is
  // the key; without it the build spent ~5 s of its main thread listing chunks' modules.
  const isApiChunk = new WeakMap<Chunk, boolean>();
  const apiChunk = (chunk: Chunk, chunkGraph: ChunkGraph) => {
    const cached = isApiChunk.get(chunk);
    if (cached !== undefined) return cached;
    const result = Array.from(chunkGraph.getChunkModules(chunk)).some((m) => apiModule.test(m.nameForCondition() ?? ''));
    isApiChunk.set(chunk, result);
    return result;
  };
  const test = (module: Module, {chunkGraph}: {chunkGraph: ChunkGraph}) => {
    const chunks = Array.from(chunkGraph.getModuleChunks(module));
    return chunks.length >= 2 && chunks.every((chunk) => apiChunk(chunk, chunkGraph));
  };
  return {name: 'api-reference', priority: 45, minChunks: 2, reuseExistingChunk: true, test};
}
