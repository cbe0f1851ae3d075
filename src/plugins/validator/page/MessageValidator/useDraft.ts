// Keeping the message across reloads (draftStorage.ts): saved shortly after typing, at once when a
// whole text is put in, and when the page is left; restored once on the first visit of the page.
import {useCallback, useEffect, useRef, useState} from 'react';
import {loadDraft, saveDraft, saveDraftNow, type SaveOutcome} from './draftStorage';
import {formatSize} from './file-size';

const saveDelay = 400;

function noteFor(outcome: SaveOutcome, length: number): string | null {
  if (outcome === 'saved') return null;
  return outcome === 'too-large'
    ? `This message (${formatSize(length)}) is too large for this browser's storage: it will not be kept when you reload the page.`
    : 'This browser does not allow storing the message: it will not be kept when you reload the page.';
}

/**
 * @param read the current text (a stable function)
 * @param restore called once with the kept text, if there is one and the input is still empty
 */
export function useDraft(read: () => string, restore: (text: string) => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [storageNote, setStorageNote] = useState<string | null>(null);
  // The latest restore callback, so that restoring never depends on when the draft loads.
  const restoreRef = useRef(restore);
  useEffect(() => {
    restoreRef.current = restore;
  }, [restore]);

  /** Keeps `text`: soon, or `now`. */
  const persist = useCallback((text: string, now = false) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const run = () => saveDraft(text).then((outcome) => setStorageNote(noteFor(outcome, text.length)));
    if (now) void run();
    else timer.current = setTimeout(run, saveDelay);
  }, []);

  useEffect(() => {
    let cancelled = false;
    loadDraft().then((draft) => {
      if (!cancelled && draft && !read()) restoreRef.current(draft);
    });
    const onLeave = () => saveDraftNow(read());
    window.addEventListener('pagehide', onLeave);
    return () => {
      cancelled = true;
      window.removeEventListener('pagehide', onLeave);
      if (timer.current) {
        clearTimeout(timer.current);
        timer.current = null;
        saveDraftNow(read());
      }
    };
  }, [read]);

  return {storageNote, persist};
}
