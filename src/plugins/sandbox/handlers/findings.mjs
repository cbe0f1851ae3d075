// What the message validator found in an accepted body beyond its verdict: its warnings (a warning-level business rule,
// such as BR 292) and its notes (a rule one message cannot show, a value valid only under one of our repairs of SETU's
// published schemas). The sandbox accepts such a body, as a receiver would, and says what it found in two headers of its
// answer, so that a client learns it where it reads the answer; the local server also logs one line per finding.
//
// Headers, not a field of the body: the body of an answer is the message SETU defines (or nothing, for a 204), which an
// added field would break. Each header is a Structured Field List of strings (RFC 8941), one string per finding, in the
// form of the command setu-validate's lines without the file: `LINE:COLUMN: message [rule] (path)` (a note about the
// whole message has no place); a string holds
// printable ASCII only, so other characters are written as their nearest ASCII.

/** @typedef {import('../../validator/engine/check.mjs').ScanWarning} ScanWarning */
/** @typedef {import('../../validator/engine/check.mjs').CheckNote} CheckNote */

/** @typedef {{warnings: ScanWarning[], notes: CheckNote[]}} Findings what the validator found in the request's body */

const warningsHeader = 'Setu-Validator-Warnings';
const notesHeader = 'Setu-Validator-Notes';

/** At most this many findings of a kind travel in a header; the last string says how many more there were. */
const maxPerHeader = 20;

/** No findings yet: the holder a request's steps add to. */
export const noFindings = () => /** @type {Findings} */ ({warnings: [], notes: []});

/** A warning as setu-validate writes it, without the file: `LINE:COLUMN: message [rule] (path)`. */
export const warningText = (/** @type {ScanWarning} */ w) =>
  `${w.line}:${w.column}: ${w.message}${w.rule ? ` [${w.rule}]` : ''}${w.path ? ` (${w.path})` : ''}`;

/**
 * A note as setu-validate writes it, without the file: `LINE:COLUMN: message [rule]` for a note at a value (a repair a
 * value relies on), `message [rule]` for one about the whole message.
 */
export const noteText = (/** @type {CheckNote} */ n) =>
  `${n.line ? `${n.line}:${n.column ?? 1}: ` : ''}${n.message}${n.rule ? ` [${n.rule}]` : ''}`;

/** Typographic characters of the validator's words and their ASCII. */
const asciiOf = /** @type {Record<string, string>} */ ({
  '\u2014': '--',
  '\u2013': '-',
  '\u2026': '...',
  '\u2018': "'",
  '\u2019': "'",
  '\u201c': '"',
  '\u201d': '"',
});

/** A Structured Field string (RFC 8941, 3.3.3): printable ASCII, `"` and `\` escaped. */
function sfString(/** @type {string} */ text) {
  const ascii = text
    .replace(/\s+/g, ' ')
    .replace(/[\u2014\u2013\u2026\u2018\u2019\u201c\u201d]/g, (c) => asciiOf[c])
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, (c) => (/\p{M}/u.test(c) ? '' : '?'));
  return `"${ascii.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

/** A header's value: the findings' texts as a Structured Field List of strings, at most maxPerHeader of them. */
function listValue(/** @type {string[]} */ texts) {
  const shown = texts.length > maxPerHeader ? [...texts.slice(0, maxPerHeader - 1), `and ${texts.length - maxPerHeader + 1} more`] : texts;
  return shown.map(sfString).join(', ');
}

/**
 * The headers that carry what the validator found, where it found anything.
 * @param {Findings | undefined} findings
 * @returns {Record<string, string>}
 */
export function findingHeaders(findings) {
  /** @type {Record<string, string>} */
  const headers = {};
  if (findings?.warnings.length) headers[warningsHeader] = listValue(findings.warnings.map(warningText));
  if (findings?.notes.length) headers[notesHeader] = listValue(findings.notes.map(noteText));
  return headers;
}
