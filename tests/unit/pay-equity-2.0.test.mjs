// Inquiry Pay Equity v2.0 (specs/gelijkwaardige-beloning-2.0.json), an OpenAPI 3.1 file: its record of the differences
// from the published 2.0.0 specification (x-deviations), each repair shown against the published form that the record
// gives back, and its two example messages.
import {test, describe} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import addFormats from 'ajv-formats';
import {readSpec, createAjv, compileSchemas, formatErrors, deref, operationsOf, examplesOf} from '../../src/build/specs.mjs';
import {revertDeviations, resolvePointer} from '../../src/build/deviations.mjs';
import {escapeToken} from '../../src/plugins/validator/engine/json-scanner.mjs';
import {root} from '../../src/build/paths.mjs';
import {dictionaryApis, messageFields} from '../../src/plugins/message-dictionary/message-dictionary.mjs';

const file = 'gelijkwaardige-beloning-2.0.json';
const spec = readSpec(file);
const deviations = spec['x-deviations'];

/** The published specification as the record gives it back, with the entries `keep` names left as they are. */
const published = (keep = () => false) => revertDeviations(spec, new Set(deviations.filter(keep)));

/** The published form with only the stand-alone `$id` kept out, so that its schemas load (as the published file does not). */
const loadablePublished = () => published((entry) => entry.at === '/components/schemas/InquiryPayEquity/$id');

/**
 * Validators of the component schemas of one form of the spec, as a stock JSON Schema 2020-12 validator with format
 * assertion judges them: ajv-formats' own `time` (an offset is required), whatever createAjv makes of that format.
 */
function validatorsOf(document) {
  const ajv = createAjv({}, '2020-12');
  addFormats(ajv, ['time']);
  const compiled = compileSchemas({[file]: document}, ajv);
  return (name) => compiled[name].validate;
}

// The form of the entries, and the schema descriptions that name them, are checked for every spec in deviations.test.mjs.
describe('x-deviations', () => {
  test('gives back the published specification: no server, no operationId, an unused 202, the stand-alone message schema', () => {
    const original = published();
    assert.equal(original.openapi, '3.1.0');
    assert.equal(original.info.version, '2.0.0');
    assert.ok(!('servers' in original), 'the published file has no servers');
    assert.ok(!('examples' in original.components), 'the published file has no example components');
    for (const {method, operation} of operationsOf(original)) {
      assert.ok(!('operationId' in operation), `${method}: the published operations have no operationId`);
      for (const r of Object.values(operation.responses)) assert.notEqual(r.$ref, '#/components/responses/202');
    }
    assert.ok(original.components.responses['202'], 'the published file defines a 202 response');
    assert.ok(!('required' in original.paths['/inquiry-pay-equity/{id}'].put.requestBody), 'the published PUT body is not marked required');
    assert.equal(
      original.paths['/inquiry-pay-equity/{id}'].delete.parameters[0].in,
      'path',
      'the published DELETE has an inline path parameter',
    );
    const message = original.components.schemas.InquiryPayEquity;
    assert.equal(message.$id, 'https://ontology.setu.nl/inquiry-pay-equity/InquiryPayEquity');
    assert.equal(message.$schema, 'https://json-schema.org/draft/2020-12/schema');
    assert.equal(Object.keys(message.definitions).length, 73);
  });
});

