// The part of the plugin ids (`api-<…>`, `openapi-<…>`) that names an API version: its registry id with every
// character Docusaurus does not allow in a plugin id (anything but letters, digits, `_` and `-`) replaced by `-`, so
// that `gelijkwaardige-beloning-2.0` becomes `gelijkwaardige-beloning-2-0`. Read by docusaurus.config.ts (through
// api-registry.ts) and by scripts/gen-api.mjs, which names the plugin to run.

/** @param {{id: string}} api */
export const pluginIdOf = (api) => api.id.replace(/[^\w-]/g, '-');
