// What setu-validate prints: the verdicts in the form compilers write (which editors and CI annotate), as JSON for
// machines, or as a JUnit XML report for CI test views.
import {messageTypes, specsHash} from '../../../../generated/validator/catalog.mjs';
import {siteUrl} from '../../../data/site.mjs';

/** @typedef {import('../engine/validate-text.mjs').LinkedResult} LinkedResult */

/**
 * A checked file: its verdict, or why there is none.
 * @typedef {object} FileReport
 * @property {string} file as named on the command line (`<stdin>` for -)
 * @property {LinkedResult | null} result
 * @property {string | null} unreadable why the file could not be read or checked
 */

/** Statuses whose summary is the whole verdict: no message was found to list errors of. */
const statusOnly = new Set(['empty', 'too-large', 'binary', 'syntax', 'not-object', 'unknown-type', 'no-xml']);

const plural = (/** @type {number} */ n, /** @type {string} */ word) => `${n} ${word}${n === 1 ? '' : 's'}`;
const label = (/** @type {LinkedResult} */ r) => `${r.type}${r.variant ? ` (${r.variant})` : ''}`;

/**
 * The lines of one file in the compilers' form: FILE:LINE:COLUMN: error|warning|note: message [rule] (path); a note
 * about the whole message (a rule one message cannot show) has no line.
 */
