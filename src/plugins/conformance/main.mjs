// The command setu-conform: runs the conformance kit's plan for one API version against a server and reports check by
// check. Run in a clone (setu-conform.mjs, the package's bin) and as the one file the site publishes (published.mjs,
// bundled by build.mjs); both hand it the kit's models of the API versions (model.mjs).
import fs from 'node:fs';
import {parseArgs} from 'node:util';
import {planOf} from './plan.mjs';
import {runPlan} from './runner.mjs';
import {dryRunOf, exitStatusOf, redactor, reportOf} from './reports.mjs';
import {siteUrl, baseUrl as sitePath} from '../../data/site.mjs';
import {specsHash} from '../../../generated/validator/catalog.mjs';
import {version} from './version.mjs';

/** @typedef {import('./model.mjs').KitModel} KitModel */

/**
 * @typedef {object} Io
 * @property {(text: string) => void} out standard output
 * @property {(text: string) => void} err standard error
 * @property {((text: string) => void) | null} [progress] a terminal for a progress line (null: none)
 */

/** An error in the command line: one line, exit status 2, nothing sent. */
class UsageError extends Error {}

/** Headers the kit sets itself, which --header may not: the form of the bodies, the SETU version, the connection. */
const reserved = new Set(['content-type', 'accept', 'setuversionid', 'host', 'content-length', 'transfer-encoding', 'connection']);

const usageOf = (/** @type {KitModel[]} */ models) => `Usage: setu-conform --api ID --base-url URL [options]

Checks, call by call, whether the server at URL implements a SETU API as its specification says: the declared
status of each call, every answer against its schema with the message validator (JSON and XML, business rules
included), that what is created, updated and deleted is kept, and that invalid requests are refused with SETU's
error object. Its inputs are the specification's examples and named broken copies of them, under ids of its own;
at the end it deletes what it made. ${siteUrl}${sitePath}conformance explains every check.

Options:
      --api ID            the API version: ${models.map((m) => `${m.id} (${m.standard} ${m.version})`).join(', ')}
      --base-url URL      where the API lives; the kit puts each operation's path behind it, and calls nothing else
      --party NAME        only the operations this party implements (a name, or a unique part of one: --list-parties)
      --only ID,...       only these operations' checks (others of the party still set up what they need)
      --header "N: V"     a header for every request (the authentication the parties agreed), repeatable;
                          never printed in full
  -f, --format FORMAT     text (the default), json, or junit (a JUnit XML test report)
      --report FILE       also write the report to FILE: JUnit for .xml, JSON for .json, else text
      --dry-run           print every request it would send, in order, and the checks of each; send nothing
      --list              list the checks (id, kind, what, source); send nothing
      --list-parties      list the parties of the API; send nothing
      --standard-only     leave out the checks of our reading (what the standard leaves open)
      --strict            let failed checks of our reading decide the exit status too
      --allow-leftovers   also create what no operation of the run can delete (an attachment upload)
      --timeout SECONDS   the most a request may take (default 10)
      --version           print setu-conform's own version, then exit
  -h, --help              show this help

Exit status: 0 every check of the standard passed, 1 a check failed, 2 a usage error or a server that cannot be
reached, 130 interrupted (what the run made is deleted first).`;

/**
 * Runs the command.
 * @param {string[]} args the arguments, without node and the script
 * @param {Io} io
 * @param {{models: KitModel[], runSignal?: AbortSignal, cleanupSignal?: AbortSignal, newId?: () => string}} context
 * @returns {Promise<number>} the exit status
 */
