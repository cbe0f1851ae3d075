// Keeps the message typed into the validator across reloads. Short texts go to localStorage
// (synchronous, so nothing is lost when the page is closed right after typing); long ones to
// IndexedDB, which holds many megabytes. Where neither can keep the text, the page says so.

const localKey = 'setu-validator-message';
const typeKey = 'setu-validator-type';
const dbName = 'setu-message-validator';
const storeName = 'drafts';
const dbKey = 'message';
/** Up to this many characters use localStorage (its quota is about 5 million characters in all). */
const localLimit = 500_000;

export type SaveOutcome = 'saved' | 'too-large' | 'unavailable';

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    if (typeof indexedDB === 'undefined') {
      reject(new Error('IndexedDB is not available'));
      return;
    }
    const request = indexedDB.open(dbName, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(storeName);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB open failed'));
    request.onblocked = () => reject(new Error('IndexedDB blocked'));
  });
}

async function idb<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openDb();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(storeName, mode);
      const request = run(tx.objectStore(storeName));
      tx.oncomplete = () => resolve(request.result);
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
      tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
    });
  } finally {
    db.close();
  }
}

function local(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // access denied (e.g. storage blocked)
  }
}

/** The kept message, or null. */
export async function loadDraft(): Promise<string | null> {
  const fromLocal = local()?.getItem(localKey);
  if (fromLocal != null) return fromLocal;
  try {
    const value = await idb<unknown>('readonly', (store) => store.get(dbKey));
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}

/** Keeps `text`; an empty text forgets the message. */
export async function saveDraft(text: string): Promise<SaveOutcome> {
  const storage = local();
  if (text.length <= localLimit && storage) {
    try {
      if (text) storage.setItem(localKey, text);
      else storage.removeItem(localKey);
      idb('readwrite', (store) => store.delete(dbKey)).catch(() => undefined);
      return 'saved';
    } catch {
      // quota exceeded: try IndexedDB
    }
  }
  try {
    await idb('readwrite', (store) => store.put(text, dbKey));
    storage?.removeItem(localKey);
    return 'saved';
  } catch (error) {
    const quota = error instanceof DOMException && error.name === 'QuotaExceededError';
    return quota || text.length > localLimit ? 'too-large' : 'unavailable';
  }
}

/** Saves at once what can be saved synchronously (called when the page is being left). */
export function saveDraftNow(text: string): void {
  if (text.length > localLimit) {
    void saveDraft(text);
    return;
  }
  try {
    local()?.setItem(localKey, text);
  } catch {
    // nothing more can be done while the page unloads
  }
}

export function loadType(): string | null {
  try {
    return local()?.getItem(typeKey) ?? null;
  } catch {
    return null;
  }
}

export function saveType(type: string): void {
  try {
    local()?.setItem(typeKey, type);
  } catch {
    // not kept; harmless
  }
}
