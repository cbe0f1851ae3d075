// The conformance kit (src/plugins/conformance/), run in this process against the site's own sandbox on a free port:
// it passes every API version; a proxy in front of the sandbox that breaks one promise of the standard at a time is
// caught by the check named for it, and by no other; every kind of check is caught at least once (a check that cannot
// fail is no check). The dry run sends nothing, the clean-up leaves nothing behind (also after a failure midway and an
// interruption), a --header never shows in any output, the JUnit report is well-formed, and the exit statuses.
// One sandbox serves the whole file; the runs of a part go side by side.
import {test, describe, before, after} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {SaxesParser} from 'saxes';
import {readModels} from '../../../src/plugins/conformance/local-models.mjs';
import {main} from '../../../src/plugins/conformance/main.mjs';
import {planOf} from '../../../src/plugins/conformance/plan.mjs';
import {maskValue} from '../../../src/plugins/conformance/reports.mjs';
import {createClient} from '../../../src/plugins/conformance/http-client.mjs';
import {startSandbox, startFaulty, answer} from './faulty-server.mjs';
import {faultsOf} from './faults.mjs';

const models = readModels();
/** @type {Awaited<ReturnType<typeof startSandbox>>} */
let sandbox;
/** @type {(() => Promise<unknown>)[]} */
const closers = [];

before(async () => {
  sandbox = await startSandbox();
});
after(async () => {
  await Promise.all(closers.map((close) => close()));
  await sandbox.close();
});

/**
 * Runs the kit in this process, as the command does.
 * @param {string[]} args
 * @param {{runSignal?: AbortSignal, models?: import('../../../src/plugins/conformance/model.mjs').KitModel[]}} [options]
 */
async function kit(args, options = {}) {
  let out = '';
  let err = '';
  const code = await main(args, {out: (s) => (out += s), err: (s) => (err += s)}, {models, ...options});
  return {code, out, err};
}

/** A run's checks from its JSON report: the ids that failed, and all of them. */
function checksOf(/** @type {string} */ out) {
  const report = JSON.parse(out);
  return {report, failed: report.checks.filter((c) => c.result === 'fail').map((c) => c.id), checks: report.checks};
}

/** A proxy with a fault, in front of the sandbox (closed after the file). */
async function proxied(/** @type {import('./faulty-server.mjs').Fault | undefined} */ fault) {
  const proxy = await startFaulty(sandbox.handle, fault);
  closers.push(proxy.close);
  return proxy;
}

describe('the site’s own sandbox conforms', () => {
  test('every check of every API version passes, or is skipped with its reason; nothing is left behind', async () => {
    const started = performance.now();
    const runs = await Promise.all(models.map((m) => kit(['--api', m.id, '--base-url', `${sandbox.origin}/${m.id}`, '--format', 'json'])));
    const figures = [];
    runs.forEach(({code, out, err}, i) => {
      const {report, failed, checks} = checksOf(out);
      assert.equal(err, '');
      assert.deepEqual(failed, [], `${models[i].id}: ${failed.join(', ')}`);
      assert.equal(code, 0);
      assert.equal(report.summary.exitStatus, 0);
      // Skipped only where the answer the sandbox chose has no body (a 204 where 200 is also declared), or where the
      // run cannot make the check (the attachment upload, which nothing deletes).
      for (const c of checks.filter((c) => c.result === 'skip'))
        assert.match(c.detail, /no body is declared for 204|would leave it on the server/, `${c.id}: ${c.detail}`);
      assert.deepEqual(
        report.cleanup.filter((c) => c.result === 'left behind'),
        [],
      );
      figures.push(
        `${models[i].id}: ${checks.length} checks (${report.summary.standard.checks} standard, ${report.summary.ourReading.checks} our reading), ${report.steps.length} requests, ${report.summary.ms} ms`,
      );
    });
    console.log(`# ${figures.join('; ')}; side by side in ${Math.round(performance.now() - started)} ms`);
    assert.deepEqual(
      runs.map((r) => JSON.parse(r.out).checks.length),
      models.map((m) => planOf(m).checks.length),
    );
    assert.deepEqual(await sandbox.store.all(), [], 'the store is empty after the runs');
  });
});

