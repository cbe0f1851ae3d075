// The message validator's core, as the page runs it (src/plugins/validator/engine/ with
// the code that src/plugins/validator/generate.mjs generates from specs/): it must judge exactly as the
// unit tests' own Ajv does, name the path, rule and line of each error, detect the type of every
// example, and survive hostile input.
import {test, describe} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {readSpec} from '../../../src/build/specs.mjs';
import {root} from '../../../src/build/paths.mjs';
import {messageExamples, brokenVariants} from '../lib/message-cases.mjs';
import {assertCappedErrors} from '../lib/verdicts.mjs';
import {hashSpecs} from '../../../src/plugins/validator/generate.mjs';
import {validateText} from '../../../src/plugins/validator/engine/validate-text.mjs';
import {parseJson, locatePointers, JsonSyntaxError, toPointer} from '../../../src/plugins/validator/engine/json-scanner.mjs';
import {detectType} from '../../../src/plugins/validator/engine/detect.mjs';
import {toJsonPath} from '../../../src/plugins/validator/engine/errors.mjs';
import {messageTypes, specsHash, exampleIndex} from '../../../generated/validator/catalog.mjs';
import {examples} from '../../../generated/validator/examples.mjs';
import {validators} from '../../../generated/validator/validators.mjs';
import {schemas} from '../../../generated/validator/schemas.mjs';
import {pathsUnknownTo} from '../../../src/plugins/validator/engine/check.mjs';

const pretty = (value) => JSON.stringify(value, null, 2);
const generatedDir = path.join(root, 'generated', 'validator');

const allExamples = messageExamples();
const byType = new Map(messageTypes.map((t) => [t.name, t]));