export async function main(args, io, context) {
  /** @type {[string, string][]} */
  let secrets = [];
  const redactErr = (/** @type {string} */ text) => io.err(redactor(secrets)(text));
  try {
    return await run(args, io, context, (headers) => (secrets = headers));
  } catch (error) {
    if (error instanceof UsageError || (error instanceof Error && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))) {
      redactErr(`setu-conform: ${error.message}\nTry 'setu-conform --help'.\n`);
      return 2;
    }
    // Never a stack trace: the command says what failed.
    redactErr(`setu-conform: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
}

/**
 * @param {string[]} args
 * @param {Io} io
 * @param {{models: KitModel[], runSignal?: AbortSignal, cleanupSignal?: AbortSignal, newId?: () => string}} context
 * @param {(headers: [string, string][]) => void} keepSecrets
 */
async function run(args, io, context, keepSecrets) {
  const {models} = context;
  // The headers first, so that no error below can show one.
  const headerArgs = args.flatMap((a, i) =>
    a === '--header' ? [args[i + 1] ?? ''] : a.startsWith('--header=') ? [a.slice('--header='.length)] : [],
  );
  keepSecrets(headerArgs.map((h) => ['', h.includes(':') ? h.slice(h.indexOf(':') + 1).trim() : h]));
  const {values} = parseArgs({
    args,
    allowPositionals: false,
    options: {
      api: {type: 'string'},
      'base-url': {type: 'string'},
      party: {type: 'string'},
      only: {type: 'string', multiple: true},
      header: {type: 'string', multiple: true},
      format: {type: 'string', short: 'f', default: 'text'},
      report: {type: 'string'},
      'dry-run': {type: 'boolean'},
      list: {type: 'boolean'},
      'list-parties': {type: 'boolean'},
      'standard-only': {type: 'boolean'},
      strict: {type: 'boolean'},
      'allow-leftovers': {type: 'boolean'},
      timeout: {type: 'string', default: '10'},
      help: {type: 'boolean', short: 'h'},
      version: {type: 'boolean'},
    },
  });
  if (values.version) {
    io.out(`setu-conform ${version}\n`);
    return 0;
  }
  if (values.help) {
    io.out(`${usageOf(models)}\n\nChecks made with the validators generated from the specifications with hash ${specsHash}.\n`);
    return 0;
  }
  const format = /** @type {string} */ (values.format);
  if (!['text', 'json', 'junit'].includes(format)) throw new UsageError(`--format ${format}: the formats are text, json and junit`);
  if (!values.api) throw new UsageError(`--api is missing: one of ${models.map((m) => m.id).join(', ')}`);
  const model = models.find((m) => m.id === values.api);
  if (!model) throw new UsageError(`--api ${values.api}: no such API version; the API versions are ${models.map((m) => m.id).join(', ')}`);

  if (values['list-parties']) {
    io.out(
      `${model.parties.map((p) => `${p}  (${model.operations.filter((o) => o.parties.includes(p)).length} operations)`).join('\n')}\n`,
    );
    return 0;
  }

  // --party: a party's name, or a unique part of one.
  /** @type {string | null} */
  let party = null;
  if (values.party !== undefined) {
    const wanted = values.party.toLowerCase();
    const exact = model.parties.filter((p) => p.toLowerCase() === wanted);
    const partial = model.parties.filter((p) => p.toLowerCase().includes(wanted));
    const found = exact.length === 1 ? exact : partial;
    if (found.length !== 1)
      throw new UsageError(
        `--party ${values.party}: ${found.length ? 'names several parties' : 'names no party'} of ${model.id}; its parties are ${model.parties.map((p) => `"${p}"`).join(', ')}`,
      );
    party = found[0];
  }
  const only = values.only
    ? values.only
        .flatMap((v) => v.split(','))
        .map((v) => v.trim())
        .filter(Boolean)
    : null;
  for (const id of only ?? []) {
    const op = model.operations.find((o) => o.operationId === id);
    if (!op)
      throw new UsageError(
        `--only ${id}: no operation of ${model.id} has that id (the ids are the last part of each operation's page in the API reference)`,
      );
    if (party && !op.parties.includes(party)) throw new UsageError(`--only ${id}: not an operation of "${party}"`);
  }

  /** @type {[string, string][]} */
  const headers = [];
  (values.header ?? []).forEach((header, i) => {
    const colon = header.indexOf(':');
    const name = colon > 0 ? header.slice(0, colon).trim() : '';
    if (!/^[!#$%&'*+.^_`|~\w-]+$/.test(name))
      throw new UsageError(`--header number ${i + 1} is not "Name: value" (its value is not shown)`);
    if (reserved.has(name.toLowerCase())) throw new UsageError(`--header ${name}: the kit sets ${name} itself, per request`);
    const value = header.slice(colon + 1).trim();
    // eslint-disable-next-line no-control-regex -- a header value holds no control characters
    if (/[\u0000-\u0008\u000a-\u001f\u007f]/.test(value))
      throw new UsageError(`--header ${name}: its value holds a control character (not shown)`);
    headers.push([name, value]);
  });
  keepSecrets(headers);

  const timeout = Number(values.timeout);
  if (!Number.isFinite(timeout) || timeout <= 0 || timeout > 600)
    throw new UsageError(`--timeout ${values.timeout}: a number of seconds, above 0 and at most 600`);
  const options = {party, only, standardOnly: Boolean(values['standard-only']), strict: Boolean(values.strict)};
  const plan = planOf(model, {...options, allowLeftovers: Boolean(values['allow-leftovers']), newId: context.newId});
  // A run that would check nothing is a mistake in the command line, never "Conforms".
  if (plan.operations.length === 0 || plan.checks.length === 0) throw new UsageError(nothingSelected(model, options));

  if (values.list) {
    if (format === 'json') {
      io.out(
        `${JSON.stringify({tool: 'setu-conform', api: model.id, checks: plan.checks.map((c) => ({...c, skipped: plan.skipped.get(c.id) ?? null}))}, null, 2)}\n`,
      );
    } else {
      for (const c of plan.checks) {
        io.out(`${c.id}  [${c.kind === 'standard' ? 'standard' : 'our reading'}]  ${c.title}\n`);
        for (const s of c.sources) io.out(`    ${s.label}: ${siteUrl}${sitePath.replace(/\/$/, '')}${s.route}\n`);
      }
      io.out(
        `${plan.checks.length} checks: ${plan.checks.filter((c) => c.kind === 'standard').length} of the standard, ${plan.checks.filter((c) => c.kind !== 'standard').length} of our reading.\n`,
      );
    }
    return 0;
  }

  if (!values['base-url']) throw new UsageError('--base-url is missing: where the API lives, e.g. https://api.example.com/setu');
  /** @type {URL} */
  let baseUrl;
  try {
    baseUrl = new URL(values['base-url']);
  } catch {
    throw new UsageError(`--base-url ${values['base-url']}: not a URL`);
  }
  if (baseUrl.protocol !== 'http:' && baseUrl.protocol !== 'https:')
    throw new UsageError(`--base-url: ${baseUrl.protocol} is not http: or https:`);
  if (baseUrl.username || baseUrl.password) {
    keepSecrets([...headers, ['', baseUrl.password], ['', baseUrl.username]]);
    throw new UsageError('--base-url holds credentials: give them with --header (e.g. --header "Authorization: Basic …")');
  }
  if (baseUrl.search || baseUrl.hash)
    throw new UsageError(`--base-url ${baseUrl.href}: no query or fragment; the kit puts each operation's path behind it`);

  if (values['dry-run']) {
    if (format === 'junit') throw new UsageError('--dry-run prints text or json');
    io.out(dryRunOf(plan, baseUrl, headers, /** @type {'text' | 'json'} */ (format)));
    return 0;
  }

  const runSignal = context.runSignal ?? new AbortController().signal;
  let shown = false;
  const result = await runPlan(plan, {
    baseUrl,
    headers,
    timeoutMs: timeout * 1000,
    signal: runSignal,
    cleanupSignal: context.cleanupSignal,
    onStep: io.progress
      ? (step, total) => {
          shown = true;
          io.progress?.(`\r\u001b[2K[${step.n}/${total}] ${step.op.method} ${step.op.operationId}`);
        }
      : undefined,
  });
  if (shown) io.progress?.('\r\u001b[2K');
  if (result.unreachable) {
    const left = result.cleanup.filter((c) => c.result === 'left behind');
    redactorErr(
      io,
      headers,
    )(
      `setu-conform: ${result.unreachable}; nothing was checked${left.length ? ` (${left.length} resources may be left behind: ${left.map((c) => c.url).join(', ')})` : ''}\n`,
    );
    return 2;
  }
  const context2 = {plan, run: result, baseUrl, headers, options};
  io.out(reportOf(context2, /** @type {'text' | 'json' | 'junit'} */ (format)));
  if (values.report) {
    const fileFormat = /\.xml$/i.test(values.report) ? 'junit' : /\.json$/i.test(values.report) ? 'json' : 'text';
    try {
      fs.writeFileSync(values.report, reportOf(context2, fileFormat));
    } catch (error) {
      redactorErr(io, headers)(`setu-conform: --report ${values.report}: ${error instanceof Error ? error.message : String(error)}\n`);
      return 2;
    }
  }
  if (result.interrupted) return 130;
  return exitStatusOf(result.results, options.strict);
}

/**
 * Why options select nothing to check, and what can be chosen instead: the operations the options leave (the party's),
 * or, where --standard-only leaves out every check of the operations chosen, those that have checks of the standard.
 * @param {KitModel} model
 * @param {{party: string | null, only: string[] | null, standardOnly: boolean}} options
 */
function nothingSelected(model, {party, only, standardOnly}) {
  const chosen = [party !== null ? `--party "${party}"` : '', only ? `--only ${only.join(',')}` : ''].filter(Boolean);
  const offered = model.operations.filter((o) => party === null || o.parties.includes(party)).map((o) => o.operationId);
  const selected = offered.filter((id) => only === null || only.includes(id));
  if (selected.length === 0)
    return `${chosen.join(' with ') || 'the options'} ${chosen.length > 1 ? 'select' : 'selects'} no operation of ${model.id}; ${party !== null ? `the operations of "${party}" are` : 'its operations are'} ${offered.join(', ') || 'none'}`;
  const withStandard = [...new Set(planOf(model, {party, standardOnly: true}).checks.map((c) => c.operationId))];
  return `${[...chosen, ...(standardOnly ? ['--standard-only'] : [])].join(' with ')} select no check: every check of ${selected.join(', ')} is our reading; operations with checks of the standard${party !== null ? ` of "${party}"` : ''}: ${withStandard.join(', ') || 'none'}`;
}

/** Standard error with the user's headers masked. */
const redactorErr = (/** @type {Io} */ io, /** @type {[string, string][]} */ headers) => (/** @type {string} */ text) =>
  io.err(redactor(headers)(text));

/**
 * Runs the command as a process: standard output and error, a progress line on a terminal, and Ctrl-C (or SIGTERM)
 * that stops the run and cleans up (a second one stops the clean-up, a third exits at once).
 * @param {KitModel[]} models
 * @param {{out: (text: string) => void, err: (text: string) => void}} streams
 */
export async function runAsProcess(models, streams) {
  const runControl = new AbortController();
  const cleanupControl = new AbortController();
  let signals = 0;
  const onSignal = () => {
    signals++;
    if (signals === 1) {
      streams.err(
        '\nsetu-conform: interrupted: once the request in flight is answered, deleting what the run made (again to stop at once)…\n',
      );
      runControl.abort();
    } else if (signals === 2) cleanupControl.abort();
    else process.exit(130);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const code = await main(
    process.argv.slice(2),
    {...streams, progress: process.stderr.isTTY ? (text) => process.stderr.write(text) : null},
    {models, runSignal: runControl.signal, cleanupSignal: cleanupControl.signal},
  );
  // Pooled connections would keep the process alive for a few seconds more.
  process.exit(code);
}
