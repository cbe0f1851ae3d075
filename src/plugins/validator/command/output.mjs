// Where the command writes: standard output and standard error.
//
// To a pipe, a socket or a file (a CI job, a redirect, a parent process), text is written with fs.writeSync: making
// process.stdout for a pipe or socket loads Node's stream and socket machinery, a few milliseconds of a run for output
// of a few lines (scripts/bench-command.mjs), and its stream throws EPIPE with a stack trace when the reader has gone
// (`| head`). A terminal gets process.stdout and process.stderr as usual (a Windows console needs them to show UTF-8).
import fs from 'node:fs';

/** How long to wait, in ms, before writing again to a pipe that is full (a non-blocking pipe says EAGAIN). */
const fullPipeWait = 1;

/** Whether `fd` is a pipe, a socket or a regular file (not a terminal, nor closed). */
function isPipeSocketOrFile(/** @type {number} */ fd) {
  try {
    const stat = fs.fstatSync(fd);
    return stat.isFIFO() || stat.isSocket() || stat.isFile();
  } catch {
    return false;
  }
}

/**
 * A function that writes text to the file descriptor `fd` (1: standard output, 2: standard error).
 * @param {1 | 2} fd
 * @returns {(text: string) => void}
 */
export function writerTo(fd) {
  if (!isPipeSocketOrFile(fd)) return (text) => void (fd === 1 ? process.stdout : process.stderr).write(text);
  /** Set once the reader has gone (EPIPE, as when the output is piped into `head`): nothing more is written. */
  let gone = false;
  /** @type {Int32Array | null} */
  let sleeper = null;
  return (text) => {
    if (gone) return;
    const bytes = Buffer.from(text, 'utf8');
    for (let written = 0; written < bytes.length;) {
      try {
        written += fs.writeSync(fd, bytes, written);
      } catch (error) {
        const code = error instanceof Error && 'code' in error ? error.code : '';
        if (code === 'EPIPE') {
          gone = true;
          return;
        }
        if (code !== 'EAGAIN') throw error;
        Atomics.wait((sleeper ??= new Int32Array(new SharedArrayBuffer(4))), 0, 0, fullPipeWait);
      }
    }
  };
}
