// Checking the message: the worker client, the debounce of "check as I type", and which check's
// verdict the page shows (only the latest request's; an older one that answers late is dropped).
import {useCallback, useEffect, useRef, useState} from 'react';
import type {CheckResult, FormatHint} from './protocol';
import {ValidatorClient, TimeoutError, type Runner} from './validatorClient';

type Phase = 'idle' | 'checking' | 'done' | 'outdated';

const autoCheckDelay = 500;

export interface Validation {
  phase: Phase;
  result: CheckResult | null;
  failure: string | null;
  runner: Runner;
}

const initial: Validation = {phase: 'idle', result: null, failure: null, runner: 'worker'};

function failureText(error: unknown): string {
  return error instanceof TimeoutError
    ? `${error.message} The message may be too large or too unusual to check here.`
    : `The check failed: ${error instanceof Error ? error.message : String(error)}`;
}

export function useValidation() {
  const clientRef = useRef<ValidatorClient | null>(null);
  const latest = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [state, setState] = useState<Validation>(initial);

  const client = useCallback(() => (clientRef.current ??= new ValidatorClient()), []);

  const cancelTimer = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }, []);

  /** Checks `text` as `type` now; `format` is what the file name says the text is. */
  const check = useCallback(
    async (text: string, type: string, format: FormatHint = 'auto') => {
      cancelTimer();
      const id = ++latest.current;
      setState((s) => ({...s, phase: 'checking', failure: null}));
      try {
        const result = await client().check(text, type, format);
        if (id !== latest.current) return;
        setState({phase: 'done', result, failure: null, runner: client().runner});
      } catch (error) {
        if (id !== latest.current) return;
        setState((s) => ({...s, phase: 'done', result: null, failure: failureText(error)}));
      }
    },
    [cancelTimer, client],
  );

  /** Checks `text` as `type` once typing pauses; a check still running is for an older text. */
  const checkSoon = useCallback(
    (text: string, type: string, format: FormatHint = 'auto') => {
      latest.current++;
      cancelTimer();
      setState((s) => ({...s, phase: 'checking'}));
      timer.current = setTimeout(() => void check(text, type, format), autoCheckDelay);
    },
    [cancelTimer, check],
  );

  /** The text changed and is not checked as typed: the shown verdict, if any, is for an older text. */
  const outdate = useCallback(() => {
    latest.current++;
    cancelTimer();
    setState((s) => (s.result || s.failure ? {...s, phase: 'outdated'} : s));
  }, [cancelTimer]);

  /** No verdict at all (the input was cleared). */
  const reset = useCallback(() => {
    latest.current++;
    cancelTimer();
    setState((s) => ({...initial, runner: s.runner}));
  }, [cancelTimer]);

  /** Starts the worker ahead of the first check. */
  const warm = useCallback(() => client().warm(), [client]);

  useEffect(
    () => () => {
      cancelTimer();
      clientRef.current?.dispose();
      clientRef.current = null;
    },
    [cancelTimer],
  );

  return {...state, check, checkSoon, outdate, reset, warm};
}
