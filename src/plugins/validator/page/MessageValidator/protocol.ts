import type {LinkedResult} from '../../engine/validate-text.mjs';

/** The verdict, with the message dictionary's entry of each error's field. */
type CheckResult = LinkedResult;

/** What the file name says a text is; "auto" when it was typed or pasted. */
export type FormatHint = 'json' | 'xml' | 'auto';

/** Page -> worker: check `text` as `type` ("auto" to detect). */
export interface ValidationRequest {
  id: number;
  text: string;
  type: string;
  format: FormatHint;
}

/** Worker -> page: the verdict, or why there is none. */
export type ValidationResponse = {id: number; result: CheckResult; error?: undefined} | {id: number; error: string; result?: undefined};

export type {CheckResult};
