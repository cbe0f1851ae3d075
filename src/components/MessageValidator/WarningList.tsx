// The warnings of a verdict, each with a button to its line.
import React, {type ReactNode} from 'react';
import type {CheckResult} from './protocol';
import styles from './styles.module.css';

interface Props {
  result: CheckResult;
  goToLine: (line: number, column?: number) => void;
}

export default function WarningList({result, goToLine}: Props): ReactNode {
  if (result.warnings.length === 0) return null;
  return (
    <>
      <p className={styles.note}>Warnings:</p>
      <ul className={styles.warnings}>
        {result.warnings.map((w, i) => (
          <li key={i} data-testid="validation-warning">
            <button type="button" className={styles.lineButton} onClick={() => goToLine(w.line, w.column)}>
              line {w.line}
            </button>{' '}
            {w.message}
          </li>
        ))}
      </ul>
    </>
  );
}
