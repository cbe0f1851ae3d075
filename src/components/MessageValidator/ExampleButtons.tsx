// One button per example of the specs, grouped by standard. The examples' texts are loaded only
// when one is chosen.
import React, {type ReactNode} from 'react';
import clsx from 'clsx';
import {messageTypes, exampleIndex} from '../../generated/validator/catalog.mjs';
import {standards} from './Toolbar';
import styles from './styles.module.css';

const standardOf = new Map(messageTypes.map((t) => [t.name, t.standard]));

interface Props {
  labelId: string;
  onLoad: (index: number) => void;
}

export default function ExampleButtons({labelId, onLoad}: Props): ReactNode {
  return (
    <div role="group" aria-labelledby={labelId} className={styles.examples}>
      <span id={labelId} className={styles.label}>
        Load a valid example
      </span>
      {standards.map((standard) => (
        <div key={standard} className={styles.exampleGroup}>
          <span className={styles.exampleStandard}>{standard}:</span>
          {exampleIndex.map((e, i) =>
            standardOf.get(e.type) === standard ? (
              <button
                key={`${e.type}-${e.variant ?? ''}`}
                type="button"
                className={clsx('button button--sm button--outline button--primary', styles.exampleButton)}
                data-testid="load-example"
                data-type={e.type}
                title={e.label}
                onClick={() => onLoad(i)}>
                {e.type}
                {e.variant ? ` (${e.variant})` : ''}
              </button>
            ) : null,
          )}
        </div>
      ))}
    </div>
  );
}
