// The verdict: one status line for screen readers, then the detected type, which business rules apply, a hint, the
// errors, the warnings and how long the check took.
import React, {type ReactNode} from 'react';
import clsx from 'clsx';
import useBaseUrl from '@docusaurus/useBaseUrl';
import Link from '@docusaurus/Link';
import type {CheckResult} from './protocol';
import type {Validation} from './useValidation';
import ErrorList from './ErrorList';
import WarningList from './WarningList';
import InlineCode from '@site/src/components/InlineCode';
import {formatSize} from './file-size';
import styles from './styles.module.css';

interface Props {
  headingId: string;
  validation: Validation;
  goToLine: (line: number, column?: number) => void;
}

const label = (r: CheckResult) => `${r.type}${r.variant ? ` (${r.variant})` : ''}`;

function summaryOf({phase, failure, result}: Validation): string {
  if (phase === 'checking') return 'Checking…';
  if (failure) return failure;
  if (!result) return 'No result yet: paste a message, open a file or load an example.';
  return result.summary;
}

function DetectedType({result}: {result: CheckResult}): ReactNode {
  const specsBase = useBaseUrl('/specs/');
  return (
    <p className={styles.note} data-testid="detected-type">
      {result.detected ? (
        <>
          Detected as <strong>{label(result)}</strong>: <InlineCode text={`it ${result.reason}`} />.
        </>
      ) : (
        <>
          Checked as <strong>{label(result)}</strong>, as chosen.
        </>
      )}{' '}
      Specification: {result.standard} (<a href={`${specsBase}${result.file}`}>specs/{result.file}</a>).
    </p>
  );
}

export default function ResultPanel({headingId, validation, goToLine}: Props): ReactNode {
  const {phase, result, failure, runner} = validation;
  const current = phase === 'done';
  const valid = current && result ? result.valid : current && failure ? false : undefined;
  return (
    <section aria-labelledby={headingId} className={styles.resultSection}>
      <h2 id={headingId} className={styles.resultHeading}>
        Result
      </h2>
      <div
        data-testid="validation-result"
        data-valid={valid === undefined ? undefined : String(valid)}
        data-status={current ? (failure ? 'failure' : result?.status) : phase}
        aria-busy={phase === 'checking'}
        className={clsx(
          'alert',
          valid === true ? 'alert--success' : valid === false ? 'alert--danger' : 'alert--secondary',
          styles.result,
          phase === 'outdated' && styles.outdated,
        )}>
        <p role="status" aria-live="polite" aria-atomic="true" className={styles.summary}>
          <InlineCode text={summaryOf(validation)} />
        </p>
        {phase === 'outdated' && <p className={styles.note}>The message has changed since this check: press Validate or Ctrl+Enter.</p>}
        {result && phase !== 'checking' && (
          <>
            {result.type && <DetectedType result={result} />}
            {result.businessRules && (
              <p className={styles.note} data-testid="business-rules">
                <InlineCode text={result.businessRules} />
                {result.businessRules.includes('of SETU') && (
                  <>
                    {' '}
                    <Link to="/planning/business-rules">The business rules</Link>.
                  </>
                )}
              </p>
            )}
            {result.hint && (
              <p className={styles.note}>
                <InlineCode
                  text={`${result.hint}${result.lookalike ? ` Choose “Detect automatically” or ${result.lookalike} to check it as such.` : ''}`}
                />
              </p>
            )}
            {result.position && (
              <p className={styles.note}>
                <button
                  type="button"
                  className={styles.lineButton}
                  onClick={() => goToLine(result.position!.line, result.position!.column)}>
                  Go to line {result.position.line}, column {result.position.column}
                </button>
              </p>
            )}
            <ErrorList result={result} goToLine={goToLine} />
            <WarningList result={result} goToLine={goToLine} />
            {result.notes.length > 0 && (
              <>
                <p className={styles.note}>Notes:</p>
                <ul className={styles.notes}>
                  {result.notes.map((n, i) => (
                    <li key={i} data-testid="validation-note" data-rule={n.rule} data-repair={n.repair?.at.join(' ')} data-line={n.line}>
                      {n.line !== undefined && (
                        <>
                          <button type="button" className={styles.lineButton} onClick={() => goToLine(n.line!, n.column)}>
                            line {n.line}
                          </button>{' '}
                        </>
                      )}
                      <InlineCode text={n.message} />
                      {n.rule && (
                        <>
                          {' '}
                          <Link to="/planning/business-rules">About the business rules</Link>.
                        </>
                      )}
                      {n.repair?.route && (
                        <>
                          {' '}
                          <Link to={n.repair.route}>Our repairs of the published specification</Link>.
                        </>
                      )}
                    </li>
                  ))}
                </ul>
              </>
            )}
            <p className={styles.stats}>
              Checked {formatSize(result.stats.characters)} of {result.format === 'xml' ? 'XML' : 'JSON'} in {result.stats.ms} ms (
              {runner === 'worker' ? 'in a background thread' : 'on the page'}).
            </p>
          </>
        )}
      </div>
    </section>
  );
}
