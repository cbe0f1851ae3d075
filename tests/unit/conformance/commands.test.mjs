// The conformance kit as processes: the one file the site publishes (/docs/tools/setu-conform.mjs), built here and run
// outside the repository against the local sandbox; and the local sandbox's report for client implementers
// (`npm run sandbox -- --port N --report FILE`), written when it stops. One spawned run of each (the in-process tests
// of kit.test.mjs cover the command's behaviour).
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {SaxesParser} from 'saxes';
import {buildConformCommand} from '../../../src/plugins/validator/command/bundle.mjs';
import {clientRecorder, reportFormatOf} from '../../../src/plugins/conformance/client-report.mjs';
import {startSandbox} from './faulty-server.mjs';
import {validateText} from '../../../src/plugins/validator/engine/validate-text.mjs';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/** Runs a process to its end: its exit status and output. */
function run(/** @type {string[]} */ args, /** @type {string} */ cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {cwd, stdio: ['ignore', 'pipe', 'pipe']});
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({code, out, err}));
  });
}

/** The elements of a JUnit report, by name, with their attributes and text: parsed by saxes, so it is well-formed XML. */
function junitElements(/** @type {string} */ xml) {
  const parser = new SaxesParser();
  /** @type {{name: string, attributes: Record<string, string>, text: string}[]} */
  const elements = [];
  parser.on('opentag', (tag) =>
    elements.push({name: tag.name, attributes: /** @type {Record<string, string>} */ (tag.attributes), text: ''}),
  );
  parser.on('text', (text) => {
    const last = elements.at(-1);
    if (last) last.text += text;
  });
  parser.write(xml).close();
  return elements;
}

test('the published one-file setu-conform runs outside the repository, with nothing installed', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'setu-conform-file-'));
  const file = path.join(dir, 'setu-conform.mjs');
  const sandbox = await startSandbox();
  try {
    await buildConformCommand(file);
    const size = fs.statSync(file).size;
    assert.ok(size < 1_200_000, `${size} bytes`);
    assert.ok(!fs.readFileSync(file, 'utf8').includes('"openapi"'), 'it carries the models, not the specs');
    const api = 'gelijkwaardige-beloning-2.0';
    const {code, out, err} = /** @type {{code: number, out: string, err: string}} */ (
      await run([file, '--api', api, '--base-url', `${sandbox.origin}/${api}`, '--format', 'junit'], dir)
    );
    assert.equal(err, '');
    assert.equal(code, 0, out);
    const cases = junitElements(out).filter((e) => e.name === 'testcase');
    assert.ok(cases.length > 20, `${cases.length} test cases`);
    assert.ok(cases.every((c) => c.attributes.classname.startsWith(`${api}.`)));
    assert.deepEqual(await sandbox.store.all(), []);
  } finally {
    await sandbox.close();
    fs.rmSync(dir, {recursive: true, force: true});
  }
});

