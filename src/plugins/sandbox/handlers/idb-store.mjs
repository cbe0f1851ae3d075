// The sandbox's store in the browser: IndexedDB, through idb-keyval (a maintained wrapper of about 1 KB). The service
// worker and the sandbox page open the same database, so the page lists and clears what the worker stored.
import {createStore, get, set, del, values, clear} from 'idb-keyval';

/** The database and its object store. A change of the stored records' shape takes a new name. */
const databaseName = 'setu-sandbox-v1';
const storeName = 'resources';

/** @returns {import('./store.mjs').SandboxStore} */
export function idbStore() {
  const store = createStore(databaseName, storeName);
  return {
    get: (key) => get(key, store),
    put: (key, resource) => set(key, resource, store),
    delete: (key) => del(key, store),
    all: () => values(store),
    clear: () => clear(store),
  };
}
