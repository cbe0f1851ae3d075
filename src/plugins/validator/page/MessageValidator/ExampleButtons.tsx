// One button per example of the specs, grouped by standard, in the chosen form: the JSON of the
// specs, or its XML form (generated from it). The examples' texts are loaded only when one is chosen.
import React, {type ReactNode} from 'react';
import clsx from 'clsx';
import {messageTypes, exampleIndex} from '../../../../../generated/validator/catalog.mjs';
import {standards} from './Toolbar';
import styles from './styles.module.css';

export type ExampleForm = 'json' | 'xml';

const typeOf = new Map(messageTypes.map((t) => [t.name, t]));

interface Props {
  labelId: string;
  form: ExampleForm;
  onFormChange: (form: ExampleForm) => void;
  onLoad: (index: number) => void;
}

export default function ExampleButtons({labelId, form, onFormChange, onLoad}: Props): ReactNode {
  return (
    <div role="group" aria-labelledby={labelId} className={styles.examples}>
      <div className={styles.exampleHead}>
        <span id={labelId} className={styles.label}>
          Load a valid example
        </span>
        <fieldset className={styles.formChoice}>
          <legend className={styles.formLegend}>as</legend>
          {(['json', 'xml'] as const).map((f) => (
            <label key={f} className={styles.checkbox}>
              <input
                type="radio"
                name={`${labelId}-form`}
                value={f}
                checked={form === f}
                onChange={() => onFormChange(f)}
                data-testid={`example-form-${f}`}
              />{' '}
              {f.toUpperCase()}
            </label>
          ))}
        </fieldset>
      </div>
      {standards.map((standard) => (
        <div key={standard} className={styles.exampleGroup}>
          <span className={styles.exampleStandard}>{standard}:</span>
          {exampleIndex.map((e, i) => {
            const type = typeOf.get(e.type);
            if (type?.standard !== standard) return null;
            const unavailable = form === 'xml' && !e.xml;
            return (
              <button
                key={`${e.type}-${e.variant ?? ''}`}
                type="button"
                className={clsx('button button--sm button--outline button--primary', styles.exampleButton)}
                data-testid="load-example"
                data-type={e.type}
                title={unavailable ? `No XML form: ${type.xmlReason}` : e.label}
                disabled={unavailable}
                onClick={() => onLoad(i)}>
                {e.type}
                {e.variant ? ` (${e.variant})` : ''}
              </button>
            );
          })}
        </div>
      ))}
    </div>
  );
}
