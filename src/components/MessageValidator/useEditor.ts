// The message input: an uncontrolled textarea (a 5 MB text must not go through React state on
// every keystroke), the caret's line and column, and jumps to a line.
import {useCallback, useRef, useState} from 'react';
import {lineRange, positionOf} from '../../validator/text-position.mjs';

export interface Caret {
  line: number;
  column: number;
}

export function useEditor() {
  const ref = useRef<HTMLTextAreaElement>(null);
  const [caret, setCaret] = useState<Caret>({line: 1, column: 1});
  const [hasText, setHasText] = useState(false);

  const read = useCallback(() => ref.current?.value ?? '', []);

  /** Replaces the whole text, scrolled to its start. */
  const write = useCallback((value: string) => {
    const area = ref.current;
    if (!area) return;
    area.value = value;
    area.scrollTop = 0;
    area.scrollLeft = 0;
    setHasText(value.length > 0);
    setCaret({line: 1, column: 1});
  }, []);

  /** After typing: whether there is text. */
  const typed = useCallback(() => setHasText(read().length > 0), [read]);

  const updateCaret = useCallback(() => {
    const area = ref.current;
    if (area) setCaret(positionOf(area.value, area.selectionStart));
  }, []);

  /** Focuses the input with the caret at a line and column (1-based), the line scrolled into view. */
  const goToLine = useCallback((line: number, column = 1) => {
    const area = ref.current;
    if (!area) return;
    const [start, end] = lineRange(area.value, line);
    area.focus();
    area.setSelectionRange(Math.min(start + column - 1, end), end);
    const lineHeight = parseFloat(getComputedStyle(area).lineHeight) || 20;
    area.scrollTop = Math.max(0, (line - 1) * lineHeight - area.clientHeight / 3);
    setCaret({line, column});
  }, []);

  const focus = useCallback(() => ref.current?.focus(), []);

  return {ref, caret, hasText, read, write, typed, updateCaret, goToLine, focus};
}