function textOf(/** @type {FileReport} */ {file, result, unreadable}) {
  if (!result) return `${file}: error: ${unreadable}\n`;
  const at = (/** @type {{line?: number | null, column?: number | null} | null} */ place) =>
    place?.line ? `${file}:${place.line}:${place.column ?? 1}` : file;
  const lines = [];
  if (statusOnly.has(result.status)) lines.push(`${at(result.position)}: error: ${result.summary}`);
  for (const e of result.errors) lines.push(`${at(e)}: error: ${e.message} [${e.rule}] (${e.pointer})`);
  if (result.errorCount > result.errors.length)
    lines.push(
      `${file}: note: ${plural(result.errorCount - result.errors.length, 'more error')} not listed (the first ${result.errors.length} are)`,
    );
  for (const w of result.warnings)
    lines.push(`${at(w)}: warning: ${w.message}${w.rule ? ` [${w.rule}]` : ''}${w.path ? ` (${w.path})` : ''}`);
  for (const n of result.notes) lines.push(`${at(n)}: note: ${n.message}${n.rule ? ` [${n.rule}]` : ''}`);
  if (result.hint) {
    const type = result.lookalike?.includes(' ') ? `"${result.lookalike}"` : result.lookalike;
    const how = type ? ` Check it as such with --type ${type}, or leave --type out to detect the type.` : '';
    lines.push(`${file}: note: ${result.hint}${how}`);
  }
  if (!statusOnly.has(result.status)) {
    const how = result.detected ? `Detected as ${label(result)}: it ${result.reason}.` : `Checked as ${label(result)}, as chosen.`;
    lines.push(`${file}: ${result.summary} ${how}`);
    if (result.businessRules) lines.push(`${file}: ${result.businessRules}`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The number of errors of a file as its text report writes them: those of the message, or one for a verdict that is its
 * summary alone (a file that is not well-formed, not a message, too large) and one for a file that could not be read.
 */
const errorsOf = (/** @type {FileReport} */ {result}) => (!result || statusOnly.has(result.status) ? 1 : result.errorCount);

/**
 * The one error of a file without a message to list errors of (errorsOf), as the text report writes it: the verdict's
 * summary at its place (where a syntax error or binary data is), or why the file could not be read. Its rule is the
 * verdict's status (`syntax`, `binary`, `unreadable`, …).
 */
function fileError(/** @type {FileReport} */ {result, unreadable}) {
  const at = result?.position ?? null;
  return {
    line: at?.line ?? null,
    column: at?.column ?? null,
    message: result ? result.summary : (unreadable ?? ''),
    rule: result ? result.status : 'unreadable',
    path: null,
    jsonPath: null,
    field: null,
  };
}

/** The counts of a run. */
function countsOf(/** @type {FileReport[]} */ reports) {
  const checked = reports.filter((r) => r.result);
  return {
    files: reports.length,
    valid: checked.filter((r) => r.result?.valid).length,
    invalid: checked.filter((r) => !r.result?.valid).length,
    unreadable: reports.length - checked.length,
    errors: reports.reduce((n, r) => n + errorsOf(r), 0),
    warnings: checked.reduce((n, r) => n + (r.result?.warnings.length ?? 0), 0),
  };
}

/** The last line of the text report: how many files were valid, and how many errors and warnings there were. */
export function summaryLine(/** @type {FileReport[]} */ reports) {
  const c = countsOf(reports);
  const parts = [`${c.valid} valid`, `${c.invalid} not valid`, ...(c.unreadable ? [`${c.unreadable} could not be read`] : [])];
  return `${plural(c.files, 'file')} checked: ${parts.join(', ')}; ${plural(c.errors, 'error')}, ${plural(c.warnings, 'warning')}.`;
}

/** The address of a dictionary entry on the published site (the links are site paths under /docs). */
const absolute = (/** @type {string | null} */ link) => (link ? `${siteUrl}${link}` : null);

/** One file as JSON: the page's verdict, each error with the dictionary entry of its field. */
function jsonOf(/** @type {FileReport} */ report) {
  const {file, result, unreadable} = report;
  if (!result) return {file, valid: false, status: 'unreadable', summary: unreadable, errorCount: 1, errors: [fileError(report)]};
  if (statusOnly.has(result.status)) return {...messageJsonOf(report, result), errorCount: 1, errors: [fileError(report)]};
  return messageJsonOf(report, result);
}

/** A checked file as JSON. */
function messageJsonOf(/** @type {FileReport} */ {file}, /** @type {LinkedResult} */ result) {
  const type = messageTypes.find((t) => t.name === result.type);
  return {
    file,
    valid: result.valid,
    status: result.status,
    summary: result.summary,
    format: result.format,
    type: result.type,
    variant: result.variant,
    standard: result.standard,
    version: type?.version ?? null,
    spec: result.file ? `specs/${result.file}` : null,
    detected: result.detected,
    reason: result.reason || null,
    hint: result.hint,
    position: result.position,
    errorCount: result.errorCount,
    errors: result.errors.map((e, i) => ({
      line: e.line,
      column: e.column,
      message: e.message,
      rule: e.rule,
      path: e.pointer,
      jsonPath: e.jsonPath,
      field: absolute(result.fieldLinks?.[i] ?? null),
    })),
    warnings: result.warnings,
    notes: result.notes,
    businessRules: result.businessRules || null,
  };
}

/** Characters XML 1.0 cannot hold: controls other than tab and line breaks, U+FFFE, U+FFFF, halves of surrogate pairs. */
const notXml =
  // eslint-disable-next-line no-control-regex -- the control characters are exactly what it finds
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Text for XML: markup characters escaped, and characters XML cannot hold replaced. */
const xmlText = (/** @type {string} */ s) =>
  s.replace(notXml, '\ufffd').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The JUnit XML report: a test case per file, failed when the file is not valid, in error when it cannot be read. */
function junitOf(/** @type {FileReport[]} */ reports) {
  const seconds = (/** @type {FileReport} */ r) => Number(((r.result?.stats?.ms ?? 0) / 1000).toFixed(3));
  const cases = reports.map((report) => {
    const {file, result, unreadable} = report;
    const detail = textOf(report).trimEnd();
    return {
      name: file,
      classname: 'setu-validate',
      file,
      time: seconds(report),
      ...(!result ? {error: {message: unreadable ?? '', type: 'unreadable'}} : {}),
      ...(result && !result.valid ? {failure: {message: result.summary, type: result.status, text: detail}} : {}),
      ...(result?.valid ? {out: detail} : {}),
    };
  });
  return junitXml('setu-validate', [{name: 'setu-validate', cases}]);
}

/**
 * A test case of a JUnit XML report.
 * @typedef {object} JunitCase
 * @property {string} name
 * @property {string} classname
 * @property {string} [file]
 * @property {number} time seconds
 * @property {{message: string, type: string, text?: string}} [failure]
 * @property {{message: string, type: string}} [error]
 * @property {{message: string}} [skipped]
 * @property {string} [out] its standard output
 */

/**
 * A JUnit XML report (the form CI test views read): suites of test cases, each counted in its suite and in the whole.
 * Shared by setu-validate, setu-conform and the sandbox's report (src/plugins/conformance/). A suite's time, and the
 * whole's, is the sum of its cases' unless given: where cases share their work (checks of one request), the sum would
 * count it more than once.
 * @param {string} name
 * @param {{name: string, cases: JunitCase[], time?: number}[]} suites `time`: seconds
 * @param {number} [total] the whole's time, in seconds
 */
export function junitXml(name, suites, total) {
  const countsOf = (/** @type {JunitCase[]} */ cases, /** @type {number | undefined} */ given) => {
    const time = (given ?? cases.reduce((t, c) => t + c.time, 0)).toFixed(3);
    const count = (/** @type {(c: JunitCase) => unknown} */ has) => cases.filter(has).length;
    return `tests="${cases.length}" failures="${count((c) => c.failure)}" errors="${count((c) => c.error)}" skipped="${count((c) => c.skipped)}" time="${time}"`;
  };
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${xmlText(name)}" ${countsOf(
      suites.flatMap((s) => s.cases),
      total ?? (suites.every((s) => s.time !== undefined) ? suites.reduce((t, s) => t + (s.time ?? 0), 0) : undefined),
    )}>`,
  ];
  for (const suite of suites) {
    lines.push(`  <testsuite name="${xmlText(suite.name)}" ${countsOf(suite.cases, suite.time)}>`);
    for (const c of suite.cases) {
      const file = c.file === undefined ? '' : ` file="${xmlText(c.file)}"`;
      lines.push(`    <testcase name="${xmlText(c.name)}" classname="${xmlText(c.classname)}"${file} time="${c.time.toFixed(3)}">`);
      if (c.error) lines.push(`      <error message="${xmlText(c.error.message)}" type="${xmlText(c.error.type)}"/>`);
      if (c.failure)
        lines.push(
          `      <failure message="${xmlText(c.failure.message)}" type="${xmlText(c.failure.type)}">${xmlText(c.failure.text ?? '')}</failure>`,
        );
      if (c.skipped) lines.push(`      <skipped message="${xmlText(c.skipped.message)}"/>`);
      if (c.out !== undefined) lines.push(`      <system-out>${xmlText(c.out)}</system-out>`);
      lines.push('    </testcase>');
    }
    lines.push('  </testsuite>');
  }
  lines.push('</testsuites>', '');
  return lines.join('\n');
}

/**
 * The report of checked files in a format.
 * @param {FileReport[]} reports
 * @param {string} format text, json or junit
 */
export function reportOf(reports, format) {
  if (format === 'json')
    return `${JSON.stringify({tool: 'setu-validate', specsHash, files: reports.map(jsonOf), summary: countsOf(reports)}, null, 2)}\n`;
  if (format === 'junit') return junitOf(reports);
  return reports.map(textOf).join('');
}