test('npm run sandbox -- --report FILE: every request the client sent and its verdict, written when the sandbox stops', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'setu-sandbox-report-'));
  const report = path.join(dir, 'client.xml');
  const child = spawn(process.execPath, ['scripts/sandbox.mjs', '--port', '0', '--report', report], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    let printed = '';
    const origin = await new Promise((resolve, reject) => {
      child.stdout.on('data', (d) => {
        printed += d;
        const found = /SETU API sandbox at (http:\/\/127\.0\.0\.1:\d+)/.exec(printed);
        if (found && printed.includes(report)) resolve(found[1]);
      });
      child.on('exit', () => reject(new Error(`the sandbox stopped: ${printed}`)));
    });
    const headers = {setuVersionId: '2.0', 'Content-Type': 'application/json'};
    const timecard = (await import('../../../generated/validator/examples.mjs')).examples.find((e) => e.type === 'Timecard')?.text;
    assert.equal((await fetch(`${origin}/p2p/purchase-to-pay/timecard/t1`, {method: 'POST', headers, body: timecard})).status, 201);
    assert.equal(
      (await fetch(`${origin}/p2p/purchase-to-pay/timecard/t2`, {method: 'POST', headers, body: '{"documentId": 1}'})).status,
      400,
    );
    assert.equal((await fetch(`${origin}/p2p/purchase-to-pay/timecard/t3`)).status, 404);
    assert.equal((await fetch(`${origin}/p2p/no/such/path`)).status, 404);
    const exited = new Promise((resolve) => child.on('exit', resolve));
    child.kill('SIGTERM');
    assert.equal(await exited, 0);
    const elements = junitElements(fs.readFileSync(report, 'utf8'));
    assert.deepEqual(
      elements.filter((e) => e.name === 'testcase').map((e) => `${e.attributes.name} ${e.attributes.classname}`),
      [
        '1. POST /p2p/purchase-to-pay/timecard/t1 p2p.create-timecard',
        '2. POST /p2p/purchase-to-pay/timecard/t2 p2p.create-timecard',
        '3. GET /p2p/purchase-to-pay/timecard/t3 p2p.get-timecard',
        '4. GET /p2p/no/such/path p2p.no-operation',
      ],
    );
    const failures = elements.filter((e) => e.name === 'failure');
    assert.equal(failures.length, 2, 'the invalid body and the unknown path');
    assert.match(elements.find((e) => e.name === 'testsuites')?.attributes.failures ?? '', /^2$/);
    // The invalid body's failure lists each error as setu-validate does: line:column, message, rule, path.
    const verdict = validateText('{"documentId": 1}', 'Timecard', {format: 'json'});
    assert.match(failures[0].attributes.message, new RegExp(`^400: .*${verdict.errorCount} errors`));
    for (const e of verdict.errors)
      assert.ok(failures[0].text.includes(`body:${e.line}:${e.column}: error: ${e.message} [${e.rule}] (${e.pointer})`), e.message);
    // Each request's time is the sandbox's, and the suite's their sum.
    const times = elements.filter((e) => e.name === 'testcase').map((e) => Number(e.attributes.time));
    assert.ok(times[0] > 0 && times[1] > 0, `the two bodies the sandbox validated took time: ${times.join(' ')}`);
    const suite = Number(elements.find((e) => e.name === 'testsuite')?.attributes.time);
    assert.ok(Math.abs(suite - times.reduce((a, b) => a + b, 0)) <= 0.001 * times.length, `${suite}: ${times.join(' + ')}`);
  } finally {
    child.kill('SIGKILL');
    fs.rmSync(dir, {recursive: true, force: true});
  }
});

test('the sandbox report as JSON, and the report file’s format from its name', () => {
  const recorder = clientRecorder();
  recorder.add({method: 'POST', path: '/planning/planning/requests', status: 201, operationId: 'create-planning-request', problem: null});
  recorder.add({
    method: 'PUT',
    path: '/planning/planning/requests/x',
    status: 400,
    operationId: 'update-planning-request',
    problem: 'The body is not a valid PlanningRequest of Planning and Scheduling 1.0: 1 error, as the message validator reports them.',
    errors: [{line: 3, column: 5, message: 'Missing required property "documentId".', rule: 'required', path: '/documentId'}],
    ms: 2.5,
  });
  recorder.add({
    method: 'GET',
    path: '/planning/planning/requests/y',
    status: 404,
    operationId: 'get-planning-request',
    problem: 'No PlanningRequest is stored',
  });
  recorder.add({method: 'GET', path: '/planning/x', status: 500, operationId: null, problem: 'broken'});
  const json = JSON.parse(recorder.report('json'));
  assert.deepEqual(json.summary, {requests: 4, accepted: 1, notHeld: 1, refused: 1, sandboxErrors: 1});
  assert.deepEqual(
    json.requests.map((r) => [r.api, r.operationId, r.verdict]),
    [
      ['planning', 'create-planning-request', 'accepted'],
      ['planning', 'update-planning-request', 'refused'],
      ['planning', 'get-planning-request', 'not held'],
      ['planning', null, 'sandbox error'],
    ],
  );
  assert.deepEqual(json.requests[1].errors, [
    {line: 3, column: 5, message: 'Missing required property "documentId".', rule: 'required', path: '/documentId'},
  ]);
  assert.equal(json.requests[1].ms, 2.5);
  assert.match(
    recorder.report('junit'),
    /body:3:5: error: Missing required property &quot;documentId&quot;\. \[required\] \(\/documentId\)<\/failure>/,
  );
  assert.equal(reportFormatOf('out/report.XML'), 'junit');
  assert.equal(reportFormatOf('report.json'), 'json');
  assert.equal(reportFormatOf('report.txt'), null);
});
