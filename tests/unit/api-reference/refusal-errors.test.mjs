// The answer panel's reading of a sandbox refusal (src/plugins/api-reference/runtime/refusal-errors.mjs) against what
// the sandbox's handler writes, and its links (refusal-links.mjs) against the validator page's for the same body
// (validate-text.mjs): a JSON and an XML Timecard, and a planning line body, whose form the validator chooses.
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
import {refusalLinks} from '../../../src/plugins/api-reference/runtime/refusal-links.mjs';

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
