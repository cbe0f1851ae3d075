// The warnings of a verdict (a broken warning-level business rule among them), each with a button to its line.
import React, {type ReactNode} from 'react';
import type {CheckResult} from './protocol';
import InlineCode from '@site/src/components/InlineCode';
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
          <li key={i} data-testid="validation-warning" data-rule={w.rule} data-path={w.path} data-line={w.line}>
            <button type="button" className={styles.lineButton} onClick={() => goToLine(w.line, w.column)}>
              line {w.line}
            </button>{' '}
            {w.path && <code className={styles.path}>{w.path}</code>} <InlineCode text={w.message} />
          </li>
        ))}
      </ul>
    </>
  );
}
