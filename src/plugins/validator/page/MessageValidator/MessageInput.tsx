// The message textarea with its hint, the caret's position, where the text came from and the
// storage note.
import React, {type ReactNode, type RefObject} from 'react';
import clsx from 'clsx';
import type {Caret} from './useEditor';
import styles from './styles.module.css';

const placeholder = [
  '{',
  '  "documentId": { "value": "…", "schemeAgencyId": "Customer" },',
  '  …',
  '}',
  '',
  'or',
  '',
  '<Timecard xmlns="https://ontology.setu.nl/messages">',
  '  <documentId>…</documentId>',
  '  …',
  '</Timecard>',
].join('\n');

interface Props {
  ids: {input: string; hint: string; storage: string};
  inputRef: RefObject<HTMLTextAreaElement | null>;
  autoCheck: boolean;
  caret: Caret;
  sourceNote: string | null;
  storageNote: string | null;
  onInput: () => void;
  onCheck: () => void;
  onFocus: () => void;
  onCaret: () => void;
  onFile: (file: File) => void;
}

export default function MessageInput({
  ids,
  inputRef,
  autoCheck,
  caret,
  sourceNote,
  storageNote,
  onInput,
  onCheck,
  onFocus,
  onCaret,
  onFile,
}: Props): ReactNode {
  return (
    <div className={styles.editor}>
      <label htmlFor={ids.input} className={styles.label}>
        JSON message or XML message
      </label>
      <p id={ids.hint} className={styles.hint}>
        Paste a JSON or XML message, open a .json or .xml file, or load an example. {autoCheck ? 'It is checked as you type; ' : ''}
        Ctrl+Enter (⌘+Enter) checks it at once. Everything stays in your browser.
      </p>
      <textarea
        id={ids.input}
        ref={inputRef}
        className={styles.textarea}
        aria-describedby={`${ids.hint}${storageNote ? ` ${ids.storage}` : ''}`}
        spellCheck={false}
        autoCapitalize="off"
        autoComplete="off"
        autoCorrect="off"
        wrap="off"
        rows={20}
        placeholder={placeholder}
        onInput={onInput}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            onCheck();
          }
        }}
        onFocus={onFocus}
        onKeyUp={onCaret}
        onClick={onCaret}
        onSelect={onCaret}
        onDragOver={(e) => {
          if (e.dataTransfer.types.includes('Files')) e.preventDefault();
        }}
        onDrop={(e) => {
          if (e.dataTransfer.files.length > 0) {
            e.preventDefault();
            onFile(e.dataTransfer.files[0]);
          }
        }}
      />
      <div className={styles.statusBar}>
        <span>
          Line {caret.line}, column {caret.column}
        </span>
        {sourceNote && <span>{sourceNote}</span>}
      </div>
      {storageNote && (
        <p id={ids.storage} className={clsx('alert alert--warning', styles.storageNote)}>
          {storageNote}
        </p>
      )}
    </div>
  );
}