describe('repairs, each against the published form', () => {
  test('the message schema loads: under the published stand-alone $id its references resolve against nothing', async () => {
    const unresolvable = /can't resolve reference #\/components\/schemas\/\w+ from id https:\/\/ontology\.setu\.nl/;
    assert.throws(() => validatorsOf(published())('InquiryPayEquity'), unresolvable);
    assert.equal(typeof validatorsOf(loadablePublished())('InquiryPayEquity'), 'function', 'without the $id the published schemas load');
    assert.equal(typeof validatorsOf(spec)('InquiryPayEquity'), 'function');
    await SwaggerParser.validate(structuredClone(spec));
  });

  test('the unused definitions block is left out: nothing in the published file refers to it', () => {
    const text = JSON.stringify(published());
    assert.doesNotMatch(text, /"\$ref":"#\/components\/schemas\/InquiryPayEquity\/definitions/);
    assert.doesNotMatch(text, /"\$ref":"#\/definitions\//);
    assert.ok(!('definitions' in spec.components.schemas.InquiryPayEquity));
  });

  const ours = validatorsOf(spec);
  const theirs = validatorsOf(loadablePublished());
  const verdicts = (name, value) => ({published: theirs(name)(value), repaired: ours(name)(value)});

  test('a recurring occurrence written with recurringInterval is valid (the published schema requires "interval")', () => {
    assert.deepEqual(verdicts('Occurrence', {occurrenceType: 'Recurring', recurringInterval: 'R/P1Y'}), {published: false, repaired: true});
    assert.match(formatErrors(theirs('Occurrence').errors).join('\n'), /required property 'interval'/);
    // What the published schema demanded instead: a property it does not define.
    assert.deepEqual(verdicts('Occurrence', {occurrenceType: 'Recurring', interval: 'R/P1Y'}), {published: true, repaired: false});
  });

  test('a single occurrence takes every published form: a date, a year-month and a date-time', () => {
    const single = (date) => ({occurrenceType: 'Single', date});
    // The published examples are a date and a year-month; its format is a date-time.
    for (const date of ['2026-12-15', '2024-07-01', '2024-07']) {
      assert.deepEqual(verdicts('Single', single(date)), {published: false, repaired: true}, date);
    }
    for (const date of ['2026-12-15T09:00:00Z', '2026-12-15T09:00:00+01:00', '2024-07-01T00:00:00.5-05:30']) {
      assert.deepEqual(
        verdicts('Single', single(date)),
        {published: true, repaired: true},
        `${date}: what the published format accepts stays valid`,
      );
    }
    for (const date of [
      '2026-13-01',
      '2024-7',
      '2024-13',
      '2024',
      '15-12-2026',
      '2026-12-15 09:00',
      '2026-12-15T09:00:00',
      'December 2026',
      '',
    ]) {
      assert.deepEqual(verdicts('Single', single(date)), {published: false, repaired: false}, date);
    }
  });

  test('a relative occurrence may lie before its event (the published format: duration allows no sign)', () => {
    const relative = (offset) => ({occurrenceType: 'Relative', event: 'ContractEnd', offset});
    assert.deepEqual(verdicts('Relative', relative('-P2M')), {published: false, repaired: true});
    for (const offset of ['P1M', 'P52W', 'P0D', 'PT0S', 'P1Y2M10DT2H30M']) {
      assert.deepEqual(verdicts('Relative', relative(offset)), {published: true, repaired: true}, offset);
    }
    for (const offset of ['two months', 'P', '-P', 'PT', 'P1M2W', '+P1M', '--P1M']) {
      assert.deepEqual(verdicts('Relative', relative(offset)), {published: false, repaired: false}, offset);
    }
  });

  test('a time window takes local clock times, and every time the published type accepts stays valid', () => {
    const window = (start, end) => ({start, end});
    assert.deepEqual(verdicts('TimePeriod', window('18:00:00', '23:59:59')), {published: false, repaired: true});
    assert.deepEqual(verdicts('TimePeriod', window('06:30:00.5', '07:00:00')), {published: false, repaired: true});
    for (const time of ['18:00:00Z', '18:00:00z', '18:00:00+01:00', '18:00:00+0100', '18:00:00+01', '06:30:00.250-05:30', '23:59:60Z']) {
      assert.deepEqual(verdicts('TimePeriod', window(time, time)), {published: true, repaired: true}, time);
    }
    for (const time of ['18:00', '24:00:00', '18:60:00', '6:00:00', '18:00:00+1:00', 'T18:00:00Z']) {
      assert.deepEqual(verdicts('TimePeriod', window(time, time)), {published: false, repaired: false}, time);
    }
  });

  test('DELETE takes the shared id path parameter, which is the published inline one', () => {
    const entry = deviations.find((d) => d.at.includes('/delete/parameters/'));
    const shared = deref(spec, spec.paths['/inquiry-pay-equity/{id}'].delete.parameters[0]);
    assert.equal(spec.paths['/inquiry-pay-equity/{id}'].delete.parameters[0].$ref, '#/components/parameters/ResourceIdentifier');
    for (const key of ['name', 'in', 'required', 'schema']) assert.deepEqual(shared[key], entry.published[key], key);
  });

  test('PUT requires its body, and no operation answers 202 (defined, as published, and used nowhere)', () => {
    assert.equal(spec.paths['/inquiry-pay-equity/{id}'].put.requestBody.required, true);
    assert.match(spec.components.responses['202'].description, /Not supported by the standard/);
    for (const {operation} of operationsOf(spec)) assert.ok(!('202' in operation.responses));
  });
});

describe('example messages', () => {
  const validate = validatorsOf(spec)('InquiryPayEquity');
  const {InquiryPayEquityFull: full, InquiryPayEquityMinimal: minimal} = spec.components.examples;

  /** Every object in a value, with its JSON Pointer. */
  function* objectsOf(value, pointer = '') {
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) yield* objectsOf(value[i], `${pointer}/${i}`);
    } else if (value && typeof value === 'object') {
      yield [value, pointer];
      for (const [key, child] of Object.entries(value)) yield* objectsOf(child, `${pointer}/${escapeToken(key)}`);
    }
  }

  test('both messages are valid and are the examples of the PUT request, the 200 and 201 responses and the GET response', () => {
    for (const {summary, value} of [full, minimal]) {
      if (!validate(value)) assert.fail(`${summary}:\n${formatErrors(validate.errors).join('\n')}`);
    }
    const messageExamples = examplesOf(spec).filter((e) => e.schema.$ref === '#/components/schemas/InquiryPayEquity');
    const bodies = [
      'PUT /inquiry-pay-equity/{id} request',
      'PUT /inquiry-pay-equity/{id} response 200',
      'PUT /inquiry-pay-equity/{id} response 201',
    ];
    for (const where of [...bodies, 'GET /inquiry-pay-equity/{id} response 200']) {
      const values = messageExamples.filter((e) => e.where.startsWith(where)).map((e) => e.value);
      assert.deepEqual(values, [full.value, minimal.value], where);
    }
    const errorExamples = examplesOf(spec).filter((e) => e.schema.$ref === '#/components/schemas/error-object');
    assert.ok(errorExamples.length >= 5);
  });

  test('the full message fills every block of the message and uses every condition type and each occurrence type in a condition', () => {
    assert.deepEqual(Object.keys(full.value), Object.keys(spec.components.schemas.InquiryPayEquity.properties));
    const conditionTypes = new Set();
    const occurrenceTypesInConditions = new Set();
    for (const [object] of objectsOf(full.value)) {
      if (typeof object.conditionType === 'string') conditionTypes.add(object.conditionType);
      if (object.conditionType === 'Occurrence') occurrenceTypesInConditions.add(object.occurrence.occurrenceType);
    }
    assert.deepEqual([...conditionTypes].sort(), Object.keys(spec.components.schemas.Condition.discriminator.mapping).sort());
    assert.deepEqual([...occurrenceTypesInConditions].sort(), Object.keys(spec.components.schemas.Occurrence.discriminator.mapping).sort());
    const text = JSON.stringify(full.value);
    for (const needle of ['"leaveDayValue"', '"ikbReference"', '"weekday"', '"timePeriod"', '"datePeriod"', '"offset":"-P']) {
      assert.ok(text.includes(needle), `the full message has no ${needle}`);
    }
  });

  test('the minimal message holds only what is required: without any one of its properties it is invalid', () => {
    let removed = 0;
    for (const [object, pointer] of objectsOf(minimal.value)) {
      for (const key of Object.keys(object)) {
        const copy = structuredClone(minimal.value);
        const {parent} = resolvePointer(copy, `${pointer}/${key}`);
        delete parent[key];
        assert.equal(validate(copy), false, `${pointer}/${key} is not required`);
        removed++;
      }
    }
    assert.ok(removed > 10);
  });

  test('respect what the schema leaves open: weekdays with a value, conditions and occurrences with their own properties only', () => {
    const schemas = spec.components.schemas;
    const membersOf = (union) =>
      Object.fromEntries(Object.entries(schemas[union].discriminator.mapping).map(([value, ref]) => [value, deref(spec, {$ref: ref})]));
    const conditions = membersOf('Condition');
    const occurrences = membersOf('Occurrence');
    for (const {value} of [full, minimal]) {
      for (const [object, pointer] of objectsOf(value)) {
        const member = conditions[object.conditionType] ?? occurrences[object.occurrenceType];
        if (member) {
          for (const key of Object.keys(object)) assert.ok(key in member.properties, `${pointer}: "${key}" is not a property of its type`);
        }
        if (pointer.match(/\/weekday\/\d+$/)) assert.ok('value' in object, `${pointer}: weekday without a value`);
      }
    }
  });
});

