// Where the sandbox keeps its resources: a small interface with two implementations, IndexedDB in the browser
// (idb-store.mjs: the service worker writes, the sandbox page lists and clears, and it survives a reload) and memory in
// Node (the local server and the tests: gone when the process ends).

/**
 * A message the sandbox holds, at its path. Its lines are part of the message, as a real server would hold them.
 * @typedef {object} StoredResource
 * @property {string} api the registry id of the API version
 * @property {string} path its path under the API, e.g. `/planning/requests/4c0…`
 * @property {string} template the path template of the operations on it, e.g. `/planning/requests/{id}`
 * @property {string} schema its message schema in the API's spec
 * @property {'json' | 'xml'} form the form it was last sent in
 * @property {unknown} message the message model (what the JSON form holds); null for a body the sandbox cannot map
 *   (an invoice sent as XML), which `text` holds as sent
 * @property {string | null} text
 * @property {string} created ISO time
 * @property {string} updated ISO time
 */

/**
 * @typedef {object} SandboxStore
 * @property {(key: string) => Promise<StoredResource | undefined>} get
 * @property {(key: string, resource: StoredResource) => Promise<void>} put
 * @property {(key: string) => Promise<void>} delete
 * @property {() => Promise<StoredResource[]>} all
 * @property {() => Promise<void>} clear
 */

/** The key of a resource: the API's id and its path, which is also its address under the sandbox's base. */
export const keyOf = (/** @type {{api: string, path: string}} */ resource) => `${resource.api}${resource.path}`;

/**
 * A store in memory. Values are copied in and out, as IndexedDB does, so that a caller never changes a stored one.
 * @returns {SandboxStore}
 */
export function memoryStore() {
  /** @type {Map<string, StoredResource>} */
  const map = new Map();
  return {
    get: async (key) => {
      const found = map.get(key);
      return found && structuredClone(found);
    },
    put: async (key, resource) => {
      map.set(key, structuredClone(resource));
    },
    delete: async (key) => {
      map.delete(key);
    },
    all: async () => [...map.values()].map((r) => structuredClone(r)),
    clear: async () => map.clear(),
  };
}
