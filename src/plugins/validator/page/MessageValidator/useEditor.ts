// The message input: an uncontrolled textarea (a 5 MB text must not go through React state on
// every keystroke), the caret's line and column, and jumps to a line.
import {useCallback, useRef, useState} from 'react';
import {lineRange, positionOf} from '../../engine/text-position.mjs';

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

  /**
   * Focuses the input with the caret at a line and column (1-based), the rest of the line selected, and the line in
   * view: scrolled to a third of the input's height, and the page scrolled so that the line is on the screen (the
   * errors are below the input; focus alone scrolls the page only when no part of the input is in view).
   */
  const goToLine = useCallback((line: number, column = 1) => {
    const area = ref.current;
    if (!area) return;
    const [start, end] = lineRange(area.value, line);
    area.focus({preventScroll: true});
    // Backward: the caret, where the selection's focus is, sits at the column (the browser keeps it in view sideways).
    area.setSelectionRange(Math.min(start + column - 1, end), end, 'backward');
    const style = getComputedStyle(area);
    const lineHeight = parseFloat(style.lineHeight) || 20;
    // Lines never wrap (white-space: pre), so line N starts N - 1 line heights below the padding.
    const lineTop = parseFloat(style.paddingTop) + (line - 1) * lineHeight;
    area.scrollTop = Math.max(0, lineTop - area.clientHeight / 3);
    const onScreen = area.getBoundingClientRect().top + area.clientTop + lineTop - area.scrollTop;
    const navbarBottom = Math.max(0, document.querySelector('.navbar')?.getBoundingClientRect().bottom ?? 0);
    if (onScreen < navbarBottom || onScreen + lineHeight > window.innerHeight) window.scrollBy({top: onScreen - window.innerHeight / 3});
    setCaret({line, column});
  }, []);

  const focus = useCallback(() => ref.current?.focus(), []);

  return {ref, caret, hasText, read, write, typed, updateCaret, goToLine, focus};
}