describe('generated code', () => {
  test('is generated from the current specs (npm run generate validators regenerates it)', () => {
    assert.equal(specsHash, hashSpecs(), 'generated/validator/ is stale: run `node src/plugins/validator/generate.mjs`');
  });

  test('compiles nothing at run time: no eval, new Function or require()', () => {
    const code = fs.readFileSync(path.join(generatedDir, 'validators.mjs'), 'utf8');
    assert.doesNotMatch(code, /\bnew Function\b|\beval\(|\brequire\(/);
  });

  test('covers every message type of the standards, each with an example', () => {
    const names = messageTypes.map((t) => t.name);
    for (const name of [
      'InquiryPayEquity 2.0',
      'InquiryPayEquity 1.0',
      'PlanningRequest 2.0',
      'PlanningAssignment 2.0',
      'PlanningConstraints 2.0',
      'PlanningRequest 1.0',
      'PlanningAssignment 1.0',
      'PlanningConstraints 1.0',
      'PlanningRequestLine',
      'PlanningAssignmentLine',
      'PlanningConstraintsLine',
      'RequestedPeriodicPlanningLine',
      'RequestedSinglePlanningLine',
      'AssignedPeriodicPlanningLine',
      'AssignedSinglePlanningLine',
      'PeriodicAvailabilityLine',
      'SingleAvailabilityLine',
      'StaffingOrder',
      'HumanResource',
      'Assignment',
      'Timecard',
      'TimeInterval',
      'Allowance',
      'Attachment',
    ]) {
      assert.ok(names.includes(name), `${name} missing`);
      assert.equal(typeof validators[name], 'function', `no validator for ${name}`);
      assert.ok(
        examples.some((e) => e.type === name),
        `no example of ${name}`,
      );
    }
    assert.deepEqual(
      examples
        .filter((e) => e.type === 'StaffingOrder')
        .map((e) => e.variant)
        .sort(),
      ['Order', 'RFQ'],
    );
    assert.deepEqual(
      exampleIndex.map((e) => e.type),
      examples.map((e) => e.type),
    );
  });

  test('the examples of the page are valid and each is detected as its type', () => {
    for (const e of examples) {
      const r = validateText(e.text);
      assert.equal(r.status, 'valid', `${e.type} example "${e.label}": ${r.summary}`);
      const type = byType.get(e.type);
      assert.ok(r.type === e.type || type.alternatives.includes(r.type), `${e.label}: detected ${r.type}, expected ${e.type}`);
      if (e.variant) assert.equal(r.variant, e.variant);
    }
  });
});

describe('every spec example', () => {
  test('the spec has examples of the message types', () => {
    assert.ok(allExamples.length >= 40, `only ${allExamples.length} examples`);
  });

  test('is valid for the validator, as chosen type and detected', () => {
    const failures = [];
    for (const {where, type, value} of allExamples) {
      const text = pretty(value);
      const chosen = validateText(text, type);
      if (!chosen.valid)
        failures.push(`${where} as ${type}: ${chosen.summary} ${chosen.errors.map((e) => `${e.pointer} ${e.message}`).join('; ')}`);
      const auto = validateText(text);
      if (!auto.valid) failures.push(`${where} detected as ${auto.type}: ${auto.summary}`);
    }
    assert.deepEqual(failures, []);
  });

  test('is detected as its type (or, for a oneOf line type, as the form it has), with a reason', () => {
    const failures = [];
    const count = (name, m) => (validators[name](m) ? 0 : validators[name].errors.length);
    const unknown = (name, m) => {
      const t = byType.get(name);
      return pathsUnknownTo(m, schemas[t.file][t.schema], schemas[t.file]);
    };
    for (const {where, type, value} of allExamples) {
      const d = detectType(value, messageTypes, count, unknown);
      const alternatives = byType.get(type).alternatives;
      if (d.type !== type && !alternatives.includes(d.type)) failures.push(`${where}: ${type} detected as ${d.type} (${d.reason})`);
      if (!/^has `/.test(d.reason)) failures.push(`${where}: reason "${d.reason}"`);
    }
    assert.deepEqual(failures, []);
  });

  test('the order and the request for quotation are told apart, with the telling properties as reason', () => {
    const spec = readSpec('purchase-to-pay.json');
    const order = validateText(pretty(spec.components.examples.Order.value));
    assert.equal(order.type, 'StaffingOrder');
    assert.equal(order.variant, 'Order');
    assert.equal(order.reason, 'has `orderType` and `positionProfile`');
    const rfq = validateText(pretty(spec.components.examples.RequestForQuotation.value));
    assert.equal(rfq.variant, 'RFQ');
    const assignment = validateText(pretty(spec.components.examples.Assignment.value));
    assert.equal(assignment.type, 'Assignment');
    assert.match(assignment.reason, /`assignedWorker`/);
  });
  test('the two versions of Inquiry Pay Equity are told apart, and the reason says what tells them apart', () => {
    const v2 = readSpec('gelijkwaardige-beloning-2.0.json').components.examples;
    const v1 = readSpec('gelijkwaardige-beloning.json').components.examples;
    const full = validateText(pretty(v2.InquiryPayEquityFull.value));
    assert.equal(full.valid, true, full.summary);
    assert.equal(full.type, 'InquiryPayEquity 2.0');
    assert.match(
      full.reason,
      /not InquiryPayEquity 1\.0: `versionId`.* not part of it, and it lacks `id`, which InquiryPayEquity 1\.0 requires/,
    );
    const minimal = validateText(pretty(v2.InquiryPayEquityMinimal.value));
    assert.equal(minimal.type, 'InquiryPayEquity 2.0');
    assert.match(minimal.reason, /it lacks `id`, which InquiryPayEquity 1\.0 requires/);
    const old = validateText(pretty(v1.InquiryPayEquityFull.value));
    assert.equal(old.valid, true, old.summary);
    assert.equal(old.type, 'InquiryPayEquity 1.0');
    assert.match(old.reason, /not InquiryPayEquity 2\.0: `id` is not part of it/);
    // Chosen explicitly, each version judges by its own schema: a v1.0 message is not a valid v2.0 one.
    const asV2 = validateText(pretty(v1.InquiryPayEquityFull.value), 'InquiryPayEquity 2.0');
    assert.equal(asV2.valid, false);
    assert.match(asV2.hint, /It looks more like InquiryPayEquity 1\.0/);
    assert.deepEqual(
      messageTypes.filter((t) => t.schema === 'InquiryPayEquity').map((t) => [t.name, t.version, t.standard]),
      [
        ['InquiryPayEquity 2.0', '2.0', 'Inquiry Pay Equity'],
        ['InquiryPayEquity 1.0', '1.0', 'Inquiry Pay Equity'],
      ],
    );
  });
});

describe('broken variants of the spec examples', () => {
  // The same negative cases as specs.test.mjs: each breaks one rule at one place.
  const cases = brokenVariants(allExamples);

  test('there are cases of every kind', () => {
    const kinds = new Set(cases.map((c) => c.m.kind));
    for (const kind of ['required', 'additionalProperties', 'enum', 'format', 'maxItems']) assert.ok(kinds.has(kind), `no ${kind} case`);
    assert.ok(cases.length > 200, `only ${cases.length} cases`);
  });

  test('are judged as the unit tests judge them, with the mutated path, rule and line in the error list', () => {
    const failures = [];
    for (const {where, type, m, reference} of cases) {
      const text = pretty(m.value);
      const r = validateText(text, type);
      const expectedValid = reference(m.value);
      if (r.valid !== expectedValid) {
        failures.push(`${where}: ${m.description} at ${m.path}: validator says ${r.valid}, unit-test Ajv says ${expectedValid}`);
        continue;
      }
      if (expectedValid) continue;
      const rule = {required: 'required', additionalProperties: 'unknown property'}[m.kind] ?? m.kind;
      const pointer = m.kind === 'required' ? `${m.path}/${m.key}` : m.kind === 'additionalProperties' ? `${m.path}/unknownField` : m.path;
      const hit = r.errors.find((e) => e.pointer === pointer && e.rule === rule);
      if (!hit) {
        // Under a oneOf the closest form may report the break differently; it must still be invalid, and near.
        if (!m.inChoice)
          failures.push(
            `${where}: ${m.description} at ${m.path}: no "${rule}" error at ${pointer} in ${r.errors.map((e) => `${e.pointer} ${e.rule}`).join(', ')}`,
          );
        continue;
      }
      // The line shown is where the broken thing is in the text.
      const lines = text.split('\n');
      const expectedLine =
        m.kind === 'additionalProperties'
          ? lines.findIndex((l) => l.includes('"unknownField"')) + 1
          : m.kind === 'enum'
            ? lines.findIndex((l) => l.includes('"NotAnAllowedValue"')) + 1
            : m.kind === 'format'
              ? lines.findIndex((l) => l.includes('"2025-13-45T25:61"')) + 1
              : null;
      if (expectedLine !== null && hit.line !== expectedLine)
        failures.push(`${where}: ${m.description}: line ${hit.line}, expected ${expectedLine}`);
      if (hit.line === null) failures.push(`${where}: ${m.description}: no line`);
      if (!hit.message || hit.jsonPath !== toJsonPath(pointer)) failures.push(`${where}: ${m.description}: message or JSONPath missing`);
      if (m.kind === 'enum' && !/Must be one of "/.test(hit.message))
        failures.push(`${where}: enum error does not list the allowed values: ${hit.message}`);
    }
    assert.deepEqual(failures, []);
  });
});

describe('position-tracking JSON scanner', () => {
  /** The line and column of every pointer in JSON.stringify(value, null, 2), from its layout. */
  function layout(value) {
    const out = new Map([['', {line: 1, column: 1}]]);
    let line = 1;
    const walk = (v, parts) => {
      if (!v || typeof v !== 'object') return;
      const entries = Array.isArray(v) ? v.map((x, i) => [i, x]) : Object.entries(v);
      if (entries.length === 0) return;
      for (const [k, x] of entries) {
        line++;
        out.set(toPointer([...parts, k]), {line, column: 2 * (parts.length + 1) + 1});
        walk(x, [...parts, k]);
      }
      line++;
    };
    walk(value, []);
    return out;
  }

  test('parses exactly what JSON.parse parses, to the same value', () => {
    const inputs = [
      ...examples.map((e) => e.text),
      '0',
      '-0.5e+10',
      '"\\u00e9\\n\\"\\\\\\/"',
      'true',
      'null',
      '[]',
      '{}',
      '[1,[2,[3,{}]]]',
      '{"a":{"b":[null,false,1e-7]}}',
      '"\ud83d\ude00"',
      ' \t\r\n{ "x" : 1 } \n',
    ];
    for (const text of inputs) assert.deepEqual(parseJson(text).value, JSON.parse(text), text.slice(0, 40));
    const invalid = [
      '',
      '{',
      '[1,]',
      '{"a":1,}',
      "{'a':1}",
      '{a:1}',
      '01',
      '1.',
      '.5',
      '-',
      '1e',
      '"a',
      '"\\x"',
      '"\\u12"',
      'tru',
      'nul',
      'NaN',
      '[1 2]',
      '{"a" 1}',
      '{"a":1}}',
      '{} {}',
      '"\t"',
      '// c\n1',
      '[1,,2]',
    ];
    for (const text of invalid) {
      assert.throws(() => JSON.parse(text), undefined, `JSON.parse accepts ${text}`);
      assert.throws(() => parseJson(text), JsonSyntaxError, `scanner accepts ${JSON.stringify(text)}`);
    }
  });

  test('gives the line and column of syntax errors, in words', () => {
    const at = (text) => {
      try {
        parseJson(text);
      } catch (error) {
        return `${error.line}:${error.column} ${error.message}`;
      }
      return 'parsed';
    };
    assert.match(at('{\n  "a": 1\n  "b": 2\n}'), /^3:3 Expected ',' or '}' after the property value, found '"': is a comma missing\?/);
    assert.match(at('{\n  "a": 1,\n}'), /^3:1 Trailing comma/);
    assert.match(at('{\n  "a": [1, 2\n'), /^3:1 Unexpected end of the text: the list '\[' opened at line 2, column 8 is not closed/);
    assert.match(at("{'a': 1}"), /^1:2 Property names must be in double quotes/);
    assert.match(at('{"a": "x\ny"}'), /^1:9 Unterminated string/);
    assert.match(at('{"a": 007}'), /leading zeros/);
    assert.match(at('\u0000'), /^1:1 .*NUL/);
    assert.match(at('{"a": True}'), /lower case/);
  });

  test('locates every pointer of every example on its line and column', () => {
    for (const e of examples) {
      const value = JSON.parse(e.text);
      const expected = layout(value);
      const found = locatePointers(e.text, expected.keys());
      assert.equal(found.size, expected.size, e.label);
      for (const [pointer, pos] of expected) {
        const got = found.get(pointer);
        assert.deepEqual({line: got.line, column: got.column}, pos, `${e.label} ${pointer}`);
      }
    }
  });

  test('locates pointers with escaped segments, and the last of duplicate keys', () => {
    const text = '{\n "a/b": {"~x": 1},\n "d": 1,\n "d": [0,\n  5]\n}';
    const found = locatePointers(text, ['/a~1b/~0x', '/d', '/d/1', '/missing']);
    assert.deepEqual(found.get('/a~1b/~0x'), {line: 2, column: 10, offset: 11});
    assert.equal(found.get('/d').line, 4);
    assert.equal(found.get('/d/1').line, 5);
    assert.equal(found.has('/missing'), false);
    assert.equal(parseJson(text).warnings[0].message.startsWith('Duplicate property "d"'), true);
  });

  test('10,000 and 200,000 levels of nesting neither overflow the stack nor fail', () => {
    for (const depth of [10_000, 200_000]) {
      const arrays = `${'['.repeat(depth)}${']'.repeat(depth)}`;
      assert.equal(parseJson(arrays).depth, depth);
      const objects = `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
      assert.equal(parseJson(objects).depth, depth);
      const deepest = '/a'.repeat(depth);
      assert.equal(locatePointers(objects, [deepest]).get(deepest).column, 5 * depth - 3); // the last "a" of {"a":{"a":…
    }
    assert.throws(
      () => JSON.stringify(parseJson(`${'['.repeat(200_000)}${']'.repeat(200_000)}`).value),
      RangeError,
      'a recursive walk would overflow',
    );
    const r = validateText(`${'['.repeat(10_000)}${']'.repeat(10_000)}`);
    assert.equal(r.status, 'not-object');
    const inside = validateText(`{"orderType": "Order", "comments": ${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}`);
    assert.equal(inside.status, 'invalid');
    assert.equal(inside.type, 'StaffingOrder');
    assert.equal(inside.stats.depth, 10_001);
  });

  test('__proto__ and constructor keys are own properties and pollute nothing', () => {
    const {value} = parseJson('{"__proto__": {"polluted": 1}, "constructor": {"prototype": {"polluted": 2}}, "a": {"__proto__": []}}');
    assert.equal(Object.getPrototypeOf(value), Object.prototype);
    assert.deepEqual(Object.keys(value), ['__proto__', 'constructor', 'a']);
    assert.deepEqual(Object.getOwnPropertyDescriptor(value, '__proto__').value, {polluted: 1});
    assert.equal(Array.isArray(value.a.__proto__), true);
    assert.equal(Object.getPrototypeOf(value.a), Object.prototype);
    assert.equal({}.polluted, undefined);
    assert.deepEqual(
      value,
      JSON.parse('{"__proto__": {"polluted": 1}, "constructor": {"prototype": {"polluted": 2}}, "a": {"__proto__": []}}'),
    );

    const order = JSON.parse(examples.find((e) => e.variant === 'Order').text);
    const text = pretty(order).replace(
      /^\{/,
      '{\n  "__proto__": {"polluted": "yes"},\n  "constructor": {"prototype": {"polluted": "yes"}},',
    );
    const r = validateText(text);
    assert.equal(r.type, 'StaffingOrder');
    assert.deepEqual(
      r.errors.map((e) => [e.pointer, e.rule, e.line]),
      [
        ['/__proto__', 'unknown property', 2],
        ['/constructor', 'unknown property', 3],
      ],
    );
    assert.equal({}.polluted, undefined);
    assert.equal(Object.prototype.polluted, undefined);
  });
});

describe('hostile and empty input', () => {
  test('empty, binary, syntax errors, non-objects and unknown objects each get a clear verdict', () => {
    const cases = [
      ['', 'empty', /Nothing to check/],
      [' \n\t ', 'empty', /Nothing to check/],
      ['\u0000\u0001\u0002PNG\u0000', 'binary', /binary data \(a control character at line 1, column 1\)/],
      ['\ufffd\ufffd\ufffd\ufffdJFIF', 'binary', /not JSON text/],
      ['{"a": 1', 'syntax', /^Not valid JSON, line 1, column 8: /],
      ['"text"', 'not-object', /a message is a JSON object/],
      ['[]', 'not-object', /an empty list/],
      ['42', 'not-object', /this is 42/],
      ['{}', 'unknown-type', /the object is empty/],
      ['{"foo": 1, "bar": 2}', 'unknown-type', /none of its top-level properties \(`foo` and `bar`\)/],
    ];
    for (const [text, status, summary] of cases) {
      const r = validateText(text);
      assert.equal(r.status, status, JSON.stringify(text));
      assert.equal(r.valid, false);
      assert.match(r.summary, summary);
    }
    assert.equal(validateText('{"a": 1}', 'NoSuchType').status, 'unknown-type');
    const bom = validateText(`\ufeff${examples[0].text}`);
    assert.equal(bom.valid, true);
    assert.match(bom.warnings[0].message, /byte order mark/);
  });

  test('a 5 MB message is checked, and its errors are capped but counted', () => {
    const timecard = JSON.parse(examples.find((e) => e.type === 'Timecard').text);
    const line = timecard.timeInterval[0];
    timecard.timeInterval = Array.from({length: 6000}, (_, i) => ({
      ...structuredClone(line),
      id: {value: `l-${i}`, schemeAgencyId: 'Customer'},
    }));
    let text = pretty(timecard);
    while (text.length < 5 * 1024 * 1024) {
      timecard.timeInterval.push(...timecard.timeInterval.slice(0, 2000));
      text = pretty(timecard);
    }
    const started = performance.now();
    const ok = validateText(text);
    assert.equal(ok.valid, true);
    assert.ok(performance.now() - started < 10_000);
    assertCappedErrors(validateText(text.replaceAll('"Customer"', '"customer"')));
  });

  test('a list is checked item by item, with the item index in the path', () => {
    const [a, b] = ['Order', 'RFQ'].map((v) => JSON.parse(examples.find((e) => e.variant === v).text));
    delete b.documentId;
    const r = validateText(pretty([a, b]));
    assert.equal(r.type, 'StaffingOrder');
    assert.deepEqual(
      r.errors.map((e) => [e.pointer, e.jsonPath]),
      [['/1/documentId', '$[1].documentId']],
    );
  });

  test('a forced type that does not fit names the type the message looks like', () => {
    const r = validateText(examples.find((e) => e.type === 'Timecard').text, 'HumanResource');
    assert.equal(r.valid, false);
    assert.match(r.hint, /It looks more like Timecard/);
  });

  test('a unknown property suggests the close name and lists the allowed ones', () => {
    const order = JSON.parse(examples.find((e) => e.variant === 'Order').text);
    order.documentID = order.documentId;
    delete order.documentId;
    const r = validateText(pretty(order));
    const unknown = r.errors.find((e) => e.rule === 'unknown property');
    assert.equal(unknown.pointer, '/documentID');
    assert.match(unknown.message, /Did you mean "documentId"\?/);
    assert.match(unknown.message, /Allowed here: documentId, supplier, customer, orderType/);
    assert.ok(r.errors.some((e) => e.pointer === '/documentId' && e.rule === 'required'));
  });
});