describe('the release notes page', () => {
  test('names every code value of the schema that is not PascalCase, and no other', () => {
    const values = new Set();
    const visit = (node) => {
      if (Array.isArray(node)) return node.forEach(visit);
      if (!node || typeof node !== 'object') return;
      for (const v of node.enum ?? []) values.add(v);
      if (node.const !== undefined) values.add(node.const);
      for (const [key, child] of Object.entries(node)) if (!['enum', 'const', 'examples', 'example', 'default'].includes(key)) visit(child);
    };
    visit(spec.components.schemas);
    const pascal = /^([A-Z][a-z0-9]+)+$/;
    const notPascal = [...values].filter((v) => typeof v === 'string' && !pascal.test(v));
    const page = fs.readFileSync(path.join(root, 'docs', 'gelijkwaardige-beloning', '2.0', 'release-notes.mdx'), 'utf8');
    const sentence = /Most values are PascalCase, not all: ([^\n]*?) are written as they are\./.exec(page)?.[1];
    assert.ok(sentence, 'the release notes no longer list the values that are not PascalCase');
    const named = [...sentence.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
    const covers = (v) => named.some((n) => (n.endsWith('…') ? v.startsWith(n.slice(0, -1)) : v === n));
    for (const v of notPascal) assert.ok(covers(v), `${v} is not PascalCase, but the release notes do not name it`);
    for (const n of named) {
      const matching = [...values].filter((v) => (n.endsWith('…') ? v.startsWith(n.slice(0, -1)) : v === n));
      assert.ok(matching.length, `the release notes name ${n}, which is no code value of the schema`);
    }
  });
});

describe('the conditions page', () => {
  test('counts the places that hold a list of conditions, and names each of their blocks', () => {
    const api = dictionaryApis().find((a) => a.specFile === file);
    const lists = messageFields(api, 'InquiryPayEquity')
      .entries.map((e) => e.path)
      .filter((p) => p.endsWith('.conditions[]') && !p.includes('('));
    const page = fs.readFileSync(path.join(root, 'docs', 'gelijkwaardige-beloning', '2.0', 'usage-notes', 'conditions.mdx'), 'utf8');
    const section = page.slice(page.indexOf('{#where}'), page.indexOf('{#condition-types}'));
    assert.equal(Number(/There are (\d+) places/.exec(section)?.[1]), lists.length, 'the number of places on the page');
    // Each list's innermost block (`salaryStep`, `line`, `paidLeave`, `waitingDays` …) and its arrangement are named.
    for (const p of lists) {
      const blocks = p.replace(/\[\]/g, '').split('.').slice(0, -1);
      for (const block of [blocks[0], blocks.at(-1)]) assert.ok(section.includes(block), `${p}: the page does not name ${block}`);
    }
  });
});