let elsewhere = '';
let elsewhereRequests = 0;
const faults = faultsOf({models, elsewhere: () => elsewhere, elsewhereRequests: () => elsewhereRequests});

describe('a server that breaks one promise is caught by the check named for it, and by no other', () => {
  /** @type {Map<string, Promise<{code: number, out: string, err: string}>>} */
  const runs = new Map();
  before(async () => {
    const other = await startFaulty(sandbox.handle, async () => {
      elsewhereRequests++;
      return {status: 200, headers: new Headers(), body: 'stolen'};
    });
    closers.push(other.close);
    elsewhere = other.origin;
    // Side by side: each fault has a proxy of its own, and the runs make ids of their own. The runs, their proxies and
    // the sandbox share this process's one thread, which a busy machine (the build beside the unit tests) slows further:
    // a timeout that no fault here tests is generous, so that a slow answer is never taken for a fault.
    for (const f of faults.filter((f) => !f.alone)) {
      const proxy = await proxied(f.fault);
      runs.set(
        f.name,
        kit([
          '--api',
          f.api,
          '--base-url',
          `${proxy.origin}/${f.api}`,
          '--only',
          f.only,
          '--format',
          'json',
          '--timeout',
          '120',
          ...(f.args ?? []),
        ]),
      );
    }
  });

  for (const f of faults) {
    test(`${f.name}: ${f.caught}`, async () => {
      if (f.alone) {
        await Promise.all(runs.values());
        const proxy = await proxied(f.fault);
        runs.set(
          f.name,
          kit(['--api', f.api, '--base-url', `${proxy.origin}/${f.api}`, '--only', f.only, '--format', 'json', ...(f.args ?? [])]),
        );
      }
      const {code, out, err} = await /** @type {Promise<{code: number, out: string, err: string}>} */ (runs.get(f.name));
      assert.equal(err, '');
      const {report, failed} = checksOf(out);
      assert.deepEqual(failed, [f.caught]);
      const caught = report.checks.find((c) => c.id === f.caught);
      assert.equal(code, caught.kind === 'standard' ? 1 : 0);
      await f.then?.({code, report});
    });
  }

  test('every kind of check is caught by a fault: none of them cannot fail', () => {
    const nameOf = (/** @type {string} */ id, /** @type {string} */ api) =>
      id
        .slice(api.length + 1)
        .replace(/^[^.]+\./, '')
        .replace(/^replace\./, '');
    const kinds = new Set(models.flatMap((m) => planOf(m, {allowLeftovers: true}).checks.map((c) => nameOf(c.id, m.id))));
    const caught = new Set(faults.map((f) => nameOf(f.caught, f.api)));
    assert.deepEqual([...kinds].filter((k) => !caught.has(k)).sort(), []);
  });

  test('clean-up leaves nothing behind, after every fault (the attachment excepted, which nothing deletes)', async () => {
    await Promise.all(runs.values());
    const left = (await sandbox.store.all()).filter((r) => !r.path.startsWith('/attachment/'));
    assert.deepEqual(
      left.map((r) => `${r.api}${r.path}`),
      [],
    );
    for (const r of await sandbox.store.all()) await sandbox.store.delete(`${r.api}${r.path}`);
  });
});

