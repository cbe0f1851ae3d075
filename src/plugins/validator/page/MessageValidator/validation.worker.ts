// The validator's background thread: checks messages off the main thread, so that a 5 MB message
// or a pathological one never freezes the page. Loaded only by the validator page.
import {validateText} from '../../engine/validate-text.mjs';
import type {ValidationRequest, ValidationResponse} from './protocol';

// The site's TypeScript lib is DOM, not WebWorker: the two members used here, typed by hand.
interface WorkerScope {
  onmessage: ((event: MessageEvent<ValidationRequest>) => void) | null;
  postMessage(message: ValidationResponse): void;
}
const scope = self as unknown as WorkerScope;

scope.onmessage = (event) => {
  const {id, text, type, format} = event.data;
  try {
    scope.postMessage({id, result: validateText(text, type, {format})});
  } catch (error) {
    scope.postMessage({id, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error)});
  }
};
