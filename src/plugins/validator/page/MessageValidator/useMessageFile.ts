// Opening a message from a file (the file button or a drop on the input), within a size limit.
import {useCallback} from 'react';
import {formatSize} from './file-size';
import type {FormatHint} from './protocol';

/** Files above this size are not read (the checker's own limit is 50 MB). */
const maxFileBytes = 50 * 1024 * 1024;

/** What a file name says its text is. */
const formatOfName = (name: string): FormatHint => (/\.xml$/i.test(name) ? 'xml' : /\.json$/i.test(name) ? 'json' : 'auto');

/**
 * @param load puts the file's text into the input, with a note on where it came from and what its name says it is
 * @param report shows a note when the file cannot be used
 */
export function useMessageFile(load: (text: string, note: string, format: FormatHint) => void, report: (note: string) => void) {
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
      load(text, `Opened ${file.name} (${formatSize(file.size)}).`, formatOfName(file.name));
    },
    [load, report],
  );
}
