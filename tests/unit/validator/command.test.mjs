// The command setu-validate (src/plugins/validator/command/): the same verdicts as the validator page, on every example and every broken
// variant the suite has, in JSON and XML; its options, formats and exit status; hostile and missing input; and the
// one file the site publishes, run outside the repository.
import {test, describe, before, after} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {spawn, spawnSync} from 'node:child_process';
import {root} from '../../../src/build/paths.mjs';
import {validateText} from '../../../src/plugins/validator/engine/validate-text.mjs';
import {parseXml} from '../../../src/plugins/validator/engine/xml-parser.mjs';
import {messageTypes} from '../../../generated/validator/catalog.mjs';
import {examples} from '../../../generated/validator/examples.mjs';
import {siteUrl} from '../../../src/data/site.mjs';
import {buildValidatorCommand} from '../../../src/plugins/validator/command/bundle.mjs';
import {main, readWhile} from '../../../src/plugins/validator/command/main.mjs';
import {version as commandVersion} from '../../../src/plugins/validator/command/version.mjs';
import {commandSources, newerThan} from '../../../src/plugins/validator/command/staleness.mjs';
import {timecardOf} from '../../../scripts/lib/bench-messages.mjs';
import {messageExamples, brokenVariants} from '../lib/message-cases.mjs';
import {toXml} from '../lib/xml-layout.mjs';

const bin = path.join(root, 'src', 'plugins', 'validator', 'command', 'setu-validate.mjs');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'setu-validate-'));
after(() => fs.rmSync(tmp, {recursive: true, force: true}));

/** Runs a command file with Node: {status, stdout, stderr}. */
function runFile(file, args, {input, cwd = tmp, env = process.env} = {}) {
  const result = spawnSync(process.execPath, [file, ...args], {
    cwd,
    input,
    env,
    encoding: 'utf8',
    maxBuffer: 512 * 1024 * 1024,
    timeout: 300_000,
  });
  if (result.error) throw result.error;
  return {status: result.status, stdout: result.stdout, stderr: result.stderr};
}
const run = (args, options) => runFile(bin, args, options);

/** @type {Promise<string> | undefined} */
let publishedBuild;
/** The one file the site publishes, built once for every test that runs it (as the site's build makes it). */
function publishedFile() {
  publishedBuild ??= (async () => {
    const file = path.join(tmp, 'published', 'setu-validate.mjs');
    await buildValidatorCommand(file);
    return file;
  })();
  return publishedBuild;
}

/** Writes a file into the temporary folder; returns its path. */
function write(name, content) {
  const file = path.join(tmp, name);
  fs.mkdirSync(path.dirname(file), {recursive: true});
  fs.writeFileSync(file, content);
  return file;
}

const byName = new Map(messageTypes.map((t) => [t.name, t]));
const pretty = (value) => JSON.stringify(value, null, 2);
const formatOf = (file) => (file.endsWith('.xml') ? 'xml' : 'json');

/** What the page shows of a verdict, and how the command writes it in JSON. */
function pageVerdict(text, type, format) {
  const r = validateText(text, type, {format});
  return {
    valid: r.valid,
    status: r.status,
    summary: r.summary,
    type: r.type,
    variant: r.variant,
    hint: r.hint,
    reason: r.reason || null,
    errorCount: r.errorCount,
    errors: r.errors.map((e, i) => ({
      line: e.line,
      column: e.column,
      message: e.message,
      rule: e.rule,
      path: e.pointer,
      field: r.fieldLinks[i] ? `${siteUrl}${r.fieldLinks[i]}` : null,
    })),
    warnings: r.warnings,
    notes: r.notes,
    businessRules: r.businessRules || null,
  };
}
const commandVerdict = (f) => ({
  valid: f.valid,
  status: f.status,
  summary: f.summary,
  type: f.type,
  variant: f.variant,
  hint: f.hint,
  reason: f.reason,
  errorCount: f.errorCount,
  errors: f.errors.map(({line, column, message, rule, path: p, field}) => ({line, column, message, rule, path: p, field})),
  warnings: f.warnings,
  notes: f.notes,
  businessRules: f.businessRules,
});

