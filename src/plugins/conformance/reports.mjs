// What setu-conform prints: one line per check (PASS, FAIL or SKIP, its id, what it checks, what came back), the
// standard's checks first and our reading's apart, then the clean-up and a summary; as JSON (every check with its
// kind, sources, result, and the request and answer that decided it, bounded); or as a JUnit report (a test case per
// check, written by setu-validate's writer). A header the user gave (--header) is never printed in full: its value is
// masked wherever it appears, in every format.
import {junitXml} from '../validator/command/reports.mjs';
import {siteUrl, baseUrl as sitePath} from '../../data/site.mjs';
import {specsHash} from '../../../generated/validator/catalog.mjs';

/** @typedef {import('./runner.mjs').RunResult} RunResult */
/** @typedef {import('./runner.mjs').CheckResult} CheckResult */
/** @typedef {import('./plan.mjs').Plan} Plan */

/** HTTP authentication schemes: the word before a credential, which a masked value keeps. */
const schemes = /^(Bearer|Basic|Digest|Token|ApiKey|Api-Key|Negotiate|NTLM|HOBA|Mutual|AWS4-HMAC-SHA256|DPoP)\s+/i;

/**
 * A header value as the kit shows it: the authentication scheme (if any), the first two characters of a credential of
 * 12 characters or more, and `…(redacted)`.
 * @param {string} value
 */
export function maskValue(value) {
  const scheme = schemes.exec(value)?.[0] ?? '';
  const secret = value.slice(scheme.length);
  return `${scheme}${secret.length >= 12 ? secret.slice(0, 2) : ''}…(redacted)`;
}

/**
 * A function that replaces every occurrence of the user's header values in a text (a server may echo a header in an
 * error) with their masked form. Values under six characters are masked where headers are shown, not searched for.
 * @param {[string, string][]} headers
 * @returns {(text: string) => string}
 */
export function redactor(headers) {
  const secrets = headers
    .flatMap(([, value]) => {
      const scheme = schemes.exec(value)?.[0] ?? '';
      return [
        [value, maskValue(value)],
        [value.slice(scheme.length), maskValue(value.slice(scheme.length))],
      ];
    })
    .filter(([secret]) => secret.length >= 6)
    .sort((a, b) => b[0].length - a[0].length);
  if (secrets.length === 0) return (text) => text;
  return (text) => {
    let out = text;
    for (const [secret, masked] of secrets) out = out.split(secret).join(masked);
    return out;
  };
}

/** The most of a body or detail a report carries. */
const maxShown = 4000;
const bounded = (/** @type {string} */ text) =>
  text.length > maxShown ? `${text.slice(0, maxShown)}… (${text.length - maxShown} more characters)` : text;
const absolute = (/** @type {string} */ route) => `${siteUrl}${sitePath.replace(/\/$/, '')}${route}`;
const plural = (/** @type {number} */ n, /** @type {string} */ word) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * The counts of a run, by kind.
 * @param {CheckResult[]} results
 */
function countsOf(results) {
  const of = (/** @type {'standard' | 'our-reading'} */ kind) => {
    const mine = results.filter((r) => r.check.kind === kind);
    return {
      checks: mine.length,
      passed: mine.filter((r) => r.result === 'pass').length,
      failed: mine.filter((r) => r.result === 'fail').length,
      skipped: mine.filter((r) => r.result === 'skip').length,
    };
  };
  return {standard: of('standard'), ourReading: of('our-reading')};
}

/**
 * The exit status of a run: 1 where a check of the standard failed (or, with `strict`, one of our reading), else 0.
 * @param {CheckResult[]} results
 * @param {boolean} strict
 */
export const exitStatusOf = (results, strict) =>
  results.some((r) => r.result === 'fail' && (strict || r.check.kind === 'standard')) ? 1 : 0;

/**
 * @typedef {object} ReportContext
 * @property {Plan} plan
 * @property {RunResult} run
 * @property {URL} baseUrl
 * @property {[string, string][]} headers the user's
 * @property {{party: string | null, only: string[] | null, standardOnly: boolean, strict: boolean}} options
 */