describe('safe to point at a real server', () => {
  test('--dry-run prints every request in order and sends nothing', async () => {
    const proxy = await proxied(undefined);
    const {code, out} = await kit(['--api', 'planning', '--base-url', `${proxy.origin}/planning`, '--dry-run']);
    assert.equal(code, 0);
    assert.equal(proxy.requests(), 0, 'no request reached the server');
    const numbers = [...out.matchAll(/^ {0,2}(\d+)\. (GET|POST|PUT|DELETE) (\S+)/gm)];
    assert.equal(numbers.length, planOf(models[1]).steps.length);
    assert.deepEqual(
      numbers.map((m) => Number(m[1])),
      numbers.map((_, i) => i + 1),
    );
    assert.ok(
      numbers.every((m) => m[3].startsWith(`${proxy.origin}/planning/planning/`)),
      'every URL is under the base URL',
    );
    assert.match(out, /POST \S+\/planning\/requests\n/);
    assert.match(out, /\{id-from-Location\}/);
    const json = JSON.parse(
      (await kit(['--api', 'planning', '--base-url', `${proxy.origin}/planning`, '--dry-run', '--format', 'json'])).out,
    );
    assert.equal(json.steps.length, numbers.length);
    assert.equal(proxy.requests(), 0);
  });

  test('the client sends nothing outside the base URL, whatever dot segments a path holds', async () => {
    const proxy = await proxied(undefined);
    const client = createClient({
      baseUrl: new URL(`${proxy.origin}/planning`),
      headers: [],
      timeoutMs: 5000,
      signal: new AbortController().signal,
    });
    for (const path of ['/../outside', '/planning/requests/../../../outside', '/%2e%2e/outside', '/..']) {
      const outcome = await client.send({method: 'DELETE', path, headers: {}, body: null});
      assert.equal(outcome.status, null, path);
      assert.match(
        outcome.failure ?? '',
        /^not sent: http:\/\/127\.0\.0\.1:\d+\/outside|^not sent: http:\/\/127\.0\.0\.1:\d+\/ is not under the base URL/,
        path,
      );
    }
    assert.equal(proxy.requests(), 0);
    // A base URL whose path is a prefix of another's name: /planning is not /planning-other.
    const sibling = await client.send({method: 'GET', path: '/../planning-other/x', headers: {}, body: null});
    assert.equal(sibling.status, null);
    assert.equal(proxy.requests(), 0);
  });

  test('a --header is sent with every request and shows in no output, not even where the server echoes it', async () => {
    const secret = 'Bearer s3cr3t-token-that-must-not-leak-0123456789';
    let sent = 0;
    let echoed = 0;
    const proxy = await proxied(async (r, forward) => {
      if (r.headers.get('authorization') === secret) sent++;
      const a = await forward(r);
      if (a.status === 404) {
        echoed++;
        return answer(a, {body: JSON.stringify({code: 'NOT_FOUND', description: `Nothing here for ${r.headers.get('authorization')}`})});
      }
      return a;
    });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'setu-conform-'));
    const outputs = [];
    // Every format, on standard output or in the --report file: text with a JUnit file, JSON with a text file.
    for (const [format, report] of [
      ['text', 'xml'],
      ['json', 'txt'],
    ]) {
      const file = path.join(dir, `report.${report}`);
      const run = await kit([
        '--api',
        'gelijkwaardige-beloning-2.0',
        '--base-url',
        `${proxy.origin}/gelijkwaardige-beloning-2.0`,
        '--header',
        `Authorization: ${secret}`,
        '--format',
        format,
        '--report',
        file,
      ]);
      assert.equal(run.code, 0, run.err);
      outputs.push(run.out, run.err, fs.readFileSync(file, 'utf8'));
    }
    outputs.push(
      (await kit(['--api', 'p2p', '--base-url', `${proxy.origin}/p2p`, '--header', `Authorization: ${secret}`, '--dry-run'])).out,
    );
    const closed = await startFaulty(sandbox.handle);
    await closed.close();
    outputs.push((await kit(['--api', 'p2p', '--base-url', `${closed.origin}/p2p`, '--header', `Authorization: ${secret}`])).err);
    outputs.push((await kit(['--api', 'p2p', '--base-url', `${proxy.origin}/p2p`, '--header', `Authorization ${secret}`])).err);
    outputs.push((await kit(['--api', 'p2p', '--base-url', `${proxy.origin}/p2p`, '--header', `X-Key: ${secret}\u0001`])).err);
    assert.ok(sent > 20 && echoed > 0, `${sent} requests carried the header, ${echoed} answers echoed it`);
    for (const output of outputs) {
      assert.ok(!output.includes('s3cr3t'), `the secret shows in:\n${output.slice(0, 400)}`);
    }
    assert.ok(
      outputs.some((o) => o.includes('Bearer s3…(redacted)')),
      'the masked form shows where the header does',
    );
    assert.equal(maskValue('Bearer abcdefghijklmnop'), 'Bearer ab…(redacted)');
    assert.equal(maskValue('short'), '…(redacted)');
  });

  test('an interrupted run (Ctrl-C) and a server that fails midway: the clean-up still leaves nothing behind', async () => {
    const control = new AbortController();
    let count = 0;
    const proxy = await proxied(async (r, forward) => {
      if (++count === 25) control.abort();
      return forward(r);
    });
    const interrupted = await kit(['--api', 'p2p', '--base-url', `${proxy.origin}/p2p`, '--format', 'json'], {runSignal: control.signal});
    assert.equal(interrupted.code, 130);
    const report = JSON.parse(interrupted.out);
    assert.equal(report.summary.interrupted, true);
    assert.ok(report.checks.some((c) => c.result === 'skip' && /interrupted/.test(c.detail)));
    assert.ok(
      report.cleanup.some((c) => c.result === 'deleted'),
      'what the run had made is deleted',
    );

    let requests = 0;
    const failing = await proxied(async (r, forward) =>
      ++requests > 12 && r.method !== 'DELETE' ? {status: 500, headers: new Headers(), body: 'down'} : forward(r),
    );
    const broken = await kit([
      '--api',
      'gelijkwaardige-beloning',
      '--base-url',
      `${failing.origin}/gelijkwaardige-beloning`,
      '--format',
      'json',
    ]);
    assert.equal(broken.code, 1);
    assert.ok(JSON.parse(broken.out).cleanup.length > 0);
    assert.deepEqual(
      (await sandbox.store.all()).map((r) => r.path),
      [],
      'the store is empty',
    );
  });
});