describe('the same verdicts as the page', () => {
  /** @type {{file: string, type: string, text: string}[]} */
  const cases = [];
  before(() => {
    const add = (type, text, form) => {
      const file = write(`cases/${String(cases.length).padStart(4, '0')}.${form}`, text);
      cases.push({file, type, text});
    };
    // The page's own examples, then every example of the specs and every broken variant, as JSON and, where the
    // message has one, in its XML form.
    for (const e of examples) {
      add(e.type, e.text, 'json');
      if (e.xml) add(e.type, e.xml, 'xml');
    }
    const specExamples = messageExamples();
    const variants = brokenVariants(specExamples).map(({type, m}) => ({type, value: m.value}));
    for (const {type, value} of [...specExamples, ...variants]) {
      add(type, pretty(value), 'json');
      if (!byName.get(type)?.xml) continue;
      let xml;
      try {
        xml = toXml(value, type);
      } catch {
        continue; // a value without an XML form (a property name that cannot be an element)
      }
      add(type, xml, 'xml');
    }
  });

  test('there are cases of every kind, valid and not, JSON and XML', () => {
    assert.ok(cases.length > 1000, `only ${cases.length} cases`);
    const verdicts = cases.slice(0, 400).map((c) => validateText(c.text, 'auto', {format: formatOf(c.file)}));
    assert.ok(verdicts.some((v) => v.valid) && verdicts.some((v) => !v.valid));
    assert.ok(cases.some((c) => c.file.endsWith('.xml')));
  });

  /** The bin's run on every case, detected (kept for the published file's comparison below). */
  let binRun;
  const detectedArgs = () => ['--format', 'json', ...cases.map((c) => c.file)];

  test('detected: each file has the verdict, errors, locations and dictionary links of the page', () => {
    binRun = run(detectedArgs());
    const {status, stdout} = binRun;
    const report = JSON.parse(stdout);
    assert.equal(report.files.length, cases.length);
    const differences = [];
    for (const [i, c] of cases.entries()) {
      const actual = commandVerdict(report.files[i]);
      const expected = pageVerdict(c.text, 'auto', formatOf(c.file));
      try {
        assert.deepEqual(actual, expected);
      } catch {
        differences.push(
          `${c.file} (${c.type}): ${JSON.stringify(actual).slice(0, 300)}\n  page: ${JSON.stringify(expected).slice(0, 300)}`,
        );
      }
    }
    assert.deepEqual(differences, []);
    assert.equal(status, report.files.every((f) => f.valid) ? 0 : 1);
    assert.ok(report.files.some((f) => f.errors.some((e) => e.field?.startsWith(`${siteUrl}/docs/messages/`))));
  });

  // The type given instead of detected: the first cases of each type (valid examples and broken variants, JSON and
  // XML) are enough; every case runs detected above. The command's main() runs here in this process, with the
  // arguments the bin would pass it: a process per type (two dozen) cost ~10 s of start-up and loading, and the bin
  // around main() is tested by the other tests.
  test('chosen with --type: each file has the verdict of the page for that type', async () => {
    const {main} = await import('../../../src/plugins/validator/command/main.mjs');
    const differences = [];
    for (const type of new Set(cases.map((c) => c.type))) {
      const mine = cases.filter((c) => c.type === type).slice(0, 30);
      let stdout = '';
      const status = await main(['--format', 'json', '--type', type, ...mine.map((c) => c.file)], {
        out: (text) => (stdout += text),
        err: (text) => assert.fail(`--type ${type}: ${text}`),
        stdin: () => process.stdin,
      });
      assert.ok(status === 0 || status === 1, `--type ${type}: exit status ${status}`);
      const report = JSON.parse(stdout);
      assert.equal(report.files.length, mine.length, `--type ${type}: a verdict per file`);
      for (const [i, c] of mine.entries()) {
        const actual = commandVerdict(report.files[i]);
        const expected = pageVerdict(c.text, type, formatOf(c.file));
        try {
          assert.deepEqual(actual, expected);
        } catch {
          differences.push(
            `${c.file} as ${type}: ${JSON.stringify(actual).slice(0, 300)}\n  page: ${JSON.stringify(expected).slice(0, 300)}`,
          );
        }
      }
    }
    assert.deepEqual(differences, []);
  });

  // The published file carries each message type's validator on its own, cut out of its spec's module by the build:
  // it must judge every case as the page does. The bin ran exactly that file on every case above (it builds the same
  // file into generated/commands/), so the two are compared byte for byte instead of running every case once more.
  // Where esbuild is not installed, the bin imports main.mjs from its sources instead: that path judges a sample of
  // the cases in this process, against the bin's verdicts.
  test('the one file the site publishes is the file the bin judged every case with; from its sources, the command judges alike', async () => {
    const file = await publishedFile();
    const published = fs.readFileSync(file, 'latin1');
    // ASCII only: one character beyond makes the file's whole source a two-byte string to V8, slower to start.
    // eslint-disable-next-line no-control-regex -- the range is every ASCII character
    assert.match(published, /^[\x00-\x7f]*$/);
    assert.ok(binRun, 'the detected run above ran first');
    const ranByBin = fs.readFileSync(path.join(root, 'generated', 'commands', 'setu-validate.mjs'), 'latin1');
    assert.ok(published === ranByBin, 'the published file differs from the one the bin ran');

    const {main} = await import('../../../src/plugins/validator/command/main.mjs');
    const sample = cases.filter((_, i) => i % 8 === 0);
    let stdout = '';
    const status = await main(['--format', 'json', ...sample.map((c) => c.file)], {
      out: (text) => (stdout += text),
      err: (text) => assert.fail(text),
      stdin: () => process.stdin,
    });
    const byFile = new Map(JSON.parse(binRun.stdout).files.map((f) => [f.file, f]));
    const fromSources = JSON.parse(stdout).files;
    assert.equal(fromSources.length, sample.length);
    assert.deepEqual(
      fromSources.map(commandVerdict),
      fromSources.map((f) => commandVerdict(byFile.get(f.file))),
    );
    assert.equal(status, fromSources.every((f) => f.valid) ? 0 : 1);
  });
});

