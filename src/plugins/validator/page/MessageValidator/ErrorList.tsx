// The errors of a verdict, in the order of the text, each with its path, rule, a button to its line and a link to
// its field's entry in the message dictionary.
import React, {type ReactNode} from 'react';
import type {CheckResult} from './protocol';
import InlineCode from '@site/src/components/InlineCode';
import styles from './styles.module.css';

interface Props {
  result: CheckResult;
  goToLine: (line: number, column?: number) => void;
}

export default function ErrorList({result, goToLine}: Props): ReactNode {
  if (result.errors.length === 0) return null;
  return (
    <>
      <p className={styles.note}>
        {result.errorCount > result.errors.length
          ? `The first ${result.errors.length} of ${result.errorCount} errors, in the order of the text:`
          : `${result.errorCount === 1 ? 'The error' : `The ${result.errorCount} errors`}, in the order of the text:`}
      </p>
      <ol className={styles.errors} aria-label="Errors">
        {result.errors.map((e, i) => (
          <li
            key={i}
            className={styles.error}
            data-testid="validation-error"
            data-path={e.pointer}
            data-rule={e.rule}
            data-line={e.line ?? undefined}>
            <div className={styles.errorHead}>
              <code className={styles.path} title={e.jsonPath}>
                {e.pointer || '/ (the message)'}
              </code>
              <span className={styles.rule}>{e.rule}</span>
              {e.line !== null && (
                <button
                  type="button"
                  className={styles.lineButton}
                  aria-label={`Go to line ${e.line}, column ${e.column} (${e.pointer || 'the message'})`}
                  onClick={() => goToLine(e.line!, e.column ?? 1)}>
                  line {e.line}
                </button>
              )}
            </div>
            <p className={styles.errorMessage}>
              <InlineCode text={e.message} />
            </p>
            {result.fieldLinks?.[i] && (
              <p className={styles.jsonPath}>
                <a href={result.fieldLinks[i]!} data-testid="field-link">
                  The field in the message dictionary
                </a>
              </p>
            )}
            {e.jsonPath && (
              <p className={styles.jsonPath}>
                {result.format === 'xml' ? 'In the JSON form: ' : 'JSONPath '}
                <code>{e.jsonPath}</code>
              </p>
            )}
          </li>
        ))}
      </ol>
    </>
  );
}