/** An answer's headers as an object. */
function headersObject(/** @type {Headers} */ headers) {
  /** @type {Record<string, string>} */
  const out = {};
  headers.forEach((value, name) => (out[name] = value));
  return out;
}

/** A request's headers for a report: the user's masked. */
function shownHeaders(/** @type {Record<string, string>} */ headers, /** @type {[string, string][]} */ userHeaders) {
  const users = new Set(userHeaders.map(([name]) => name.toLowerCase()));
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, users.has(name.toLowerCase()) ? maskValue(value) : value]),
  );
}

/** The line of one check, and the lines under it for a failure (the problems, the request). */
function checkLines(/** @type {CheckResult} */ r, /** @type {RunResult} */ run) {
  const mark = {pass: 'PASS', fail: 'FAIL', skip: 'SKIP'}[r.result];
  const lines = [`${mark} ${r.check.id}  ${r.check.title} — ${r.detail}`];
  if (r.result === 'fail') {
    for (const p of r.problems ?? []) lines.push(`       ${p.text}${p.field ? `  ${siteUrl}${p.field}` : ''}`);
    const step = r.step === null ? undefined : run.steps.find((s) => s.n === r.step);
    if (step?.request) lines.push(`       step ${step.n}: ${step.request.method} ${step.request.url} (${step.purpose})`);
  }
  return lines;
}

/** The text report. */
function textOf(/** @type {ReportContext} */ {plan, run, baseUrl, options}) {
  const {model} = plan;
  const counts = countsOf(run.results);
  const sent = run.steps.filter((s) => s.request).length;
  const lines = [
    `setu-conform: ${model.standard} ${model.version} (${model.id}) at ${baseUrl.href}${options.party ? `, the operations of "${options.party}"` : ''}${options.only ? `, only ${options.only.join(', ')}` : ''}`,
    `${plural(run.results.length, 'check')}, ${plural(sent, 'request')} in ${(run.ms / 1000).toFixed(1)} s${run.interrupted ? ' (interrupted)' : ''}`,
    '',
    'The standard:',
    ...run.results.filter((r) => r.check.kind === 'standard').flatMap((r) => checkLines(r, run)),
  ];
  const ours = run.results.filter((r) => r.check.kind === 'our-reading');
  if (ours.length) {
    lines.push(
      '',
      `Our reading, where the standard is silent (${options.strict ? 'they decide the exit status: --strict' : 'they do not decide the exit status; --strict makes them'}):`,
    );
    for (const r of ours) {
      lines.push(...checkLines(r, run));
      if (r.result === 'fail' && r.check.reason) lines.push(`       why ours: ${r.check.reason}`);
    }
  }
  const deleted = run.cleanup.filter((c) => c.result !== 'left behind').length;
  const left = run.cleanup.filter((c) => c.result === 'left behind');
  lines.push(
    '',
    `Clean-up: ${plural(deleted, 'resource')} deleted${left.length ? `; ${left.length} left behind:` : ', nothing left behind.'}`,
  );
  for (const c of left) lines.push(`  ${c.url} (${c.label}): ${c.detail}`);
  const status = exitStatusOf(run.results, options.strict);
  lines.push(
    '',
    `The standard: ${counts.standard.passed} passed, ${counts.standard.failed} failed, ${counts.standard.skipped} skipped` +
      `${ours.length ? `; our reading: ${counts.ourReading.passed} passed, ${counts.ourReading.failed} failed, ${counts.ourReading.skipped} skipped` : ''}.` +
      ` ${run.interrupted ? 'Interrupted.' : status === 0 ? 'Conforms.' : 'Does not conform.'}`,
    '',
  );
  return lines.join('\n');
}