describe('output and exit statuses', () => {
  test('the text report: one line per check, our reading apart, a summary; JUnit well-formed, a test case per check', async () => {
    // One failure, and refusals whose words XML must escape.
    let slowDeletes = false;
    const failing = await proxied(async (r, forward) => {
      // In the JUnit run, a slow delete: its checks' test cases take at least this long.
      if (slowDeletes && r.method === 'DELETE') await new Promise((resolve) => setTimeout(resolve, 120));
      const a = await forward(r);
      if (a.status === 404)
        return answer(a, {body: JSON.stringify({code: 'NOT_FOUND', description: 'No <InquiryPayEquity> & no "luck" here'})});
      return r.method === 'PUT' && a.status === 201 ? answer(a, {status: 200}) : a;
    });
    const api = 'gelijkwaardige-beloning-2.0';
    const text = await kit(['--api', api, '--base-url', `${failing.origin}/${api}`]);
    assert.equal(text.code, 1);
    const lines = text.out.split('\n');
    const checkLines = lines.filter((l) => /^(PASS|FAIL|SKIP) /.test(l));
    assert.equal(checkLines.length, planOf(models[2]).checks.length);
    assert.ok(lines.indexOf('The standard:') < lines.findIndex((l) => l.startsWith('Our reading')));
    assert.match(
      text.out,
      /^FAIL gelijkwaardige-beloning-2\.0\.create-or-replace-inquiry-pay-equity\.status {2}the create answers 201, as the specification declares — 200 OK$/m,
    );
    assert.match(
      text.out,
      /^ {7}step \d+: PUT http:\/\/127\.0\.0\.1:\d+\/gelijkwaardige-beloning-2\.0\/inquiry-pay-equity\/[0-9a-f-]{36} \(create an InquiryPayEquity\)$/m,
    );
    assert.match(
      lines.at(-2) ?? '',
      /^The standard: \d+ passed, 1 failed, \d+ skipped; our reading: \d+ passed, 0 failed, 0 skipped\. Does not conform\.$/,
    );

    slowDeletes = true;
    const junit = await kit(['--api', api, '--base-url', `${failing.origin}/${api}`, '--format', 'junit']);
    assert.equal(junit.code, 1);
    const parser = new SaxesParser({xmlns: false});
    const cases = [];
    /** @type {Record<string, number>} */
    const times = {};
    const suiteTimes = [];
    let total = 0;
    let failures = 0;
    parser.on('opentag', (tag) => {
      const time = Number(tag.attributes.time);
      if (tag.name === 'testcase') {
        cases.push(tag.attributes.name);
        times[String(tag.attributes.name).split(':')[0]] = time;
      }
      if (tag.name === 'testsuite') suiteTimes.push(time);
      if (tag.name === 'testsuites') total = time;
      if (tag.name === 'failure') failures++;
    });
    parser.write(junit.out).close();
    // Real durations: a check's requests, each suite's (each request once), the whole run's.
    assert.ok(
      times[`${api}.delete-inquiry-pay-equity.status`] >= 0.12,
      `the delete's check took ${times[`${api}.delete-inquiry-pay-equity.status`]} s`,
    );
    assert.ok(times[`${api}.create-or-replace-inquiry-pay-equity.status`] > 0);
    assert.ok(
      suiteTimes[0] >= 0.12 && total >= suiteTimes.reduce((a, b) => a + b, 0) / 2 && total >= suiteTimes[0],
      `${suiteTimes} of ${total}`,
    );
    assert.ok(Object.values(times).every((t) => t <= total));
    assert.equal(cases.length, planOf(models[2]).checks.length);
    assert.equal(failures, 1);
    assert.match(junit.out, /<testsuites name="setu-conform gelijkwaardige-beloning-2\.0" tests="\d+" failures="1"/);
    assert.match(junit.out, /No &lt;InquiryPayEquity&gt; &amp; no &quot;luck&quot; here/);
    assert.match(text.out, /No <InquiryPayEquity> & no "luck" here/);
  });

  test('usage errors and an unreachable server: one line, exit status 2, nothing sent', async () => {
    const proxy = await proxied(undefined);
    const closed = await startFaulty(sandbox.handle);
    const refused = closed.origin;
    await closed.close();
    const cases = [
      [[], /--api is missing/],
      [['--api', 'p3p', '--base-url', proxy.origin], /--api p3p: no such API version; the API versions are p2p, planning/],
      [['--api', 'p2p'], /--base-url is missing/],
      [['--api', 'p2p', '--base-url', 'ftp://example.com/'], /is not http: or https:/],
      [['--api', 'p2p', '--base-url', 'https://user:pw@example.com/'], /holds credentials: give them with --header/],
      [
        ['--api', 'p2p', '--base-url', proxy.origin, '--party', 'nobody'],
        /--party nobody: names no party of p2p; its parties are "Staffing supplier's backoffice APIs"/,
      ],
      [['--api', 'planning', '--base-url', proxy.origin, '--party', 'Planning software'], /names several parties/],
      [['--api', 'p2p', '--base-url', proxy.origin, '--only', 'get-nothing'], /--only get-nothing: no operation of p2p/],
      // A tag the spec declares for later, with no operation: not a party, as on the landing page.
      [
        ['--api', 'gelijkwaardige-beloning-2.0', '--base-url', proxy.origin, '--party', 'Inquiry Pay Equity request', '--list'],
        /--party Inquiry Pay Equity request: names no party of gelijkwaardige-beloning-2\.0; its parties are "Scenario 1/,
      ],
      [
        ['--api', 'gelijkwaardige-beloning', '--base-url', proxy.origin, '--only', 'get-inquiry-pay-equity-request', '--standard-only'],
        /^setu-conform: --only get-inquiry-pay-equity-request with --standard-only select no check: every check of get-inquiry-pay-equity-request is our reading; operations with checks of the standard: create-inquiry-pay-equity, /,
      ],
      [['--api', 'p2p', '--base-url', proxy.origin, '--header', 'Content-Type: text/xml'], /the kit sets Content-Type itself/],
      [['--api', 'p2p', '--base-url', proxy.origin, '--format', 'xml'], /the formats are text, json and junit/],
      [['--api', 'p2p', '--base-url', proxy.origin, '--timeout', '0'], /--timeout 0: a number of seconds/],
      [['--api', 'p2p', '--base-url', proxy.origin, '--bogus'], /Unknown option '--bogus'/],
      [
        ['--api', 'p2p', '--base-url', `${refused}/p2p`],
        /^setu-conform: cannot reach http:\/\/127\.0\.0\.1:\d+\/p2p: connection refused; nothing was checked$/,
      ],
    ];
    for (const [args, message] of cases) {
      const {code, out, err} = await kit(/** @type {string[]} */ (args));
      assert.equal(code, 2, `${args.join(' ')}: ${err}`);
      assert.equal(out, '');
      assert.match(err.trim(), message);
      assert.ok(err.trim().split('\n').length <= 2 && !/\n\s+at /.test(err), `one line, no stack trace: ${err}`);
    }
    assert.equal(proxy.requests(), 0);
  });

  test('options that select no operation are a usage error, never "Conforms"', async () => {
    // A model whose party implements nothing (as the kit's list of parties once offered): the run would check nothing.
    const model = models.find((m) => m.id === 'gelijkwaardige-beloning-2.0');
    assert.ok(model);
    const doctored = {...model, parties: [...model.parties, 'Inquiry Pay Equity request']};
    for (const extra of [[], ['--list'], ['--dry-run']]) {
      const {code, out, err} = await kit(
        ['--api', model.id, '--base-url', 'http://127.0.0.1:9/x', '--party', 'Inquiry Pay Equity request', ...extra],
        {
          models: [doctored],
        },
      );
      assert.equal(code, 2, `${extra.join(' ')}: ${out}`);
      assert.equal(out, '');
      assert.match(
        err,
        /^setu-conform: --party "Inquiry Pay Equity request" selects no operation of gelijkwaardige-beloning-2\.0; the operations of "Inquiry Pay Equity request" are none\n/,
      );
    }
  });

  test('--party keeps to the operations of one party; what needs another party’s operation is skipped, saying why', async () => {
    const proxy = await proxied(undefined);
    const {code, out} = await kit([
      '--api',
      'planning',
      '--base-url',
      `${proxy.origin}/planning`,
      '--party',
      'Scenario 1 | Planning',
      '--only',
      'get-planning-assignment,list-planning-request-assignments',
      '--format',
      'json',
    ]);
    assert.equal(code, 0);
    const {checks, steps} = JSON.parse(out);
    const party = models[1].operations.filter((o) => o.parties.includes('Scenario 1 | Planning software APIs')).map((o) => o.operationId);
    assert.deepEqual([...new Set(checks.map((c) => c.operationId))], ['list-planning-request-assignments', 'get-planning-assignment']);
    assert.ok(
      steps.every((s) => party.includes(s.operationId)),
      'every request is to an operation of the party',
    );
    assert.ok(
      steps.some((s) => s.operationId === 'create-planning-request'),
      'the party’s create sets up the list',
    );
    const read = checks.find((c) => c.id === 'planning.get-planning-assignment.status');
    assert.equal(read.result, 'skip');
    assert.match(
      read.detail,
      /create-planning-assignment .*not among this run's operations .*"Scenario 1 \| Planning software APIs" does not implement it/,
    );
    assert.equal(checks.find((c) => c.id === 'planning.get-planning-assignment.unknown-id').result, 'pass');
    assert.equal(checks.find((c) => c.id === 'planning.list-planning-request-assignments.members').result, 'skip');
  });

  test('--standard-only leaves out our reading; --strict makes it decide the exit status', async () => {
    const exists = faults.find((f) => f.caught.endsWith('.exists'));
    const proxy = await proxied(exists?.fault);
    const base = ['--api', 'p2p', '--base-url', `${proxy.origin}/p2p`, '--only', 'create-request-for-quotation'];
    const standard = await kit([...base, '--standard-only', '--format', 'json']);
    assert.equal(standard.code, 0);
    assert.ok(JSON.parse(standard.out).checks.every((c) => c.kind === 'standard'));
    assert.equal((await kit([...base, '--strict'])).code, 1);
  });
});
