import type {CheckResult} from './core/check.mjs';

/** Page -> worker: check `text` as `type` ("auto" to detect). */
export interface ValidationRequest {
  id: number;
  text: string;
  type: string;
}

/** Worker -> page: the verdict, or why there is none. */
export type ValidationResponse = {id: number; result: CheckResult; error?: undefined} | {id: number; error: string; result?: undefined};

export type {CheckResult};
