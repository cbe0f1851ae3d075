// The version of a standard the reader chose in the navbar's version switch, remembered in the browser's local
// storage under `docs-preferred-version-<standard slug>` (the form of Docusaurus' own `docs-preferred-version-<plugin
// id>`), with the version (`1.0`) as its value. Version-neutral links to a standard (the home page, the 404 page) lead
// to that version, or to the current one when none is chosen. Works for every standard of the API registry.
import {useSyncExternalStore} from 'react';
import {apis, defaultVersionOf, type ApiVersion} from '../data/registry.mjs';

/** The local-storage key that holds the chosen version of the standard of `api`. */
const preferredVersionKey = (api: ApiVersion): string => `docs-preferred-version-${api.standardSlug}`;

// Tells the components of the same tab that a choice changed ('storage' events reach only the other tabs).
const changeEvent = 'setu-preferred-version';

/** Remembers `api` as the reader's version of its standard. Storage may be unavailable (private mode, policy): then nothing is kept. */
export function storePreferredVersion(api: ApiVersion): void {
  try {
    window.localStorage.setItem(preferredVersionKey(api), api.version);
  } catch {
    return;
  }
  window.dispatchEvent(new Event(changeEvent));
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  window.addEventListener(changeEvent, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(changeEvent, onChange);
  };
}

function storedVersion(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The registry's versions of a standard, newest first. */
const versionsOf = (standard: string): ApiVersion[] => apis.filter((a) => a.standard === standard);

/**
 * The version of `standard` a version-neutral link leads to: the one the reader chose, if the registry still lists it,
 * else the current one. The server and the first render in the browser give the current one; the stored choice is read
 * after hydration, so that the HTML and the hydrated page agree.
 */
export function usePreferredVersion(standard: string): ApiVersion {
  const versions = versionsOf(standard);
  if (versions.length === 0) throw new Error(`No standard "${standard}" in src/data/apis.json`);
  const key = preferredVersionKey(versions[0]);
  const stored = useSyncExternalStore(
    subscribe,
    () => storedVersion(key),
    () => null,
  );
  return versions.find((a) => a.version === stored) ?? defaultVersionOf(standard) ?? versions[0];
}
