// The message validator: paste, open or load a SETU message and see whether it conforms to the
// OpenAPI specs of specs/, with each error's JSON path, rule and line. The checks run in a Web
// Worker on code generated from the specs at build time (scripts/gen-validators.mjs).
import React, {useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import useBaseUrl from '@docusaurus/useBaseUrl';
import {messageTypes, exampleIndex} from '../../generated/validator/catalog.mjs';
import type {CheckResult} from './protocol';
import {ValidatorClient, TimeoutError} from './validatorClient';
import {loadDraft, saveDraft, saveDraftNow, loadType, saveType, type SaveOutcome} from './draftStorage';
import {positionOf} from './core/json-scanner.mjs';
import styles from './styles.module.css';

/** Files above this size are not read (the checker's own limit is 50 MB). */
const maxFileBytes = 50 * 1024 * 1024;
const autoCheckDelay = 500;
const saveDelay = 400;

type Phase = 'idle' | 'checking' | 'done' | 'outdated';

const standards = [...new Set(messageTypes.map((t) => t.standard))];

const optionLabel = (t: (typeof messageTypes)[number]) =>
  t.alternatives.length > 0 ? `${t.name} (either form)` : t.name;

/** Text with `backticked` parts shown as code. */
function Inline({text}: {text: string}): ReactNode {
  const parts = text.split(/`([^`]*)`/);
  return parts.map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : <React.Fragment key={i}>{part}</React.Fragment>));
}

const formatSize = (chars: number) =>
  chars < 1024 ? `${chars} characters` : chars < 1024 * 1024 ? `${(chars / 1024).toFixed(1)} KB` : `${(chars / 1024 / 1024).toFixed(1)} MB`;

/** Offset range of a 1-based line in the text. */
function lineRange(text: string, line: number): [number, number] {
  let start = 0;
  for (let l = 1; l < line; l++) {
    const next = text.indexOf('\n', start);
    if (next === -1) break;
    start = next + 1;
  }
  const end = text.indexOf('\n', start);
  return [start, end === -1 ? text.length : end];
}

export default function MessageValidator(): ReactNode {
  const ids = useId();
  const inputId = `${ids}-input`;
  const typeId = `${ids}-type`;
  const hintId = `${ids}-hint`;
  const storageId = `${ids}-storage`;

  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const clientRef = useRef<ValidatorClient | null>(null);
  const latestRequest = useRef(0);
  const checkTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const saveTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const typeRef = useRef('auto');

  const [type, setType] = useState('auto');
  const [autoCheck, setAutoCheck] = useState(true);
  const [phase, setPhase] = useState<Phase>('idle');
  const [result, setResult] = useState<CheckResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [runner, setRunner] = useState<string>('worker');
  const [storageNote, setStorageNote] = useState<string | null>(null);
  const [sourceNote, setSourceNote] = useState<string | null>(null);
  const [caret, setCaret] = useState<{line: number; column: number}>({line: 1, column: 1});
  const [hasText, setHasText] = useState(false);

  const client = useCallback(() => (clientRef.current ??= new ValidatorClient()), []);

  const text = () => textareaRef.current?.value ?? '';

  /** Checks the current text against the chosen type; only the latest check is shown. */
  const check = useCallback(
    async (forType?: string) => {
      if (checkTimer.current) clearTimeout(checkTimer.current);
      const value = textareaRef.current?.value ?? '';
      const id = ++latestRequest.current;
      setPhase('checking');
      setFailure(null);
      try {
        const r = await client().check(value, forType ?? typeRef.current);
        if (id !== latestRequest.current) return;
        setResult(r);
        setRunner(client().runner);
        setPhase('done');
      } catch (error) {
        if (id !== latestRequest.current) return;
        setResult(null);
        setFailure(
          error instanceof TimeoutError
            ? `${error.message} The message may be too large or too unusual to check here.`
            : `The check failed: ${error instanceof Error ? error.message : String(error)}`,
        );
        setPhase('done');
      }
    },
    [client],
  );

  const persist = useCallback((value: string, now = false) => {
    if (saveTimer.current) clearTimeout(saveTimer.current);
    const run = () =>
      saveDraft(value).then((outcome: SaveOutcome) => {
        setStorageNote(
          outcome === 'saved'
            ? null
            : outcome === 'too-large'
              ? `This message (${formatSize(value.length)}) is too large for this browser's storage: it will not be kept when you reload the page.`
              : 'This browser does not allow storing the message: it will not be kept when you reload the page.',
        );
      });
    if (now) void run();
    else saveTimer.current = setTimeout(run, saveDelay);
  }, []);

  /** Replaces the whole text (example, file, restored draft) and checks it. */
  const setText = useCallback(
    (value: string, note: string | null, save = true) => {
      const area = textareaRef.current;
      if (!area) return;
      area.value = value;
      area.scrollTop = 0;
      area.scrollLeft = 0;
      setHasText(value.length > 0);
      setSourceNote(note);
      setCaret({line: 1, column: 1});
      if (save) persist(value, true);
      void check();
    },
    [check, persist],
  );

  // Restore the message and type of the last visit; keep the message when the page is left.
  useEffect(() => {
    let cancelled = false;
    const savedType = loadType();
    if (savedType && (savedType === 'auto' || messageTypes.some((t) => t.name === savedType))) {
      typeRef.current = savedType;
      setType(savedType);
    }
    loadDraft().then((draft) => {
      if (cancelled || !draft || text()) return;
      setText(draft, 'Restored the message from your last visit.', false);
    });
    const onLeave = () => saveDraftNow(text());
    window.addEventListener('pagehide', onLeave);
    return () => {
      cancelled = true;
      window.removeEventListener('pagehide', onLeave);
      if (checkTimer.current) clearTimeout(checkTimer.current);
      if (saveTimer.current) {
        clearTimeout(saveTimer.current);
        saveDraftNow(text());
      }
      clientRef.current?.dispose();
      clientRef.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onInput = () => {
    const value = text();
    setHasText(value.length > 0);
    setSourceNote(null);
    persist(value);
    latestRequest.current++; // a check still running is for an older text
    if (checkTimer.current) clearTimeout(checkTimer.current);
    if (autoCheck) {
      setPhase('checking');
      checkTimer.current = setTimeout(() => void check(), autoCheckDelay);
    } else if (result || failure) setPhase('outdated');
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void check();
    }
  };

  const updateCaret = () => {
    const area = textareaRef.current;
    if (area) setCaret(positionOf(area.value, area.selectionStart));
  };

  const onTypeChange = (value: string) => {
    typeRef.current = value;
    setType(value);
    saveType(value);
    if (text()) void check(value);
  };

  const loadExample = async (index: number) => {
    const {examples} = await import('../../generated/validator/examples.mjs');
    const example = examples[index];
    typeRef.current = 'auto';
    setType('auto');
    saveType('auto');
    setText(example.text, `Loaded the example “${example.label}” (${example.type}${example.variant ? `, ${example.variant}` : ''}) from the specification.`);
  };

  const openFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > maxFileBytes) {
      setSourceNote(`${file.name} is ${formatSize(file.size)}: the validator reads files of up to ${formatSize(maxFileBytes)}.`);
      return;
    }
    try {
      setText(await file.text(), `Opened ${file.name} (${formatSize(file.size)}).`);
    } catch {
      setSourceNote(`${file.name} could not be read.`);
    }
  };

  const goToLine = (line: number, column = 1) => {
    const area = textareaRef.current;
    if (!area) return;
    const [start, end] = lineRange(area.value, line);
    area.focus();
    area.setSelectionRange(Math.min(start + column - 1, end), end);
    const lineHeight = parseFloat(getComputedStyle(area).lineHeight) || 20;
    area.scrollTop = Math.max(0, (line - 1) * lineHeight - area.clientHeight / 3);
    setCaret({line, column});
  };

  const clear = () => {
    setText('', null);
    setResult(null);
    setFailure(null);
    setPhase('idle');
    latestRequest.current++;
    textareaRef.current?.focus();
  };

  const current = phase === 'done';
  const valid = current && result ? result.valid : current && failure ? false : undefined;

  const summary = useMemo(() => {
    if (phase === 'checking') return 'Checking…';
    if (failure) return failure;
    if (!result) return 'No result yet: paste a message, open a file or load an example.';
    return result.summary;
  }, [phase, failure, result]);

  const specsBase = useBaseUrl('/specs/');
  const label = (r: CheckResult) => `${r.type}${r.variant ? ` (${r.variant})` : ''}`;

  return (
    <div className={styles.validator}>
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
            accept=".json,application/json,text/plain"
            className={styles.fileInput}
            data-testid="message-file"
            tabIndex={-1}
            aria-hidden="true"
            onChange={(e) => {
              void openFile(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </div>
      </div>

      <div role="group" aria-labelledby={`${ids}-examples`} className={styles.examples}>
        <span id={`${ids}-examples`} className={styles.label}>
          Load a valid example
        </span>
        {standards.map((standard) => (
          <div key={standard} className={styles.exampleGroup}>
            <span className={styles.exampleStandard}>{standard}:</span>
            {exampleIndex.map((e, i) =>
              messageTypes.find((t) => t.name === e.type)?.standard === standard ? (
                <button
                  key={`${e.type}-${e.variant ?? ''}`}
                  type="button"
                  className={clsx('button button--sm button--outline button--primary', styles.exampleButton)}
                  data-testid="load-example"
                  data-type={e.type}
                  title={e.label}
                  onClick={() => void loadExample(i)}>
                  {e.type}
                  {e.variant ? ` (${e.variant})` : ''}
                </button>
              ) : null,
            )}
          </div>
        ))}
      </div>

      <div className={styles.editor}>
        <label htmlFor={inputId} className={styles.label}>
          JSON message
        </label>
        <p id={hintId} className={styles.hint}>
          Paste a message, open a file or load an example. {autoCheck ? 'It is checked as you type; ' : ''}Ctrl+Enter (⌘+Enter) checks
          it at once. Everything stays in your browser.
        </p>
        <textarea
          id={inputId}
          ref={textareaRef}
          className={styles.textarea}
          aria-describedby={`${hintId}${storageNote ? ` ${storageId}` : ''}`}
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          autoCorrect="off"
          wrap="off"
          rows={20}
          placeholder={'{\n  "documentId": { "value": "…", "schemeAgencyId": "Customer" },\n  …\n}'}
          onInput={onInput}
          onKeyDown={onKeyDown}
          onFocus={() => client().warm()}
          onKeyUp={updateCaret}
          onClick={updateCaret}
          onSelect={updateCaret}
          onDragOver={(e) => {
            if (e.dataTransfer.types.includes('Files')) e.preventDefault();
          }}
          onDrop={(e) => {
            if (e.dataTransfer.files.length > 0) {
              e.preventDefault();
              void openFile(e.dataTransfer.files[0]);
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
          <p id={storageId} className={clsx('alert alert--warning', styles.storageNote)}>
            {storageNote}
          </p>
        )}
      </div>

      <div className={styles.actions}>
        <button type="button" className="button button--primary" onClick={() => void check()}>
          Validate
        </button>
        <button type="button" className="button button--secondary" onClick={clear} disabled={!hasText}>
          Clear
        </button>
        <label className={styles.checkbox}>
          <input type="checkbox" checked={autoCheck} onChange={(e) => setAutoCheck(e.target.checked)} /> Check as I type
        </label>
      </div>

      <section aria-labelledby={`${ids}-result`} className={styles.resultSection}>
        <h2 id={`${ids}-result`} className={styles.resultHeading}>
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
            <Inline text={summary} />
          </p>
          {phase === 'outdated' && <p className={styles.note}>The message has changed since this check: press Validate or Ctrl+Enter.</p>}
          {result && phase !== 'checking' && (
            <>
              {result.type && (
                <p className={styles.note} data-testid="detected-type">
                  {result.detected ? (
                    <>
                      Detected as <strong>{label(result)}</strong>: <Inline text={`it ${result.reason}`} />.
                    </>
                  ) : (
                    <>
                      Checked as <strong>{label(result)}</strong>, as chosen.
                    </>
                  )}{' '}
                  Specification: {result.standard} (<a href={`${specsBase}${result.file}`}>specs/{result.file}</a>).
                </p>
              )}
              {result.hint && (
                <p className={styles.note}>
                  <Inline text={result.hint} />
                </p>
              )}
              {result.position && (
                <p className={styles.note}>
                  <button type="button" className={styles.lineButton} onClick={() => goToLine(result.position!.line, result.position!.column)}>
                    Go to line {result.position.line}, column {result.position.column}
                  </button>
                </p>
              )}
              {result.errors.length > 0 && (
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
                          <Inline text={e.message} />
                        </p>
                        <p className={styles.jsonPath}>
                          JSONPath <code>{e.jsonPath}</code>
                        </p>
                      </li>
                    ))}
                  </ol>
                </>
              )}
              {result.warnings.length > 0 && (
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
              )}
              <p className={styles.stats}>
                Checked {formatSize(result.stats.characters)} in {result.stats.ms} ms ({runner === 'worker' ? 'in a background thread' : 'on the page'}).
              </p>
            </>
          )}
        </div>
      </section>
    </div>
  );
}
