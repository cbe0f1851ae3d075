// The message type select and the file button.
import React, {useRef, type ReactNode} from 'react';
import {messageTypes} from '../../../../../generated/validator/catalog.mjs';
import styles from './styles.module.css';

export const standards = [...new Set(messageTypes.map((t) => t.standard))];

const optionLabel = (t: (typeof messageTypes)[number]) => (t.alternatives.length > 0 ? `${t.name} (either form)` : t.name);

interface Props {
  typeId: string;
  type: string;
  onTypeChange: (type: string) => void;
  onFile: (file: File | undefined) => void;
}

export default function Toolbar({typeId, type, onTypeChange, onFile}: Props): ReactNode {
  const fileRef = useRef<HTMLInputElement>(null);
  return (
    <div className={styles.toolbar}>
      <div className={styles.field}>
        <label htmlFor={typeId} className={styles.label}>
          Message type
        </label>
        <select
          id={typeId}
          data-testid="message-type"
          className={styles.select}
          value={type}
          onChange={(e) => onTypeChange(e.target.value)}>
          <option value="auto">Detect automatically</option>
          {standards.map((standard) => (
            <optgroup key={standard} label={standard}>
              {messageTypes
                .filter((t) => t.standard === standard)
                .map((t) => (
                  <option key={t.name} value={t.name}>
                    {optionLabel(t)}
                  </option>
                ))}
            </optgroup>
          ))}
        </select>
      </div>
      <div className={styles.field}>
        <span className={styles.label} aria-hidden="true">
          From a file
        </span>
        <button type="button" className="button button--secondary" onClick={() => fileRef.current?.click()}>
          Open file…
        </button>
        <input
          ref={fileRef}
          type="file"
          accept=".json,.xml,application/json,application/xml,text/xml,text/plain"
          className={styles.fileInput}
          data-testid="message-file"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(e) => {
            onFile(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </div>
    </div>
  );
}
