// A field's code list in the message dictionary (generate.mjs writes `<Codes><code>A</code><code>B</code></Codes>`):
// the codes, a button that copies them one per line, and a copy of a selection that takes in more than one code's
// text (a triple-click on the list) gives the codes it touches, one per line: the label and the gaps between codes are
// no text to copy. The button is a plain button, so the keyboard reaches it; its result is announced (role="status").
import React, {useEffect, useId, useRef, useState, type ClipboardEvent, type ReactNode} from 'react';
import styles from './styles.module.css';

type Status = 'idle' | 'copied' | 'failed';

/** The codes in the list's `<code>` elements, in order. */
const codeElements = (list: HTMLElement | null) => Array.from(list?.querySelectorAll('code') ?? []);

/**
 * Whether a selection holds some of an element's text: it starts before the element's end and ends after its start
 * (a triple-click's selection ends at the start of the next code, which it does not take).
 */
function holdsTextOf(range: Range, element: Element): boolean {
  const inner = document.createRange();
  inner.selectNodeContents(element);
  return range.compareBoundaryPoints(Range.END_TO_START, inner) < 0 && range.compareBoundaryPoints(Range.START_TO_END, inner) > 0;
}

export default function Codes({children}: {children?: ReactNode}): ReactNode {
  const list = useRef<HTMLSpanElement>(null);
  const labelId = useId();
  const [status, setStatus] = useState<Status>('idle');
  const count = React.Children.count(children);

  useEffect(() => {
    if (status === 'idle') return undefined;
    const id = setTimeout(() => setStatus('idle'), 3000);
    return () => clearTimeout(id);
  }, [status]);

  const copyAll = async () => {
    try {
      await navigator.clipboard.writeText(
        codeElements(list.current)
          .map((code) => code.textContent ?? '')
          .join('\n'),
      );
      setStatus('copied');
    } catch {
      setStatus('failed');
    }
  };

  const onCopy = (event: ClipboardEvent<HTMLDivElement>) => {
    const selection = window.getSelection();
    if (!selection || selection.isCollapsed || selection.rangeCount === 0) return;
    const range = selection.getRangeAt(0);
    const touched = codeElements(list.current).filter((code) => holdsTextOf(range, code));
    if (touched.length === 0) return;
    // A selection within one code's text copies what it holds, as the browser would.
    if (touched.length === 1 && touched[0].contains(range.startContainer) && touched[0].contains(range.endContainer)) return;
    event.clipboardData.setData('text/plain', touched.map((code) => code.textContent ?? '').join('\n'));
    event.preventDefault();
  };

  return (
    <div className={styles.codes} onCopy={onCopy}>
      <span id={labelId} className={styles.label}>
        Allowed:
      </span>{' '}
      <span ref={list} role="list" aria-labelledby={labelId} className={styles.list}>
        {React.Children.map(children, (child) => (
          <span role="listitem">{child}</span>
        ))}
      </span>{' '}
      <button type="button" className={styles.copy} onClick={() => void copyAll()} aria-label={`Copy codes (${count}, one per line)`}>
        Copy codes
      </button>
      <span role="status" className={styles.status}>
        {status === 'copied' && `Copied ${count === 1 ? 'the code' : `${count} codes`}`}
        {status === 'failed' && 'Could not copy: select the codes instead'}
      </span>
    </div>
  );
}
