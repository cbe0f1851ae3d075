// Opening a message from a file (the file button or a drop on the input), within a size limit.
import {useCallback} from 'react';
import {formatSize} from './format';

/** Files above this size are not read (the checker's own limit is 50 MB). */
export const maxFileBytes = 50 * 1024 * 1024;

/**
 * @param load puts the file's text into the input, with a note on where it came from
 * @param report shows a note when the file cannot be used
 */
export function useMessageFile(load: (text: string, note: string) => void, report: (note: string) => void) {
  return useCallback(
    async (file: File | undefined) => {
      if (!file) return;
      if (file.size > maxFileBytes) {
        report(`${file.name} is ${formatSize(file.size)}: the validator reads files of up to ${formatSize(maxFileBytes)}.`);
        return;
      }
      let text: string;
      try {
        text = await file.text();
      } catch {
        report(`${file.name} could not be read.`);
        return;
      }
      load(text, `Opened ${file.name} (${formatSize(file.size)}).`);
    },
    [load, report],
  );
}
