// The message validator: paste, open or load a SETU message, JSON or XML, and see whether it
// conforms to the OpenAPI specs of specs/ and the standard's business rules, with each error's path,
// rule and line. The checks run in a Web Worker on code generated from the specs at build time
// (src/plugins/validator/generate.mjs).
//
// This component only wires the parts together: the input (useEditor, MessageInput), the checks
// (useValidation), the kept draft (useDraft), the chosen type (useMessageType), files
// (useMessageFile), the toolbar, the example buttons and the result panel.
import React, {useCallback, useId, useRef, useState, type ReactNode} from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {useEditor} from './useEditor';
import {useValidation} from './useValidation';
import {useDraft} from './useDraft';
import {useMessageType, currentType} from './useMessageType';
import {useMessageFile} from './useMessageFile';
import Toolbar from './Toolbar';
import ExampleButtons, {type ExampleForm} from './ExampleButtons';
import type {FormatHint} from './protocol';
import MessageInput from './MessageInput';
import ResultPanel from './ResultPanel';
import styles from './styles.module.css';

export default function MessageValidator(): ReactNode {
  const ids = useId();
  // The controls work once the page's script has taken over; until then (and without JavaScript) they are disabled,
  // so that a click before that is not silently lost.
  const live = useIsBrowser();
  const editor = useEditor();
  const {type, choose} = useMessageType();
  const validation = useValidation();
  const {check, checkSoon, outdate, reset, warm} = validation;
  const [autoCheck, setAutoCheck] = useState(true);
  const [sourceNote, setSourceNote] = useState<string | null>(null);
  const [exampleForm, setExampleForm] = useState<ExampleForm>('json');
  // What the name of the opened file says the text is (JSON or XML); the text's own first character decides first.
  const formatHint = useRef<FormatHint>('auto');
  const {read, write} = editor;

  /** Checks the current text against the chosen type. */
  const checkNow = useCallback(() => void check(read(), currentType(), formatHint.current), [check, read]);

  const restore = useCallback(
    (text: string) => {
      formatHint.current = 'auto';
      write(text);
      setSourceNote('Restored the message from your last visit.');
      checkNow();
    },
    [write, checkNow],
  );
  const {storageNote, persist} = useDraft(read, restore);

  /** Replaces the whole text (an example or a file), keeps it and checks it. */
  const replaceText = useCallback(
    (text: string, note: string | null, format: FormatHint = 'auto') => {
      formatHint.current = format;
      write(text);
      setSourceNote(note);
      persist(text, true);
      checkNow();
    },
    [write, persist, checkNow],
  );

  const openFile = useMessageFile(replaceText, setSourceNote);

  const onInput = () => {
    const text = read();
    editor.typed();
    setSourceNote(null);
    persist(text);
    if (autoCheck) checkSoon(text, currentType(), formatHint.current);
    else outdate();
  };

  const onTypeChange = (value: string) => {
    choose(value);
    const text = read();
    if (text) void check(text, value, formatHint.current);
  };

  const loadExample = async (index: number) => {
    const {examples} = await import('../../../../../generated/validator/examples.mjs');
    const example = examples[index];
    const xml = exampleForm === 'xml' ? example.xml : null;
    choose('auto');
    replaceText(
      xml ?? example.text,
      `Loaded the example “${example.label}” (${example.type}${example.variant ? `, ${example.variant}` : ''}) from the specification${xml ? ', in its XML form' : ''}.`,
    );
  };

  const clear = () => {
    formatHint.current = 'auto';
    write('');
    setSourceNote(null);
    persist('', true);
    reset();
    editor.focus();
  };

  return (
    <div className={styles.validator}>
      <noscript>
        <p className={styles.noScript}>The validator runs in your browser and needs JavaScript, which is off.</p>
      </noscript>
      <fieldset className={styles.controls} disabled={!live}>
        <Toolbar typeId={`${ids}-type`} type={type} onTypeChange={onTypeChange} onFile={(file) => void openFile(file)} />
        <ExampleButtons
          labelId={`${ids}-examples`}
          form={exampleForm}
          onFormChange={setExampleForm}
          onLoad={(index) => void loadExample(index)}
        />
        <MessageInput
          ids={{input: `${ids}-input`, hint: `${ids}-hint`, storage: `${ids}-storage`}}
          inputRef={editor.ref}
          autoCheck={autoCheck}
          caret={editor.caret}
          sourceNote={sourceNote}
          storageNote={storageNote}
          onInput={onInput}
          onCheck={checkNow}
          onFocus={warm}
          onCaret={editor.updateCaret}
          onFile={(file) => void openFile(file)}
        />
        <div className={styles.actions}>
          <button type="button" className="button button--primary" onClick={checkNow}>
            Validate
          </button>
          <button type="button" className="button button--secondary" onClick={clear} disabled={!editor.hasText}>
            Clear
          </button>
          <label className={styles.checkbox}>
            <input type="checkbox" checked={autoCheck} onChange={(e) => setAutoCheck(e.target.checked)} /> Check as I type
          </label>
        </div>
      </fieldset>
      <ResultPanel headingId={`${ids}-result`} validation={validation} goToLine={editor.goToLine} />
    </div>
  );
}
