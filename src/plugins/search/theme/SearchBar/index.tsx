// The navbar's search box (Docusaurus renders @theme/SearchBar in the navbar). Only this box ships with every page:
// the suggestions (../../client/SearchPopup) and Pagefind load when the reader first focuses it or presses Ctrl K
// (⌘ K). A combobox: the suggestions are a listbox of links (middle-click opens a new tab), arrows move through them,
// Enter opens one (or, with none chosen, the search page with every result), Escape closes the list, then clears.
import React, {useCallback, useEffect, useId, useRef, useState, type ComponentType, type ReactNode} from 'react';
import type {SearchPopupProps} from '../../client/SearchPopup';
import styles from '../../client/styles.module.css';

export default function SearchBar(): ReactNode {
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [activeId, setActiveId] = useState<string | undefined>();
  const [Popup, setPopup] = useState<ComponentType<SearchPopupProps> | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const container = useRef<HTMLDivElement>(null);
  const listboxId = useId();

  const load = useCallback(() => {
    void import('../../client/SearchPopup').then((module) => setPopup(() => module.default));
  }, []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        input.current?.focus();
        input.current?.select();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const expanded = open && Popup !== null && query.trim() !== '';
  return (
    <div
      ref={container}
      className={styles.searchBar}
      onBlur={(event) => {
        if (!container.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}>
      <input
        ref={input}
        type="search"
        role="combobox"
        aria-label="Search"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={expanded ? listboxId : undefined}
        aria-activedescendant={expanded ? activeId : undefined}
        aria-keyshortcuts="Control+K Meta+K"
        title="Search (Ctrl K)"
        placeholder="Search"
        autoComplete="off"
        spellCheck={false}
        className="navbar__search-input"
        value={query}
        onFocus={() => {
          load();
          setOpen(true);
        }}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            // Escape closes the list; with none open it clears the box (the browser would clear it at once).
            event.preventDefault();
            if (expanded) setOpen(false);
            else if (query) setQuery('');
            else input.current?.blur();
            return;
          }
          // With the list open, the list handles the arrows and Enter (SearchPopup).
          if (!expanded && event.key === 'ArrowDown' && query.trim()) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      />
      {expanded && (
        <Popup
          query={query}
          listboxId={listboxId}
          onActive={setActiveId}
          input={input}
          onChosen={() => {
            setOpen(false);
            input.current?.blur();
          }}
        />
      )}
    </div>
  );
}
