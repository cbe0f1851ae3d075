// A table in a box of its own that scrolls sideways when the table is wider than the page's column (on a phone, most
// tables with three or more columns). While it scrolls, the box says so: a cue at the top on the side where columns are
// hidden, a shadow along that edge, and a keyboard focus stop with an accessible name (a scrolling region must be
// reachable by keyboard, WCAG 2.1.1). The cue lies over the table, so showing it moves nothing on the page.
// Every Markdown table (src/theme/MDXComponents.tsx) and the business rules table use it.
import React, {useEffect, useRef, useState, type ComponentProps, type ReactNode} from 'react';
import styles from './styles.module.css';

interface Overflow {
  /** Columns are hidden to the left, to the right. */
  left: boolean;
  right: boolean;
  /** The region's accessible name. */
  name: string;
}

const fits: Overflow = {left: false, right: false, name: ''};

/** The scrolling box's accessible name, from the table's caption, else the heading it stands under, else its column headers. */
function nameOf(frame: HTMLElement, table: HTMLTableElement | null): string {
  const caption = table?.caption?.textContent?.trim();
  if (caption) return `Table “${caption}” (scrolls sideways)`;
  for (let el: Element | null = frame; el && !el.matches('.markdown, article, main'); el = el.parentElement) {
    for (let sibling = el.previousElementSibling; sibling; sibling = sibling.previousElementSibling) {
      // The heading's text without the zero-width space of its anchor link.
      if (/^H[1-6]$/.test(sibling.tagName)) return `Table under “${sibling.textContent!.replace(/\u200b/g, '').trim()}” (scrolls sideways)`;
    }
  }
  return `Table of ${Array.from(table?.rows[0]?.cells ?? [], (cell) => cell.textContent!.trim()).join(', ')} (scrolls sideways)`;
}

export default function ScrollableTable(props: ComponentProps<'table'>): ReactNode {
  const frame = useRef<HTMLDivElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState<Overflow>(fits);

  useEffect(() => {
    const box = scroller.current!;
    const table = box.querySelector('table');
    const update = () => {
      const hidden = box.scrollWidth - box.clientWidth;
      const left = hidden > 1 && box.scrollLeft > 1;
      const right = hidden > 1 && box.scrollLeft < hidden - 1;
      setOverflow((previous) =>
        previous.left === left && previous.right === right
          ? previous
          : {left, right, name: left || right ? previous.name || nameOf(frame.current!, table) : ''},
      );
    };
    const observer = new ResizeObserver(update);
    observer.observe(box);
    if (table) observer.observe(table);
    box.addEventListener('scroll', update, {passive: true});
    return () => {
      observer.disconnect();
      box.removeEventListener('scroll', update);
    };
  }, []);

  const scrolls = overflow.left || overflow.right;
  const more = [overflow.left && 'left', overflow.right && 'right'].filter(Boolean).join(' ');
  return (
    <div ref={frame} className={styles.frame} data-more={more || undefined}>
      <div ref={scroller} className={styles.scroller} {...(scrolls ? {tabIndex: 0, role: 'region', 'aria-label': overflow.name} : {})}>
        <table {...props} />
      </div>
      {scrolls && (
        <span className={overflow.right ? styles.cueRight : styles.cueLeft} aria-hidden="true">
          {overflow.right ? 'More columns →' : '← More columns'}
        </span>
      )}
    </div>
  );
}
