// Runs checks in a Web Worker, and on the main thread where workers are unavailable (or fail to
// load, e.g. blocked by a Content-Security-Policy). Only the latest request matters to the page;
// a check that takes too long is stopped by restarting the worker.
import type {CheckResult, FormatHint, ValidationRequest, ValidationResponse} from './protocol';

export type Runner = 'worker' | 'main thread';

interface Pending {
  resolve: (result: CheckResult) => void;
  reject: (error: Error) => void;
  request: ValidationRequest;
  timer: ReturnType<typeof setTimeout>;
}

export class TimeoutError extends Error {
  constructor(seconds: number) {
    super(`The check took longer than ${seconds} seconds and was stopped.`);
    this.name = 'TimeoutError';
  }
}

export class ValidatorClient {
  private worker: Worker | null = null;
  private pending = new Map<number, Pending>();
  private nextId = 1;
  private useMainThread = false;

  constructor(private readonly timeoutSeconds = 30) {}

  get runner(): Runner {
    return this.useMainThread ? 'main thread' : 'worker';
  }

  private startWorker(): Worker | null {
    if (this.worker) return this.worker;
    if (this.useMainThread || typeof Worker === 'undefined') {
      this.useMainThread = true;
      return null;
    }
    try {
      const worker = new Worker(new URL('./validation.worker.ts', import.meta.url));
      worker.onmessage = (event: MessageEvent<ValidationResponse>) => this.settle(event.data);
      // The worker script could not load or crashed: finish the open requests here instead.
      worker.onerror = (event) => {
        event.preventDefault();
        this.fallBack();
      };
      this.worker = worker;
      return worker;
    } catch {
      this.useMainThread = true;
      return null;
    }
  }

  private settle(response: ValidationResponse): void {
    const p = this.pending.get(response.id);
    if (!p) return;
    clearTimeout(p.timer);
    this.pending.delete(response.id);
    if (response.result) p.resolve(response.result);
    else p.reject(new Error(response.error));
  }

  /** Terminates the worker and hands back the requests it still held, their timers cleared. */
  private stopWorker() {
    this.worker?.terminate();
    this.worker = null;
    const open = [...this.pending.values()];
    this.pending.clear();
    for (const p of open) clearTimeout(p.timer);
    return open;
  }

  private fallBack(): void {
    this.useMainThread = true;
    for (const p of this.stopWorker()) this.runHere(p.request).then(p.resolve, p.reject);
  }

  private async runHere({text, type, format}: ValidationRequest): Promise<CheckResult> {
    const {validateText} = await import('../../engine/validate-text.mjs');
    return validateText(text, type, {format});
  }

  /** Starts the worker ahead of the first check (when the user is about to enter a message). */
  warm(): void {
    this.startWorker();
  }

  /** Checks `text` as `type` ("auto" to detect); `format` is what the file name says the text is. */
  check(text: string, type: string, format: FormatHint = 'auto'): Promise<CheckResult> {
    const request: ValidationRequest = {id: this.nextId++, text, type, format};
    const worker = this.startWorker();
    if (!worker) return this.runHere(request);
    return new Promise<CheckResult>((resolve, reject) => {
      const timer = setTimeout(() => {
        // A runaway check: restart the worker, failing the requests it held.
        for (const p of this.stopWorker()) p.reject(new TimeoutError(this.timeoutSeconds));
      }, this.timeoutSeconds * 1000);
      this.pending.set(request.id, {resolve, reject, request, timer});
      worker.postMessage(request);
    });
  }

  dispose(): void {
    for (const p of this.pending.values()) clearTimeout(p.timer);
    this.pending.clear();
    this.worker?.terminate();
    this.worker = null;
  }
}