describe('the bin runs the one file', () => {
  test('built into generated/commands/ from its sources, it answers as the published file does', async () => {
    const help = run(['--help']);
    assert.equal(help.status, 0, help.stderr);
    const built = path.join(root, 'generated', 'commands', 'setu-validate.mjs');
    const builtAt = fs.statSync(built).mtimeMs;
    assert.equal(newerThan(root, commandSources, builtAt), null, 'a source is newer than the file the bin ran');
    // A second run uses the file as it is.
    assert.equal(run(['--help']).stdout, help.stdout);
    assert.equal(fs.statSync(built).mtimeMs, builtAt);
    assert.equal(runFile(await publishedFile(), ['--help']).stdout, help.stdout);
  });
});

describe('output and exit status', () => {
  const timecard = examples.find((e) => e.type === 'Timecard');
  const valid = () => write('valid/timecard.xml', timecard.xml);
  // A broken Timecard: an element out of order, in the file's fourth line or later.
  const broken = () => {
    const xml = timecard.xml;
    return write('broken/timecard.xml', xml.replace('<documentId>', '<unknownElement>x</unknownElement>\n  <documentId>'));
  };

  test('valid files exit 0 with a verdict per file and a summary line', () => {
    const json = write('valid/timecard.json', timecard.text);
    const {status, stdout, stderr} = run([valid(), json]);
    assert.equal(status, 0, stderr);
    assert.match(stdout, new RegExp(`^${valid()}: Valid: the XML message conforms to Timecard`, 'm'));
    assert.match(stdout, new RegExp(`^${valid()}: Business rules: none published for Timecard 2\\.0\\.$`, 'm'));
    assert.match(stdout, /Detected as Timecard: it has the root element `Timecard`/);
    assert.match(stdout.trimEnd().split('\n').at(-1) ?? '', /^2 files checked: 2 valid, 0 not valid; 0 errors, 0 warnings\.$/);
  });

  test('an invalid file exits 1 with FILE:LINE:COLUMN: error: message [rule] (path)', () => {
    const file = broken();
    const {status, stdout} = run([valid(), file]);
    assert.equal(status, 1);
    const line =
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .findIndex((l) => l.includes('<unknownElement>')) + 1;
    assert.match(
      stdout,
      new RegExp(
        `^${file}:${line}:3: error: Unknown element \`unknownElement\`.* \\[unknown element\\] \\(/Timecard/unknownElement\\)$`,
        'm',
      ),
    );
    assert.match(stdout, new RegExp(`^${file}: Not valid: 1 error against Timecard\\.`, 'm'));
    assert.match(stdout, /^2 files checked: 1 valid, 1 not valid; 1 error, 0 warnings\.$/m);
  });

  test('warnings and notes are written as such, and allowed: business rules of a planning message', () => {
    const request = examples.find((e) => e.type === 'PlanningRequest 1.0');
    // An action code, which a REST message leaves out (BR 292): the site's examples carry none.
    const file = write('planning/request.json', pretty({...JSON.parse(request.text), actionCode: 'POST'}));
    const {status, stdout} = run([file]);
    assert.equal(status, 0);
    assert.match(stdout, new RegExp(`^${file}:\\d+:\\d+: warning: BR 292: .* \\[BR 292\\] \\(/actionCode\\)$`, 'm'));
    assert.match(stdout, new RegExp(`^${file}: note: BR 295 is not checked.* \\[BR 295\\]$`, 'm'));
    assert.match(stdout, /and keeps its business rules/);
    // Which published rules apply, and that they were checked (issue 41, item 5).
    assert.match(
      stdout,
      new RegExp(
        `^${file}: Business rules: BR 285–292, 294 and 295 of SETU's PlanningRequest v1\\.0 \\(PlanningRequest_BRs_v1\\.0\\.xml\\); checked, except BR 295`,
        'm',
      ),
    );
    const withoutRules = run(['--no-rules', file]);
    assert.equal(withoutRules.status, 0);
    assert.doesNotMatch(withoutRules.stdout, /(warning|note): BR 29\d|keeps its business rules/);
    assert.match(withoutRules.stdout, new RegExp(`^${file}: Business rules: BR 285–292, 294 and 295 .*; not checked in this run\\.$`, 'm'));
    // A broken rule is an error, unless the rules are skipped.
    const broken = JSON.parse(request.text);
    broken.positionProfile.positionPeriod = {start: '2025-03-01', end: '2025-01-01'};
    const brokenFile = write('planning/broken.json', pretty(broken));
    const checked = run(['--format', 'json', brokenFile]);
    const page = validateText(pretty(broken));
    assert.equal(checked.status, page.valid ? 0 : 1);
    assert.equal(JSON.parse(checked.stdout).files[0].errorCount, page.errorCount);
  });

  test('a value valid only under one of our repairs of the published schema gets a note: line that names the repair', async () => {
    const {main} = await import('../../../src/plugins/validator/command/main.mjs');
    const outputOf = async (/** @type {string} */ file) => {
      let stdout = '';
      const status = await main([file], {out: (text) => (stdout += text), err: (text) => assert.fail(text), stdin: () => process.stdin});
      return {status, stdout};
    };
    const text = examples.find((e) => e.type === 'InquiryPayEquity 2.0').text;
    const file = write('repairs/pay-equity.json', text);
    const {status, stdout} = await outputOf(file);
    assert.equal(status, 0, 'valid: a note is no error');
    // At the value it names first (issue 41, item 3), as errors and warnings are.
    assert.match(
      stdout,
      new RegExp(
        `^${file}:\\d+:\\d+: note: Valid only under our repair of \`Single\\.date\` \\(specs/gelijkwaardige-beloning-2\\.0\\.json\\): .* which SETU's published schema \\(setu-gelijkwaardige-beloning/v2\\.0/src/openapi\\.yaml\\) rejects: it has \`format: "date-time"\``,
        'm',
      ),
    );
    assert.equal(stdout.match(/: note: Valid only under our repair of /g)?.length, 4);
    // Not valid anyway (item 2): the notes say the message relies on the repairs, below the error.
    const broken = write('repairs/pay-equity-broken.json', JSON.stringify({...JSON.parse(text), unknownProperty: 'x'}, null, 2));
    const invalid = await outputOf(broken);
    assert.equal(invalid.status, 1);
    assert.match(invalid.stdout, new RegExp(`^${broken}: Not valid: 1 error`, 'm'));
    assert.equal(invalid.stdout.match(/: note: Relies on our repair of /g)?.length, 4);
    assert.doesNotMatch(invalid.stdout, /Valid only under/);
  });

  test('--format json: the verdicts and a summary, each error with the dictionary entry of its field', () => {
    const {status, stdout} = run(['--format', 'json', valid(), broken()]);
    assert.equal(status, 1);
    const report = JSON.parse(stdout);
    assert.deepEqual(report.summary, {files: 2, valid: 1, invalid: 1, unreadable: 0, errors: 1, warnings: 0});
    const [ok, bad] = report.files;
    assert.equal(ok.valid, true);
    assert.equal(ok.type, 'Timecard');
    assert.equal(ok.version, '2.0');
    assert.equal(ok.spec, 'specs/purchase-to-pay.json');
    assert.equal(bad.errors[0].rule, 'unknown element');
    assert.equal(typeof bad.errors[0].line, 'number');
    const json = write('json/timecard.json', JSON.stringify({...JSON.parse(timecard.text), period: {}}, null, 2));
    const linked = JSON.parse(run(['--format', 'json', json]).stdout).files[0];
    assert.ok(linked.errors.length > 0);
    for (const e of linked.errors)
      assert.match(e.field, new RegExp(`^${siteUrl}/docs/messages/purchase-to-pay/2\\.0/Timecard(/[\\w-]+)?#period`));
  });

  test('--format junit: a well-formed JUnit report, a test case per file', () => {
    const {status, stdout} = run(['--format', 'junit', valid(), broken()]);
    assert.equal(status, 1);
    const {root: suites} = parseXml(stdout);
    assert.equal(suites.name, 'testsuites');
    assert.deepEqual(
      Object.fromEntries(suites.attributes.filter((a) => ['tests', 'failures', 'errors'].includes(a.name)).map((a) => [a.name, a.value])),
      {tests: '2', failures: '1', errors: '0'},
    );
    const cases = suites.children[0].children;
    assert.deepEqual(
      cases.map((c) => c.children.map((child) => child.name)),
      [['system-out'], ['failure']],
    );
    assert.match(cases[1].children[0].text, /error: Unknown element `unknownElement`/);
  });

  test('--type and --version choose the type as the page does; a wrong choice is a usage error', () => {
    const request = examples.find((e) => e.type === 'PlanningRequest 2.0');
    const file = write('choose/request.json', request.text);
    const asType = (args) => JSON.parse(run(['--format', 'json', ...args, file]).stdout).files[0];
    assert.equal(asType(['--type', 'PlanningRequest', '--version', '2.0']).valid, true);
    assert.equal(asType(['--type', 'PlanningRequest 2.0']).valid, true);
    const asOld = asType(['--type', 'PlanningRequest', '--version', '1.0']);
    assert.equal(asOld.valid, false);
    assert.equal(asOld.detected, false);
    assert.match(asOld.hint, /It looks more like PlanningRequest 2\.0/);
    // The text report says how to check it as that type with this command (not the page's “Detect automatically”).
    const text = run(['--type', 'PlanningRequest', '--version', '1.0', file]).stdout;
    assert.match(
      text,
      /note: It looks more like PlanningRequest 2\.0 .*Check it as such with --type "PlanningRequest 2\.0", or leave --type out/,
    );
    assert.doesNotMatch(text, /Detect automatically/);
    // --version alone: detected among the messages of that version.
    assert.equal(asType(['--version', '2.0']).type, 'PlanningRequest 2.0');
    assert.equal(asType(['--version', '1.0']).type, 'PlanningRequest 1.0');
    for (const [args, message] of [
      [['--type', 'PlanningRequest'], /exists in several versions .*add --standard-version 1\.0 or --standard-version 2\.0/],
      [['--type', 'Timecard', '--version', '1.0'], /Timecard is a message of version 2\.0, not 1\.0/],
      [['--type', 'Invoice'], /--type Invoice is not a message type/],
      [['--version', '9.9'], /no standard has version 9\.9/],
      [['--format', 'xml'], /the formats are text, json and junit/],
      [['--colour'], /Unknown option '--colour'/],
    ]) {
      const {status, stdout, stderr} = run([...args, file]);
      assert.equal(status, 2, `${args.join(' ')}: ${stderr}`);
      assert.equal(stdout, '');
      assert.match(stderr, message);
      assert.match(stderr, /Try 'setu-validate --help'/);
    }
  });

  test('--version prints the command’s version, also before or after a file; --standard-version (or --version X.Y) the standard’s', async () => {
    // In this process: main() is the command without its process.
    const main_ = async (/** @type {string[]} */ args) => {
      let out = '';
      let err = '';
      const status = await main(args, {out: (t) => (out += t), err: (t) => (err += t), stdin: async function* () {}});
      return {status, out, err};
    };
    const request = examples.find((e) => e.type === 'PlanningRequest 2.0');
    const file = write('version/request.json', request.text);
    for (const args of [['--version'], ['--version', file], [file, '--version'], ['--format', 'json', '--version', file]]) {
      assert.deepEqual(await main_(args), {status: 0, out: `setu-validate ${commandVersion}\n`, err: ''}, args.join(' '));
    }
    const typeOf = async (/** @type {string[]} */ args) => {
      const {status, out, err} = await main_(['--format', 'json', ...args, file]);
      assert.equal(status, 0, err);
      return JSON.parse(out).files[0].type;
    };
    assert.equal(await typeOf(['--standard-version', '2.0']), 'PlanningRequest 2.0');
    assert.equal(await typeOf(['--type', 'PlanningRequest', '--standard-version', '2.0']), 'PlanningRequest 2.0');
    // The older form, where a version of a standard follows it.
    assert.equal(await typeOf(['--version', '2.0']), 'PlanningRequest 2.0');
    assert.equal(await typeOf(['--version=2.0']), 'PlanningRequest 2.0');
    const wrong = await main_(['--standard-version', '9.9', file]);
    assert.equal(wrong.status, 2);
    assert.match(wrong.err, /^setu-validate: --standard-version 9\.9: no standard has version 9\.9/);
    assert.match((await main_(['--version', '9.9', file])).err, /^setu-validate: --version 9\.9: no standard has version 9\.9/);
    assert.match((await main_(['--help'])).out, /--standard-version X\.Y\n.*the version of the standard/);
  });

  test('--help and --list describe the command and name every message type', () => {
    const help = run(['--help']);
    assert.equal(help.status, 0);
    assert.match(help.stdout, /^Usage: setu-validate \[options\] FILE\.\.\./);
    assert.match(help.stdout, /Exit status: 0 every file is valid/);
    const list = run(['--list']);
    assert.equal(list.status, 0);
    for (const t of messageTypes) assert.match(list.stdout, new RegExp(`^${t.name} +${t.standard} ${t.version}`, 'm'));
  });

  test('- reads standard input, detected as the page detects a pasted message', () => {
    const {status, stdout} = run(['-'], {input: timecard.xml});
    assert.equal(status, 0);
    assert.match(stdout, /^<stdin>: Valid: the XML message conforms to Timecard/m);
  });

  test('line breaks and a byte order mark are read as the page reads an opened file', () => {
    const xml = timecard.xml;
    const file = write(
      'crlf/timecard.xml',
      `\ufeff${xml.replace(/\n/g, '\r\n').replace('<documentId>', '<unknownElement/>\r\n  <documentId>')}`,
    );
    const lf = write('crlf/timecard-lf.xml', xml.replace('<documentId>', '<unknownElement/>\n  <documentId>'));
    const at = (f) => /:(\d+:\d+): error/.exec(run([f]).stdout)?.[1];
    assert.ok(at(lf));
    assert.equal(at(file), at(lf));
  });
});

