// What the validator found in a body the sandbox accepted, read back from its answer: the sandbox stores a body with
// warnings (a warning-level business rule, such as BR 292) or notes (a rule one message cannot show, a value valid only
// under one of our repairs), and says so in two headers, `Setu-Validator-Warnings` and `Setu-Validator-Notes`, each a
// Structured Field List of strings (RFC 8941) in the form of the command's lines (src/plugins/sandbox/handlers/findings.mjs
// writes them). The answer panel (theme/ApiExplorer/Response) lists them where the reader reads the answer, the
// warnings linked to the message dictionary (refusal-links.mjs), instead of leaving them escaped in the Headers tab.
// tests/unit/api-reference/refusal-errors.test.mjs holds this reading to the sandbox's writing.

/**
 * The member of the explorer's operation that names the message its request body is checked as by the sandbox: the
 * spec file and component schema of the validator's message type (operation-page.ts writes it).
 */
export const requestMessageProperty = 'x-setu-request-message';

/** @typedef {{file: string, schema: string}} RequestMessage */

/**
 * @typedef {object} Finding
 * @property {string} message the validator's words, `backticked` parts as code
 * @property {string | null} pointer a warning's JSON pointer, or for an XML body its element path; null for a note
 * @property {number | null} line
 * @property {number | null} column
 */

/** @typedef {{warnings: Finding[], notes: Finding[]}} Findings */

/** The strings of a Structured Field List of strings, unescaped (RFC 8941, 3.3.3). */
const stringsOf = (/** @type {string | undefined} */ value) =>
  [...(value ?? '').matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => /** @type {string} */ (m[1]).replace(/\\(.)/g, '$1'));

// `LINE:COLUMN: message [rule] (path)` and `message [rule]`; the rule is part of the message's own words already.
const warningForm = /^(\d+):(\d+): (.*?)(?: \[[^\]]+\])?(?: \(([^()]*)\))?$/s;
const noteForm = /^(.*?)(?: \[[^\]]+\])?$/s;

/** @returns {Finding} */
function warningOf(/** @type {string} */ text) {
  const match = warningForm.exec(text);
  if (!match) return {message: text, pointer: null, line: null, column: null}; // "and 3 more"
  const [, line, column, message, path] = match;
  return {message: /** @type {string} */ (message), pointer: path ?? null, line: Number(line), column: Number(column)};
}

/** @returns {Finding} */
const noteOf = (/** @type {string} */ text) => ({message: noteForm.exec(text)?.[1] ?? text, pointer: null, line: null, column: null});

/**
 * The warnings and notes an answer's headers carry, or null where they carry none.
 * @param {Record<string, string> | undefined} headers the answer's headers, by their names in lower case (as fetch gives them)
 * @returns {Findings | null}
 */
export function parseFindings(headers) {
  const warnings = stringsOf(headers?.['setu-validator-warnings']).map(warningOf);
  const notes = stringsOf(headers?.['setu-validator-notes']).map(noteOf);
  return warnings.length || notes.length ? {warnings, notes} : null;
}