/** The JSON report. */
function jsonOf(/** @type {ReportContext} */ {plan, run, baseUrl, headers, options}) {
  const {model} = plan;
  const stepOf = (/** @type {number | null} */ n) => (n === null ? undefined : run.steps.find((s) => s.n === n));
  const report = {
    tool: 'setu-conform',
    specsHash,
    api: {id: model.id, standard: model.standard, version: model.version, spec: `${siteUrl}${sitePath}specs/${model.specFile}`},
    baseUrl: baseUrl.href,
    options: {...options, headers: headers.map(([name, value]) => `${name}: ${maskValue(value)}`)},
    summary: {...countsOf(run.results), exitStatus: exitStatusOf(run.results, options.strict), interrupted: run.interrupted, ms: run.ms},
    checks: run.results.map((r) => {
      const step = stepOf(r.step);
      return {
        id: r.check.id,
        operationId: r.check.operationId,
        title: r.check.title,
        kind: r.check.kind,
        reason: r.check.reason,
        sources: r.check.sources.map((s) => ({label: s.label, url: absolute(s.route)})),
        result: r.result,
        detail: r.detail,
        // The dictionary's links are paths of the site, with its base URL.
        problems: (r.problems ?? []).map((p) => ({text: p.text, field: p.field ? `${siteUrl}${p.field}` : null})),
        step: step?.n ?? null,
        request: step?.request ? {method: step.request.method, url: step.request.url} : null,
        response: step?.outcome
          ? {status: step.outcome.status, failure: step.outcome.failure, contentType: step.outcome.headers.get('content-type')}
          : null,
      };
    }),
    steps: run.steps.map((s) => ({
      n: s.n,
      operationId: s.operationId,
      purpose: s.purpose,
      skipped: s.skipped,
      request: s.request
        ? {
            method: s.request.method,
            url: s.request.url,
            headers: shownHeaders(s.request.headers, headers),
            body: s.request.body === null ? null : bounded(s.request.body),
          }
        : null,
      response: s.outcome
        ? {
            status: s.outcome.status,
            failure: s.outcome.failure,
            redirect: s.outcome.redirect,
            ms: s.outcome.ms,
            headers: headersObject(s.outcome.headers),
            body: bounded(s.outcome.text),
            truncated: s.outcome.truncated,
          }
        : null,
    })),
    cleanup: run.cleanup,
  };
  return `${JSON.stringify(report, null, 2)}\n`;
}

/** The JUnit report: a suite for the standard's checks and one for our reading's. */
function junitOf(/** @type {ReportContext} */ {plan, run, options}) {
  const {model} = plan;
  /** @type {(r: CheckResult) => import('../validator/command/reports.mjs').JunitCase} */
  const caseOf = (r) => {
    const lines = checkLines(r, run)
      .slice(1)
      .map((l) => l.trim());
    const sources = r.check.sources.map((s) => `source: ${s.label} ${absolute(s.route)}`);
    const counted = r.check.kind === 'standard' || options.strict;
    return {
      name: `${r.check.id}: ${r.check.title}`,
      classname: `${model.id}.${r.check.operationId}`,
      time: r.ms / 1000,
      ...(r.result === 'fail' && counted
        ? {failure: {message: r.detail, type: 'fail', text: [r.detail, ...lines, ...sources].join('\n')}}
        : {}),
      ...(r.result === 'fail' && !counted
        ? {skipped: {message: `our reading, not counted (--strict counts it): failed: ${r.detail}`}}
        : {}),
      ...(r.result === 'skip' ? {skipped: {message: r.detail}} : {}),
      ...(r.result === 'pass' ? {out: [r.detail, ...sources].join('\n')} : {}),
    };
  };
  // A suite's time: its checks' requests, each once (a request feeds several checks); the whole's: the run's, clean-up
  // included.
  const suiteOf = (/** @type {string} */ name, /** @type {CheckResult[]} */ results) => {
    const steps = new Set(results.flatMap((r) => r.steps));
    const ms = run.steps.filter((s) => steps.has(s.n)).reduce((sum, s) => sum + (s.outcome?.ms ?? 0), 0);
    return {name, cases: results.map(caseOf), time: ms / 1000};
  };
  const suites = [
    suiteOf(
      `${model.id}: the standard`,
      run.results.filter((r) => r.check.kind === 'standard'),
    ),
  ];
  const ours = run.results.filter((r) => r.check.kind === 'our-reading');
  if (ours.length) suites.push(suiteOf(`${model.id}: our reading`, ours));
  return junitXml(`setu-conform ${model.id}`, suites, run.ms / 1000);
}