describe('a large message is read while the chosen type is prepared', () => {
  // From 256 KB on, the command reads a file on Node's thread pool while it compiles the chosen type's validator.
  test('300 KB, valid and with an error near its end: the verdicts and locations of the page, with --type and without', () => {
    const text = timecardOf(300 * 1024, 'xml');
    const lastLine = text.lastIndexOf('<dayAssignment>');
    const broken = `${text.slice(0, lastLine)}<dayAssignment>2024-02-30</dayAssignment>${text.slice(text.indexOf('</dayAssignment>', lastLine) + '</dayAssignment>'.length)}`;
    for (const [name, content] of [
      ['large/valid.xml', text],
      ['large/broken.xml', broken],
    ]) {
      const file = write(name, content);
      const page = pageVerdict(content, 'auto', 'xml');
      for (const args of [['--type', 'Timecard'], []]) {
        const {status, stdout, stderr} = run(['--format', 'json', ...args, file]);
        assert.equal(status, page.valid ? 0 : 1, stderr);
        const [verdict] = JSON.parse(stdout).files;
        assert.deepEqual(
          {valid: verdict.valid, errors: commandVerdict(verdict).errors},
          {valid: page.valid, errors: page.errors},
          `${name} ${args.join(' ')}`,
        );
      }
    }
  });

  test('a file that grew or shrank after its size was taken is read as it is now', async () => {
    const file = write('large/changing.xml', 'x'.repeat(300_000));
    assert.equal((await readWhile(file, 300_000)).length, 300_000);
    // The size taken before the file grew to 300,000 bytes, and before it shrank to them.
    assert.equal((await readWhile(file, 200_000)).length, 300_000);
    assert.equal((await readWhile(file, 400_000)).length, 300_000);
    assert.equal((await readWhile(file, 400_000)).toString(), 'x'.repeat(300_000));
  });
});

