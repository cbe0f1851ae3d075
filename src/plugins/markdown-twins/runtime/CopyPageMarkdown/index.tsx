// "Copy page as Markdown": copies the page's Markdown twin (written by src/plugins/markdown-twins) to the clipboard.
// The twin is fetched once the page is idle, so that the button works without the network once the page has loaded;
// it is not embedded in the page, which keeps its bytes out of every page's HTML.
import React, {useEffect, useRef, useState, type ReactNode} from 'react';
import {twinPath} from '../../twin-path.mjs';
import styles from './styles.module.css';

type Status = 'idle' | 'copied' | 'failed';

export default function CopyPageMarkdown({permalink}: {permalink: string}): ReactNode {
  const url = twinPath(permalink);
  const markdown = useRef<Promise<string> | null>(null);
  const [status, setStatus] = useState<Status>('idle');

  const load = (): Promise<string> => {
    markdown.current ??= fetch(url).then((response) => {
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      return response.text();
    });
    // A failed fetch is tried again on the next press.
    markdown.current.catch(() => (markdown.current = null));
    return markdown.current;
  };

  useEffect(() => {
    markdown.current = null;
    const start = () => void load().catch(() => undefined);
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(start, {timeout: 4000});
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(start, 2000);
    return () => clearTimeout(id);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load reads the current url; the effect runs per url
  }, [url]);

  useEffect(() => {
    if (status === 'idle') return undefined;
    const id = setTimeout(() => setStatus('idle'), 3000);
    return () => clearTimeout(id);
  }, [status]);

  const copy = async () => {
    try {
      const text = load();
      // A promise in a ClipboardItem keeps the press's user activation while the text may still be loading (Safari needs it).
      if (typeof ClipboardItem !== 'undefined' && navigator.clipboard?.write) {
        await navigator.clipboard.write([new ClipboardItem({'text/plain': text.then((t) => new Blob([t], {type: 'text/plain'}))})]);
      } else {
        await navigator.clipboard.writeText(await text);
      }
      setStatus('copied');
    } catch {
      setStatus('failed');
    }
  };

  return (
    <div className={styles.bar} data-pagefind-ignore="all">
      <span role="status" className={styles.status}>
        {status === 'copied' && 'Copied'}
        {status === 'failed' && (
          <>
            Could not copy: <a href={url}>open the Markdown</a>
          </>
        )}
      </span>
      <button type="button" className="button button--sm button--secondary" onClick={() => void copy()}>
        Copy page as Markdown
      </button>
    </div>
  );
}
