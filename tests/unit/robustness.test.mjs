// Mistakes editors make must stop the build or the test suite with a message that names the file
// (and the line, or the JSON path). Each case copies what one real checker reads into a temporary
// folder, injects one fault, runs that checker on the copy and reads its message.
import {test, after} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {spawnSync} from 'node:child_process';
import {loadFreshModule} from '@docusaurus/utils';
import {root} from '../../src/build/paths.mjs';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'setu-robustness-'));
after(() => fs.rmSync(tmp, {recursive: true, force: true}));

/** Runs a checker with Node; returns {status, output} (stdout and stderr together). */
function run(args, env = {}) {
  // Without NODE_TEST_CONTEXT a nested `node --test` reports as a top-level run would.
  const {NODE_TEST_CONTEXT: _nodeTestContext, ...parentEnv} = process.env;
  const result = spawnSync(process.execPath, args, {cwd: root, env: {...parentEnv, ...env}, encoding: 'utf8', timeout: 60_000});
  return {status: result.status, output: `${result.stdout}\n${result.stderr}`};
}

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Copies docs/ to a fresh folder and lets `edit` change one page; returns the copy's folder and the page. */
function docsWithFault(name, page, edit) {
  const docsDir = path.join(tmp, name, 'docs');
  fs.cpSync(path.join(root, 'docs'), docsDir, {recursive: true});
  const file = path.join(docsDir, page);
  const before = fs.readFileSync(file, 'utf8');
  const after = edit(before);
  assert.notEqual(after, before, `the fault could not be injected into ${page}`);
  fs.writeFileSync(file, after);
  return {docsDir, file};
}

/** Appends lines to a page; returns the 1-based line number of the first appended line. */
const appendLines = (text, lines) => ({
  text: `${text.replace(/\n*$/, '\n\n')}${lines.join('\n')}\n`,
  line: text.replace(/\n*$/, '\n\n').split('\n').length,
});

test('a broken link and a broken anchor in a page fail check-mdx, naming file:line:column', () => {
  let line;
  const {docsDir, file} = docsWithFault('link', 'planning/FAQ.mdx', (text) => {
    const appended = appendLines(text, ['See the [old FAQ](./old-faq.mdx) and the [release notes](./changelog.mdx#no-such-section).']);
    line = appended.line;
    return appended.text;
  });
  const {status, output} = run(['scripts/check-mdx.mjs', '--docs-dir', docsDir, file]);
  assert.equal(status, 1, output);
  assert.match(output, new RegExp(`${escape(file)}:${line}:9: broken link to "\\./old-faq\\.mdx"`), output);
  assert.match(
    output,
    new RegExp(`${escape(file)}:${line}:42: broken anchor in "\\./changelog\\.mdx#no-such-section": .*changelog\\.mdx has no heading`),
    output,
  );
});

test('an unclosed JSX tag and a bad expression in a page fail check-mdx, naming file:line:column', () => {
  let jsxLine;
  let expressionLine;
  const jsx = docsWithFault('jsx', 'planning/FAQ.mdx', (text) => {
    const appended = appendLines(text, ['<div className="note">', '', 'A note that is never closed.']);
    jsxLine = appended.line;
    return appended.text;
  });
  const expression = docsWithFault('expression', 'purchase-to-pay-v2/Timecard.mdx', (text) => {
    const appended = appendLines(text, ['Total: {hours.map(}']);
    expressionLine = appended.line;
    return appended.text;
  });
  const {status, output} = run(['scripts/check-mdx.mjs', '--docs-dir', jsx.docsDir, jsx.file, expression.file]);
  assert.equal(status, 1, output);
  assert.match(output, new RegExp(`${escape(jsx.file)}:${jsxLine}:1: .*closing tag for \`<div>\``), output);
  assert.match(output, new RegExp(`${escape(expression.file)}:${expressionLine}:\\d+: Could not parse expression`), output);
  assert.match(output, /2 pages checked, 2 problem\(s\)/);
});

