// The path templates of the specs (`/timecard/{id}/allowance`), as the sandbox reads them: at build time, where
// operations.mjs derives each operation, and in the service worker, where handler.mjs matches each request. Apart
// from operations.mjs so that the worker carries none of its build-time code (nor json-pointer, which it uses).

/** Segments of a path template or path, without the leading empty one. */
export const segmentsOf = (/** @type {string} */ path) => path.split('/').slice(1);
/** The name of a template segment that is a parameter (`{id}` → `id`), else null. */
export const paramOf = (/** @type {string} */ segment) => /^\{([^}]+)\}$/.exec(segment)?.[1] ?? null;