describe('bad input, as on the page: a clear verdict or a usage error, never a stack trace', () => {
  const noTrace = ({stdout, stderr}) => assert.doesNotMatch(`${stdout}${stderr}`, /\n\s+at .+:\d+:\d+\)?\n|node:internal/);

  test('output to a file is written whole; a reader that stops early (| head) ends it quietly, with the verdict as status', async () => {
    // Many files with an error each: far more output than a pipe holds (64 KB), so the writes meet a full pipe and,
    // once the reader has gone, a closed one.
    const files = Array.from({length: 120}, (_, i) =>
      write(`many/m${i}.xml`, '<Timecard xmlns="https://ontology.setu.nl/messages"><unknownElement/></Timecard>\n'),
    );
    const outFile = path.join(tmp, 'many-report.xml');
    const fd = fs.openSync(outFile, 'w');
    const toFile = spawnSync(process.execPath, [bin, '--format', 'junit', ...files], {stdio: ['ignore', fd, 'pipe'], encoding: 'utf8'});
    fs.closeSync(fd);
    assert.equal(toFile.status, 1, toFile.stderr);
    const report = fs.readFileSync(outFile, 'utf8');
    assert.ok(report.length > 100_000, `${report.length} characters of report`);
    assert.match(report, /<\/testsuites>\n$/);

    const child = spawn(process.execPath, [bin, '--format', 'junit', ...files], {stdio: ['ignore', 'pipe', 'pipe']});
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    // The first chunk read, the reader goes away, as `head -c 100` does.
    child.stdout.once('data', () => child.stdout.destroy());
    const status = await new Promise((resolve) => child.on('close', (code) => resolve(code)));
    assert.equal(status, 1);
    noTrace({stdout: '', stderr});
  });

  test('a DOCTYPE (billion laughs, external entities) is refused before anything is expanded', () => {
    const file = write(
      'hostile/laughs.xml',
      `<?xml version="1.0"?>\n<!DOCTYPE lolz [\n<!ENTITY lol "lol">\n<!ENTITY lol2 "&lol;&lol;">\n<!ENTITY xxe SYSTEM "file:///etc/passwd">\n]>\n<Timecard xmlns="https://ontology.setu.nl/messages">&lol2;&xxe;</Timecard>\n`,
    );
    const result = run([file]);
    assert.equal(result.status, 1);
    assert.match(
      result.stdout,
      new RegExp(
        `^${file}:2:1: error: Not well-formed XML, line 2, column 1: a document type declaration \\(<!DOCTYPE …>\\) is not allowed`,
        'm',
      ),
    );
    assert.doesNotMatch(result.stdout, /lollol|root:/);
    // The error printed is counted (issue 41: the summary said "0 errors").
    assert.match(result.stdout, /^1 file checked: 0 valid, 1 not valid; 1 error, 0 warnings\.$/m);
    noTrace(result);
  });

  // Issue 41, item 6: `--format json` gave such a file `"errorCount": 0, "errors": []` under a summary of 1 error. Its
  // entry carries the error the text report prints, at its place, as JUnit's failure does; so does an unreadable file's.
  test('a file that is not well-formed, or cannot be read, has its error in every format', async () => {
    const {main} = await import('../../../src/plugins/validator/command/main.mjs');
    const outputOf = async (/** @type {string[]} */ args) => {
      let out = '';
      await main(args, {out: (text) => (out += text), err: (text) => (out += text), stdin: () => process.stdin});
      return out;
    };
    const file = write(
      'broken/unclosed.xml',
      '<?xml version="1.0"?>\n<Timecard xmlns="https://ontology.setu.nl/messages">\n  <documentId>\n</Timecard>\n',
    );
    const text = await outputOf([file]);
    const [, line, column, message] = /** @type {RegExpExecArray} */ (new RegExp(`^${file}:(\\d+):(\\d+): error: (.*)$`, 'm').exec(text));
    assert.match(message, /^Not well-formed XML, line 4, column \d+: /);
    const report = JSON.parse(await outputOf(['--format', 'json', file]));
    assert.equal(report.summary.errors, 1);
    const [entry] = report.files;
    assert.equal(entry.status, 'syntax');
    assert.equal(entry.errorCount, 1);
    assert.deepEqual(
      entry.errors.map((/** @type {any} */ e) => [e.line, e.column, e.message]),
      [[Number(line), Number(column), message]],
    );
    assert.match(
      await outputOf(['--format', 'junit', file]),
      new RegExp(`<failure [^>]*>${file}:${line}:${column}: error: Not well-formed`),
    );
    // A file whose read fails (as in the test of unreadable files below).
    const secret = fs.existsSync('/proc/self/mem') ? '/proc/self/mem' : write('usage/secret-json.json', '{}');
    if (secret !== '/proc/self/mem') fs.chmodSync(secret, 0o000);
    const unreadable = JSON.parse(await outputOf(['--format', 'json', secret]));
    assert.equal(unreadable.summary.errors, 1);
    assert.equal(unreadable.files[0].errorCount, 1);
    assert.match(unreadable.files[0].errors[0].message, /^cannot be read: /);
  });

  test('10,000 levels of nesting, XML and JSON, get a verdict', () => {
    const xml = write(
      'hostile/deep.xml',
      `<Timecard xmlns="https://ontology.setu.nl/messages">${'<a>'.repeat(10_000)}x${'</a>'.repeat(10_000)}</Timecard>`,
    );
    const json = write('hostile/deep.json', `{"period": ${'['.repeat(10_000)}${']'.repeat(10_000)}}`);
    const result = run(['--format', 'json', xml, json]);
    assert.equal(result.status, 1);
    const [x, j] = JSON.parse(result.stdout).files;
    assert.equal(x.status, 'invalid');
    assert.equal(j.status, 'invalid');
    noTrace(result);
  });

  test('binary data is named as such', () => {
    const file = write('hostile/archive.xml', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0xff, 0xfe, 0x3c, 0x61]));
    const result = run([file]);
    assert.equal(result.status, 1);
    assert.match(result.stdout, new RegExp(`^${file}:1:\\d+: error: This is not XML text: it contains binary data`, 'm'));
    noTrace(result);
  });

  test('a file of 100 MB is judged too large by its size, without being read', () => {
    const file = path.join(tmp, 'hostile/huge.json');
    // A sparse file: 100 MB long, next to nothing on disk. Read, it would take 100 MB of memory and more as text.
    fs.writeFileSync(file, '');
    fs.truncateSync(file, 100 * 1024 * 1024);
    const probe = [
      `const {main} = await import(${JSON.stringify(path.join(root, 'src', 'plugins', 'validator', 'command', 'main.mjs'))});`,
      'const lines = [];',
      `const status = await main([${JSON.stringify(file)}], {out: (t) => lines.push(t), err: (t) => lines.push(t), stdin: () => process.stdin});`,
      'console.log(JSON.stringify({status, output: lines.join(""), rss: process.resourceUsage().maxRSS * 1024}));',
    ].join('\n');
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', probe], {encoding: 'utf8', timeout: 120_000});
    const {status, output, rss} = JSON.parse(result.stdout);
    assert.equal(status, 1);
    assert.match(output, new RegExp(`^${file}: error: The file is 100\\.0 MB; the validator checks messages of up to 50\\.0 MB\\.$`, 'm'));
    assert.ok(rss < 100 * 1024 * 1024, `${Math.round(rss / 1024 / 1024)} MB of memory: the file was read`);
  });

  test('standard input is read up to the limit, and no further', () => {
    const result = spawnSync(process.execPath, [bin, '-'], {
      input: Buffer.alloc(51 * 1024 * 1024, 0x20),
      encoding: 'utf8',
      timeout: 120_000,
    });
    assert.equal(result.status, 1);
    assert.match(result.stdout, /^<stdin>: error: The file is more than 50\.0 MB; the validator checks messages of up to 50\.0 MB\.$/m);
  });

  test('a directory or a missing file is a usage error naming it; nothing is checked', () => {
    const dir = path.join(tmp, 'valid');
    fs.mkdirSync(dir, {recursive: true});
    const missing = path.join(tmp, 'no-such-message.xml');
    const ok = write('usage/ok.json', examples[0].text);
    const result = run([ok, dir, missing]);
    assert.equal(result.status, 2);
    assert.equal(result.stdout, '');
    assert.match(result.stderr, new RegExp(`${dir} is a directory: name the message files in it`));
    assert.match(result.stderr, new RegExp(`${missing}: no such file`));
    noTrace(result);
    const none = run([]);
    assert.equal(none.status, 2);
    assert.match(none.stderr, /no file to check/);
  });

  test('an unreadable file exits 2 after the others are checked', () => {
    // A file that cannot be read: on Linux /proc/self/mem (a regular file whose reading fails), else one without
    // permissions (which root would read anyway).
    const file = fs.existsSync('/proc/self/mem') ? '/proc/self/mem' : write('usage/secret.json', '{}');
    if (file !== '/proc/self/mem') fs.chmodSync(file, 0o000);
    const result = run([file, write('usage/other.json', examples[0].text)]);
    assert.equal(result.status, 2);
    assert.match(result.stdout, new RegExp(`^${file}: error: cannot be read: `, 'm'));
    assert.match(result.stdout, /other\.json: Valid/);
    assert.match(result.stdout, /2 files checked: 1 valid, 0 not valid, 1 could not be read; 1 error, 0 warnings\./);
    noTrace(result);
  });
});