test('a JSON example that breaks its schema fails the examples test, naming page, line and JSON path; one presented as wrong must be', () => {
  const good = '"datePeriod": { "start": "2024-10-21", "end": "2024-10-27" }';
  const broken = '"datePeriod": { "start": "2024-10-21" }';
  let wrongButValid;
  const {docsDir} = docsWithFault('example', 'purchase-to-pay-v2/Timecard.mdx', (text) => {
    // The page's timecard twice more, presented as wrong (expect="error required"): broken, as the page says, and
    // valid, which the page's words then misrepresent.
    const fence = text.indexOf('```json title="Timecard for week 43 of 2024"');
    const block = text.slice(text.indexOf('\n', fence) + 1, text.indexOf('\n```', fence) + 1);
    const wrong = (code) => [
      '```json title="Wrong on purpose" schema="Timecard" expect="error required"',
      ...code.trimEnd().split('\n'),
      '```',
    ];
    const appended = appendLines(text.replace(good, broken), [...wrong(block.replace(good, broken)), '', ...wrong(block)]);
    wrongButValid = appended.line + block.trimEnd().split('\n').length + 3;
    return appended.text;
  });
  // Only the faulty page: the examples test reads every page of SETU_DOCS_DIR.
  for (const entry of fs.readdirSync(docsDir)) if (entry !== 'purchase-to-pay-v2') fs.rmSync(path.join(docsDir, entry), {recursive: true});
  const {status, output} = run(['--test', 'tests/unit/examples.test.mjs'], {SETU_DOCS_DIR: docsDir});
  assert.equal(status, 1, output);
  const page = path.join(docsDir, 'purchase-to-pay-v2/Timecard.mdx');
  assert.ok(output.includes(`${page}:173: example does not match Timecard`), output);
  assert.match(output, /\/period\/datePeriod: must have required property 'end'/, output);
  assert.match(output, /^# fail 2$/m, output);
  assert.ok(output.includes(`${page}:${wrongButValid}: Valid`), output);
});

test('a Mermaid diagram with a syntax error stops render-diagrams (run before every build), naming file:line', () => {
  // A sequence diagram whose third line has no message text, and a block that is no diagram at all.
  let line;
  const {docsDir, file} = docsWithFault('diagram', 'planning/scenario-1.mdx', (text) => {
    const appended = appendLines(text, [
      '```mermaid',
      'sequenceDiagram',
      '    Customer->>Supplier: PlanningRequest',
      '    Supplier-->>Customer',
      '```',
      '',
      '```mermaid',
      'a picture of the process',
      '```',
    ]);
    line = appended.line;
    return appended.text;
  });
  // Only the faulty page, and a cache of its own: renders three diagrams, not all of docs/.
  for (const entry of fs.readdirSync(docsDir)) if (entry !== 'planning') fs.rmSync(path.join(docsDir, entry), {recursive: true});
  for (const entry of fs.readdirSync(path.join(docsDir, 'planning')))
    if (entry !== 'scenario-1.mdx') fs.rmSync(path.join(docsDir, 'planning', entry), {recursive: true});
  const cacheDir = path.join(tmp, 'diagram', 'cache');
  const render = () => run(['scripts/render-diagrams.mjs', '--docs-dir', docsDir, '--cache-dir', cacheDir]);
  const {status, output} = render();
  assert.equal(status, 1, output);
  assert.match(output, /2 diagram\(s\) Mermaid [\d.]+ cannot render/, output);
  // Mermaid's line 3 of the diagram is line+3 of the page; a block of no known type is named by its fence.
  assert.match(output, new RegExp(`${escape(file)}:${line + 3}: Parse error on line 3:`), output);
  assert.match(output, new RegExp(`${escape(file)}:${line + 6}: No diagram type detected`), output);
  // With the faults removed the page passes, and its good diagram, rendered in the failed run, is not rendered again.
  const faulty = fs.readFileSync(file, 'utf8');
  fs.writeFileSync(file, faulty.slice(0, faulty.indexOf('```mermaid\nsequenceDiagram')));
  const fixed = render();
  assert.equal(fixed.status, 0, fixed.output);
  assert.match(fixed.output, /1 diagrams in .*: 0 rendered, 1 from the cache/, fixed.output);
});

/** Copies specs/ and lets `edit` change the text of one spec; returns the copy's folder and the spec. */
function specsWithFault(name, specFile, edit) {
  const specsDir = path.join(tmp, name, 'specs');
  fs.cpSync(path.join(root, 'specs'), specsDir, {recursive: true});
  const file = path.join(specsDir, specFile);
  fs.writeFileSync(file, edit(fs.readFileSync(file, 'utf8')));
  return {specsDir, file};
}

test('a spec that is not valid JSON stops the reference generation (run before every build), naming file:line:column', () => {
  // Line 3 of the copy becomes `  "broken": ,`: the parser stops at the comma, column 13.
  const {specsDir, file} = specsWithFault('json', 'purchase-to-pay.json', (text) => {
    const lines = text.split('\n');
    lines.splice(2, 0, '  "broken": ,');
    return lines.join('\n');
  });
  const {status, output} = run(['src/plugins/api-reference/generate.mjs', '--check-only', '--specs-dir', specsDir]);
  assert.equal(status, 1, output);
  assert.ok(output.includes(`${file}:3:13: invalid JSON`), output);
});

test('a spec that is JSON but not valid OpenAPI stops the reference generation, naming the file and the problem', () => {
  const {specsDir, file} = specsWithFault('openapi', 'planning.json', (text) => {
    const spec = JSON.parse(text);
    delete spec.info.title;
    spec.paths['/planning/requests'].post.responses = 'none';
    return JSON.stringify(spec, null, 2);
  });
  const {status, output} = run(['src/plugins/api-reference/generate.mjs', '--check-only', '--specs-dir', specsDir]);
  assert.equal(status, 1, output);
  assert.ok(output.includes(`${file} is not a valid OpenAPI document`), output);
  assert.match(output, /title/, output);
  // The unchanged copies pass the same check.
  assert.equal(run(['src/plugins/api-reference/generate.mjs', '--check-only', '--specs-dir', path.join(root, 'specs')]).status, 0);
});

test('the Docusaurus config keeps onBrokenMarkdownLinks: "throw" (a broken page link fails the build)', async () => {
  // Loaded the way Docusaurus loads it.
  const config = await loadFreshModule(path.join(root, 'docusaurus.config.ts'));
  assert.equal((config.default ?? config).markdown?.hooks?.onBrokenMarkdownLinks, 'throw');
});
