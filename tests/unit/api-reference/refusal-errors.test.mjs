// The answer panel's reading of a sandbox refusal (src/plugins/api-reference/runtime/refusal-errors.mjs) against what
// the sandbox's handler writes, and its links (refusal-links.mjs) against the validator page's for the same body
// (validate-text.mjs): a JSON and an XML Timecard, and a planning line body, whose form the validator chooses. Its
// reading of the warnings and notes of a body the sandbox stored (validator-findings.mjs) against the sandbox's headers
// (findings.mjs), and their links.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {apisWithReference} from '../../../src/data/registry.mjs';
import {sandboxApiOf} from '../../../src/plugins/sandbox/handlers/operations.mjs';
import {createSandbox} from '../../../src/plugins/sandbox/handlers/handler.mjs';
import {memoryStore} from '../../../src/plugins/sandbox/handlers/store.mjs';
import {validateText} from '../../../src/plugins/validator/engine/validate-text.mjs';
import {examples} from '../../../generated/validator/examples.mjs';
import {readSpec} from '../../../src/build/specs.mjs';
import {parseRefusal} from '../../../src/plugins/api-reference/runtime/refusal-errors.mjs';
import {refusalLinks, warningLinks} from '../../../src/plugins/api-reference/runtime/refusal-links.mjs';
import {parseFindings} from '../../../src/plugins/api-reference/runtime/validator-findings.mjs';
import {findingHeaders} from '../../../src/plugins/sandbox/handlers/findings.mjs';

const base = '/docs/sandbox/';
const apis = apisWithReference.map((api) => sandboxApiOf(api, readSpec(api.specFile)));
const sandbox = createSandbox({apis, store: memoryStore(), base});

/** @param {string} method @param {string} path @param {string} body @param {Record<string, string>} headers */
async function send(method, path, body, headers) {
  const response = await sandbox.handle(new Request(`http://sandbox.test${base}${path}`, {method, body, headers}));
  return {status: response.status, location: response.headers.get('location'), text: await response.text()};
}

const exampleOf = (/** @type {string} */ type) => {
  const found = examples.find((e) => e.type === type);
  assert.ok(found, `an example of ${type}`);
  return found;
};

/**
 * Sends a body the sandbox refuses and checks that the panel reads each of its errors as the validator reports it,
 * and links each where the validator page links it.
 * @param {{path: string, text: string, format: 'json' | 'xml', type: string, version?: string}} c
 */
async function checkRefusal({path, text, format, type, version = '2.0'}) {
  const headers = {setuVersionId: version, 'Content-Type': `application/${format}`};
  const answer = await send('POST', path, text, headers);
  assert.equal(answer.status, 400, answer.text);
  const refusal = parseRefusal(answer.text);
  const verdict = validateText(text, type, {format});
  assert.ok(refusal, `the panel reads the refusal: ${answer.text}`);
  assert.equal(refusal.type, verdict.type);
  assert.ok(verdict.errors.length > 0, 'the body has errors');
  assert.deepEqual(
    refusal.errors,
    verdict.errors.slice(0, 100).map((e) => ({pointer: e.pointer, line: e.line, message: e.message})),
  );
  assert.deepEqual(refusalLinks(refusal, {format, body: text}), verdict.fieldLinks.slice(0, 100));
  assert.ok(
    verdict.fieldLinks.some((link) => link?.includes('#')),
    'some link names a field',
  );
  return {refusal, verdict};
}

test('a refused JSON Timecard: each error with its path, line and message, linked where the validator page links it', async () => {
  const message = JSON.parse(exampleOf('Timecard').text);
  message.documentId.value = 12;
  message.supplier = 'ACME';
  delete message.period;
  await checkRefusal({
    path: 'p2p/purchase-to-pay/timecard/refused-json',
    text: JSON.stringify(message, null, 2),
    format: 'json',
    type: 'Timecard',
  });
});

test('a refused XML Timecard: its errors name elements, linked as the validator page links them', async () => {
  const xml = /** @type {string} */ (exampleOf('Timecard').xml);
  const text = xml
    .replace(/<documentId>\s*<value>[^<]*<\/value>/, '<documentId><value><b/></value>')
    .replace(/<period>/, '<periodStart>')
    .replace(/<\/period>/, '</periodStart>');
  await checkRefusal({path: 'p2p/purchase-to-pay/timecard/refused-xml', text, format: 'xml', type: 'Timecard'});
});

