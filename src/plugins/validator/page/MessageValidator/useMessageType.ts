// The message type chosen in the select ("auto" to detect), kept across reloads in the browser's
// storage and read from there as an external store: "auto" while the page is rendered on the
// server and hydrated, the kept choice after that.
import {useCallback, useSyncExternalStore} from 'react';
import {messageTypes} from '../../../../../generated/validator/catalog.mjs';
import {loadType, saveType} from './draftStorage';

const listeners = new Set<() => void>();
/** The choice of this page view; it also holds where the storage refuses to keep it. */
let chosen: string | null = null;

const known = (type: string | null) => (type && (type === 'auto' || messageTypes.some((t) => t.name === type)) ? type : null);

/** The chosen type, for callbacks: the same value the select shows. */
export const currentType = () => chosen ?? known(loadType()) ?? 'auto';

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useMessageType() {
  const type = useSyncExternalStore(subscribe, currentType, () => 'auto');
  const choose = useCallback((value: string) => {
    chosen = value;
    saveType(value);
    for (const listener of listeners) listener();
  }, []);
  return {type, choose};
}