/**
 * The report of a run in a format.
 * @param {ReportContext} context
 * @param {'text' | 'json' | 'junit'} format
 */
export function reportOf(context, format) {
  const redact = redactor(context.headers);
  return redact(format === 'json' ? jsonOf(context) : format === 'junit' ? junitOf(context) : textOf(context));
}

/**
 * The dry run: every request the kit would send, in order, with the checks its answer feeds; nothing is sent.
 * @param {Plan} plan
 * @param {URL} baseUrl
 * @param {[string, string][]} headers the user's (masked)
 * @param {'text' | 'json'} format
 */
export function dryRunOf(plan, baseUrl, headers, format) {
  const base = baseUrl.href.replace(/\/+$/, '');
  const userHeaders = headers.map(([name, value]) => [name, maskValue(value)]);
  const steps = plan.steps.map((s) => {
    const {path} = fillPathForShow(s);
    return {
      n: s.n,
      operationId: s.op.operationId,
      method: s.op.method,
      url: `${base}${path}`,
      headers: {...s.headers, ...Object.fromEntries(userHeaders)},
      body: s.body?.label ?? null,
      purpose: s.purpose,
      checks: s.evaluations.filter((e) => plan.checks.includes(e.check)).map((e) => e.check.id),
    };
  });
  if (format === 'json')
    return `${JSON.stringify({tool: 'setu-conform', dryRun: true, api: plan.model.id, baseUrl: baseUrl.href, steps, checks: plan.checks.map((c) => ({id: c.id, kind: c.kind, title: c.title, skipped: plan.skipped.get(c.id) ?? null}))}, null, 2)}\n`;
  const lines = [
    `setu-conform --dry-run: ${plan.model.standard} ${plan.model.version} (${plan.model.id}) at ${baseUrl.href}: ${plural(steps.length, 'request')}, ${plural(plan.checks.length, 'check')}; nothing is sent.`,
    '',
  ];
  for (const s of steps) {
    lines.push(`${String(s.n).padStart(3)}. ${s.method} ${s.url}`);
    lines.push(`     ${s.purpose}`);
    lines.push(
      `     ${Object.entries(s.headers)
        .map(([k, v]) => `${k}: ${v}`)
        .join('; ')}${s.body ? `; body: ${s.body}` : ''}`,
    );
    if (s.checks.length) lines.push(`     checks: ${s.checks.map((id) => id.slice(plan.model.id.length + 1)).join(', ')}`);
  }
  const skipped = plan.checks.filter((c) => plan.skipped.has(c.id));
  if (skipped.length) {
    lines.push('', 'Checks this run cannot make:');
    for (const c of skipped) lines.push(`  SKIP ${c.id}: ${plan.skipped.get(c.id)}`);
  }
  lines.push('', 'After the run, whatever it made and did not see deleted is deleted.', '');
  return redactor(headers)(lines.join('\n'));
}

/** A step's path as the dry run shows it: an id the server will choose (from a create's Location) as `{id-from-Location}`. */
function fillPathForShow(/** @type {import('./plan.mjs').Step} */ step) {
  const path = `/${step.path.template
    .split('/')
    .slice(1)
    .map((segment) => {
      const name = /^\{([^}]+)\}$/.exec(segment)?.[1];
      if (!name) return segment;
      const value = step.path.values[name];
      return typeof value === 'string' ? encodeURIComponent(value) : '{id-from-Location}';
    })
    .join('/')}${step.path.query ?? ''}`;
  return {path};
}