describe('the published file', () => {
  test('runs outside the repository with nothing installed: examples exit 0, a broken message 1 with file:line:column', async () => {
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'setu-validate-published-'));
    try {
      const file = path.join(outside, 'setu-validate.mjs');
      fs.copyFileSync(await publishedFile(), file);
      const timecard = examples.find((e) => e.type === 'Timecard');
      fs.writeFileSync(path.join(outside, 'timecard.xml'), timecard.xml);
      fs.writeFileSync(path.join(outside, 'timecard.json'), timecard.text);
      fs.writeFileSync(path.join(outside, 'broken.json'), timecard.text.replace('"period"', '"periode"'));
      const ok = runFile(file, ['timecard.xml', 'timecard.json'], {cwd: outside});
      assert.equal(ok.status, 0, ok.stderr);
      assert.match(ok.stdout, /2 files checked: 2 valid/);
      const bad = runFile(file, ['timecard.json', 'broken.json'], {cwd: outside});
      assert.equal(bad.status, 1);
      assert.match(bad.stdout, /^broken\.json:\d+:\d+: error: /m);
      // The same verdicts as the command in the clone, in every format.
      for (const format of ['text', 'json', 'junit']) {
        const here = run(['--format', format, path.join(outside, 'timecard.json'), path.join(outside, 'broken.json')], {cwd: outside});
        const there = runFile(file, ['--format', format, path.join(outside, 'timecard.json'), path.join(outside, 'broken.json')], {
          cwd: outside,
        });
        assert.equal(there.stdout.replace(/time="[\d.]+"/g, ''), here.stdout.replace(/time="[\d.]+"/g, ''), format);
      }
      // Nothing of the repository is read: the file names no path of it.
      assert.doesNotMatch(fs.readFileSync(file, 'utf8'), new RegExp(root.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    } finally {
      fs.rmSync(outside, {recursive: true, force: true});
    }
  });
});
