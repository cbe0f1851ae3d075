// Swizzled (eject), and put in place of the theme's module wherever the theme imports it by a relative path
// (src/plugins/module-replacements.mjs): the theme's module imports the whole of crypto-js (every cipher and hash; ~30 ms of an API page's
// start-up on a phone) for a single SHA-1. The same two functions, with crypto-js' SHA-1 alone: same hashes, same storage.
import sha1 from 'crypto-js/sha1';

/** One hash for a set of strings, whatever their order (the theme keys stored credentials by it). */
export function hashArray(items: string[]): string {
  const hash = (message: string) => sha1(message).toString();
  return hash(items.map(hash).sort().join());
}

const noStorage: Storage = {
  getItem: () => null,
  setItem: () => undefined,
  clear: () => undefined,
  key: () => null,
  removeItem: () => undefined,
  length: 0,
};

/** Where the explorer keeps what the reader typed: nowhere, for the session, or across sessions (the default). */
export function createStorage(persistence?: false | 'localStorage' | 'sessionStorage'): Storage {
  if (persistence === false) return noStorage;
  return persistence === 'sessionStorage' ? sessionStorage : localStorage;
}