test('a refused planning line: the links name the form of the line body that the validator chose', async () => {
  const created = await send('POST', 'planning/planning/requests', exampleOf('PlanningRequest 1.0').text, {
    setuVersionId: '1.0',
    'Content-Type': 'application/json',
  });
  assert.equal(created.status, 201, created.text);
  const id = /** @type {string} */ (created.location).split('/').at(-1);
  const lines = JSON.parse(exampleOf('RequestedSinglePlanningLine').text);
  // One error: with more, the other form of a line body may fit as well, and the validator names the first form.
  lines.singlePlanningLine[1].hours = 'four';
  const {verdict} = await checkRefusal({
    path: `planning/planning/requests/${id}/single-lines`,
    text: JSON.stringify(lines, null, 2),
    format: 'json',
    type: 'PlanningRequestLine',
    version: '1.0',
  });
  assert.deepEqual(verdict.fieldLinks, [
    '/docs/messages/planning/1.0/PlanningRequestLine#(RequestedSinglePlanningLine).singlePlanningLine[].hours',
  ]);
});

/** The headers of an answer as the theme's store holds them (`Object.fromEntries(response.headers)`: lower case). */
const lowerCased = (/** @type {Record<string, string>} */ headers) =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));

test("the panel reads each warning and note as the sandbox's headers write them: path, line, column, the words", () => {
  const tricky = 'A `value` "quoted", with \\ a backslash, (parentheses), [brackets] and a dash \u2014 here.';
  const headers = findingHeaders({
    warnings: [
      {message: `BR 292: ${tricky}`, rule: 'BR 292', path: '/lines/0/actionCode', line: 12, column: 7},
      {message: 'No rule, no path.', line: 1, column: 1},
    ],
    notes: [{message: tricky, rule: 'BR 295'}, {message: 'No rule.'}],
  });
  const ascii = tricky.replace('\u2014', '--');
  assert.deepEqual(parseFindings(lowerCased(headers)), {
    warnings: [
      {message: `BR 292: ${ascii}`, pointer: '/lines/0/actionCode', line: 12, column: 7},
      {message: 'No rule, no path.', pointer: null, line: 1, column: 1},
    ],
    notes: [
      {message: ascii, pointer: null, line: null, column: null},
      {message: 'No rule.', pointer: null, line: null, column: null},
    ],
  });
  // Beyond 20 of a kind, the last string says how many more: read as a warning without a place.
  const many = findingHeaders({warnings: Array.from({length: 25}, (_, i) => ({message: `W${i}`, line: i + 1, column: 1})), notes: []});
  const read = /** @type {import('../../../src/plugins/api-reference/runtime/validator-findings.mjs').Findings} */ (
    parseFindings(lowerCased(many))
  );
  assert.equal(read.warnings.length, 20);
  assert.deepEqual(read.warnings.at(-1), {message: 'and 6 more', pointer: null, line: null, column: null});
  assert.equal(parseFindings({'content-type': 'application/json'}), null, 'no findings: nothing to list');
});

test('a stored planning request with actionCode (BR 292), JSON and XML: the warnings where the validator puts them, linked to the dictionary', async () => {
  const example = exampleOf('PlanningRequest 1.0');
  const message = JSON.parse(example.text);
  message.actionCode = 'POST';
  message.periodicPlanningLine[0].actionCode = 'POST';
  const json = JSON.stringify(message, null, 2);
  const xml = /** @type {string} */ (example.xml).replace('</documentId>\n', '</documentId>\n  <actionCode>POST</actionCode>\n');
  const requestMessage = {file: 'planning.json', schema: 'PlanningRequest'};
  for (const [format, text, links] of /** @type {const} */ ([
    [
      'json',
      json,
      [
        '/docs/messages/planning/1.0/PlanningRequest#actionCode',
        '/docs/messages/planning/1.0/PlanningRequest/periodicPlanningLine#periodicPlanningLine[].actionCode',
      ],
    ],
    ['xml', xml, ['/docs/messages/planning/1.0/PlanningRequest#actionCode']],
  ])) {
    const response = await sandbox.handle(
      new Request(`http://sandbox.test${base}planning/planning/requests`, {
        method: 'POST',
        body: text,
        headers: {setuVersionId: '1.0', 'Content-Type': `application/${format}`},
      }),
    );
    assert.equal(response.status, 201, await response.text());
    const findings = parseFindings(Object.fromEntries(response.headers));
    assert.ok(findings, `${format}: the answer carries findings`);
    const verdict = validateText(text, 'PlanningRequest 1.0', {format});
    assert.deepEqual(
      findings.warnings.map(({pointer, line, column}) => ({pointer, line, column})),
      verdict.warnings.map((w) => ({pointer: w.path, line: w.line, column: w.column})),
      format,
    );
    assert.ok(findings.warnings.every((w) => w.message.startsWith('BR 292: actionCode is for exchanges other than REST')));
    assert.equal(findings.notes.length, verdict.notes.length, `${format}: notes`);
    assert.deepEqual(warningLinks(findings, requestMessage, {format, body: text}), links, format);
  }
});
