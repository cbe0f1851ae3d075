// Line and column arithmetic on a message text: small and free of the parsers, so that the page
// can show the caret's position and jump to an error without loading a scanner.

/** Line and column (1-based) of a character offset in `text`. */
export function positionOf(/** @type {string} */ text, /** @type {number} */ offset) {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return {line, column: offset - lineStart + 1};
}

/**
 * Offset range [start, end) of a 1-based line of `text`, without its line break; a line past the
 * end gives the last line.
 * @returns {[number, number]}
 */
export function lineRange(/** @type {string} */ text, /** @type {number} */ line) {
  let start = 0;
  for (let l = 1; l < line; l++) {
    const next = text.indexOf('\n', start);
    if (next === -1) break;
    start = next + 1;
  }
  const end = text.indexOf('\n', start);
  return [start, end === -1 ? text.length : end];
}
