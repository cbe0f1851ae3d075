// The business rules of Planning and Scheduling v1.0 (BR 282-295) in the validator: every rule kept
// and broken, in JSON and in XML, reported with its number and words at the element it concerns; the
// rules' data (src/data/planning-business-rules.json) consistent with the checks, the generated
// code, the schemas' descriptions in specs/planning.json and the rules SETU's Schematron files put each message
// under; and the verdict's statement of which rules apply.
import {test, describe} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {root} from '../../../src/build/paths.mjs';
import {readSpec} from '../../../src/build/specs.mjs';
import {validateText, validateWith, generatedDeps} from '../../../src/plugins/validator/engine/validate-text.mjs';
import {schematronRulesOf, rulesFor} from '../../../src/build/published-forms.mjs';
import {numberWords} from '../../../src/plugins/validator/engine/rules-statement.mjs';
import {ruleChecks, checkRules} from '../../../src/plugins/validator/engine/rules.mjs';
import {locatePointers} from '../../../src/plugins/validator/engine/json-scanner.mjs';
import {elementPath} from '../../../src/plugins/validator/engine/xml-model.mjs';
import {valueAt} from '../../../src/plugins/validator/engine/errors.mjs';
import {businessRules} from '../../../generated/validator/rules.mjs';
import {examples} from '../../../generated/validator/examples.mjs';
import {messageTypes} from '../../../generated/validator/catalog.mjs';
import {toXml, placeOf} from '../lib/xml-layout.mjs';

const data = JSON.parse(fs.readFileSync(path.join(root, 'src', 'data', 'planning-business-rules.json'), 'utf8'));
const pretty = (value) => JSON.stringify(value, null, 2);
const example = (type) => JSON.parse(examples.find((e) => e.type === type).text);
const byName = new Map(messageTypes.map((t) => [t.name, t]));
const ruleOf = (n) => data.rules.find((r) => r.number === n);
const ref = (id) => ({lineId: {value: id, schemeAgencyId: 'Customer'}});

/** BR 287 on the first single line: an exception line with and without the reference to its periodic line. */
const exceptionLine = {
  keep: (m) => (
    (m.singlePlanningLine[0].singlePlanningType = 'Exception'),
    (m.singlePlanningLine[0].periodicPlanningLineReference = ref('L-1'))
  ),
  broken: (m) => ((m.singlePlanningLine[0].singlePlanningType = 'Exception'), delete m.singlePlanningLine[0].periodicPlanningLineReference),
  at: '/singlePlanningLine/0',
};

/**
 * One case per rule: a message that keeps the rule (in a way the rule allows, not only the example as it is)
 * and one that breaks it, with the JSON pointer of the element the break concerns.
 */
const cases = [
  {
    n: 282,
    type: 'PlanningConstraints 1.0',
    keep: (m) => delete m.periodicAvailabilityLine,
    broken: (m) => (delete m.periodicAvailabilityLine, delete m.singleAvailabilityLine),
    at: '',
  },
  {
    n: 283,
    type: 'PlanningConstraints 1.0',
    keep: () => {},
    broken: (m) => delete m.singleAvailabilityLine[0].periodicAvailabilityLineReference,
    at: '/singleAvailabilityLine/0',
  },
  {
    n: 284,
    type: 'PlanningConstraints 1.0',
    keep: (m) => (
      (m.singleAvailabilityLine[0].singleAvailabilityType = 'Occasional'),
      delete m.singleAvailabilityLine[0].periodicAvailabilityLineReference
    ),
    broken: (m) => (m.singleAvailabilityLine[0].singleAvailabilityType = 'Occasional'),
    at: '/singleAvailabilityLine/0/periodicAvailabilityLineReference',
  },
  {
    n: 285,
    type: 'PlanningRequest 1.0',
    keep: (m) => delete m.periodicPlanningLine,
    broken: (m) => (delete m.periodicPlanningLine, delete m.singlePlanningLine),
    at: '',
  },
  {
    n: 285,
    type: 'PlanningAssignment 1.0',
    keep: (m) => delete m.singlePlanningLine,
    broken: (m) => (delete m.periodicPlanningLine, delete m.singlePlanningLine),
    at: '',
  },
  {
    n: 286,
    type: 'PlanningRequest 1.0',
    keep: (m) => (m.periodicPlanningLine[0].breaks = [{paidOrUnpaid: 'Paid', breakTrigger: {hours: 4, breakDuration: '00:15:00+01:00'}}]),
    broken: (m) => (m.periodicPlanningLine[0].breaks[0].breakTrigger = {hours: 4, breakDuration: '00:15:00+01:00'}),
    at: '/periodicPlanningLine/0/breaks/0',
    words: /both/,
  },
  {
    n: 286,
    type: 'PlanningAssignment 1.0',
    keep: () => {},
    broken: (m) => delete m.periodicPlanningLine[0].breaks[0].endTime,
    at: '/periodicPlanningLine/0/breaks/0',
    words: /only one of startTime and endTime/,
  },
  {
    n: 286,
    type: 'RequestedPeriodicPlanningLine',
    keep: () => {},
    broken: (m) => (m.periodicPlanningLine[0].breaks = [{paidOrUnpaid: 'Paid'}]),
    at: '/periodicPlanningLine/0/breaks/0',
    words: /neither/,
  },
  {
    n: 287,
    type: 'PlanningRequest 1.0',
    ...exceptionLine,
  },
  {
    n: 287,
    type: 'AssignedSinglePlanningLine',
    ...exceptionLine,
  },
  {
    n: 288,
    type: 'PlanningAssignment 1.0',
    keep: (m) => (
      (m.singlePlanningLine[0].singlePlanningType = 'Occasional'),
      delete m.singlePlanningLine[0].periodicPlanningLineReference
    ),
    broken: (m) => (
      (m.singlePlanningLine[0].singlePlanningType = 'Occasional'),
      (m.singlePlanningLine[0].periodicPlanningLineReference = ref('L-1'))
    ),
    at: '/singlePlanningLine/0/periodicPlanningLineReference',
  },
  {
    n: 289,
    type: 'PlanningRequest 1.0',
    keep: (m) => (m.singlePlanningLine[0].breaks = [{paidOrUnpaid: 'Paid', breakTrigger: {hours: 4, breakDuration: '00:15:00+01:00'}}]),
    broken: (m) => (m.singlePlanningLine[0].breaks[0].breakTrigger = {hours: 4, breakDuration: '00:15:00+01:00'}),
    at: '/singlePlanningLine/0/breaks/0',
  },
  {
    n: 290,
    type: 'PlanningRequest 1.0',
    keep: (m) => (m.customer = {taxId: m.customer.taxId}),
    broken: (m) => (m.customer = {}),
    at: '/customer',
  },
  {
    n: 290,
    type: 'PlanningConstraints 1.0',
    keep: (m) => (m.supplier = {legalId: m.supplier.legalId}),
    broken: (m) => (m.supplier = {}),
    at: '/supplier',
  },
  {
    n: 291,
    type: 'PlanningAssignment 1.0',
    keep: (m) => (delete m.positionProfile.positionPeriod, delete m.periodicPlanningLine),
    broken: (m) => delete m.positionProfile.positionPeriod,
    at: '/positionProfile',
  },
  {
    n: 293,
    type: 'PlanningAssignment 1.0',
    keep: (m) => ((m.assignedWorker.assignedStatus = false), delete m.assignedWorker.workerId),
    broken: (m) => delete m.assignedWorker.workerId,
    at: '/assignedWorker',
  },
  {
    n: 294,
    type: 'PlanningRequest 1.0',
    keep: (m) => delete m.positionProfile.positionId,
    broken: (m) => (delete m.positionProfile.positionId, delete m.positionProfile.positionTask),
    at: '/positionProfile',
  },
  {
    n: 294,
    type: 'PlanningAssignment 1.0',
    keep: (m) => delete m.positionProfile.positionTask,
    broken: (m) => (delete m.positionProfile.positionId, delete m.positionProfile.positionTask),
    at: '/positionProfile',
  },
];

/** The message of a case, as JSON and as XML, with the verdict of each and where the break should be reported. */
function run(c, mutate) {
  const message = example(c.type);
  mutate(message);
  const json = pretty(message);
  const xml = toXml(message, c.type);
  const isList = (p) => Array.isArray(valueAt(message, p));
  return {
    json: {text: json, result: validateText(json), pointer: c.at, place: locatePointers(json, new Set([c.at])).get(c.at)},
    xml: {text: xml, result: validateText(xml), pointer: elementPath(c.at, byName.get(c.type).xml.root, isList)},
  };
}

describe('every business rule that one message can show', () => {
  test('has a case, kept and broken, for every rule with a check', () => {
    const checked = data.rules.filter((r) => r.check).map((r) => r.number);
    assert.deepEqual([...new Set(cases.map((c) => c.n).concat(292))].sort(), checked.sort());
  });

  for (const c of cases) {
    test(`BR ${c.n} on ${c.type}: kept, and broken at ${c.at || 'the message'}, in JSON and in XML`, () => {
      const rule = `BR ${c.n}`;
      const kept = run(c, c.keep);
      for (const [format, {result}] of Object.entries(kept)) {
        assert.equal(result.format, format);
        assert.deepEqual(
          result.errors.filter((e) => e.rule.startsWith('BR ')).map((e) => e.message),
          [],
          `${format}: kept`,
        );
        assert.equal(
          result.valid,
          true,
          `${format}: ${result.summary} ${result.errors.map((e) => `${e.pointer} ${e.message}`).join('; ')}`,
        );
      }
      const broken = run(c, c.broken);
      for (const [format, {text, result, pointer, place}] of Object.entries(broken)) {
        assert.equal(result.valid, false, `${format}: broken ${rule} not reported`);
        assert.equal(result.type, c.type);
        // The schema still holds: the rule is the only thing broken.
        assert.deepEqual(
          result.errors.map((e) => e.rule),
          [rule],
          `${format}: ${result.errors.map((e) => `${e.rule} ${e.pointer} ${e.message}`).join('; ')}`,
        );
        const [error] = result.errors;
        assert.equal(error.pointer, pointer, format);
        assert.ok(error.message.startsWith(`${rule}: ${ruleOf(c.n).rule}`), error.message);
        if (c.words) assert.match(error.message, c.words);
        const expected = format === 'json' ? place : placeOf(text, pointer);
        assert.ok(expected, `${format}: ${pointer} not in the text`);
        assert.deepEqual(
          {line: error.line, column: error.column},
          {line: expected.line, column: expected.column},
          `${format}: place of ${pointer}`,
        );
        assert.match(result.summary, /and the business rules/);
      }
    });
  }

  test('the wording of the rule as the page states it: BR 287 names the reference the exception line lacks', () => {
    const {json} = run(
      cases.find((c) => c.n === 287),
      cases.find((c) => c.n === 287).broken,
    );
    assert.match(
      json.result.errors[0].message,
      /^BR 287: a single planning line of type Exception must refer to its periodic line \(periodicPlanningLineReference\)/,
    );
  });

  test('a line wrapper chosen as the type is checked as the form the body has', () => {
    const c = cases.find((x) => x.type === 'AssignedSinglePlanningLine');
    const message = example(c.type);
    c.broken(message);
    for (const text of [pretty(message), toXml(message, c.type)]) {
      const r = validateText(text, 'PlanningAssignmentLine');
      assert.deepEqual(
        r.errors.map((e) => e.rule),
        ['BR 287'],
      );
    }
  });
});

describe('BR 292, BR 291 as published and BR 295: warnings and notes, not errors', () => {
  test('BR 292: every actionCode of a message and its lines is a warning at its element; the message stays valid', () => {
    // The example carries no action code (every example of the site draws no warning): the message and each line get one.
    const message = example('PlanningConstraints 1.0');
    message.actionCode = 'POST';
    for (const k of ['periodicAvailabilityLine', 'singleAvailabilityLine']) for (const line of message[k]) line.actionCode = 'POST';
    const codes = [
      '/actionCode',
      ...['periodicAvailabilityLine', 'singleAvailabilityLine'].flatMap((k) => message[k].map((_, i) => `/${k}/${i}/actionCode`)),
    ];
    const json = pretty(message);
    const xml = toXml(message, 'PlanningConstraints 1.0');
    for (const [format, text] of [
      ['json', json],
      ['xml', xml],
    ]) {
      const r = validateText(text);
      assert.equal(r.valid, true, `${format}: ${r.summary}`);
      const warnings = r.warnings.filter((w) => w.rule === 'BR 292');
      assert.equal(warnings.length, codes.length, format);
      assert.ok(warnings.every((w) => w.message.startsWith(`BR 292: ${ruleOf(292).rule}`)));
      const first =
        format === 'json'
          ? locatePointers(json, new Set(['/actionCode'])).get('/actionCode')
          : placeOf(xml, '/PlanningConstraints/actionCode');
      assert.equal(warnings[0].line, first.line);
    }
    for (const k of ['periodicAvailabilityLine', 'singleAvailabilityLine']) for (const line of message[k]) delete line.actionCode;
    delete message.actionCode;
    assert.deepEqual(validateText(pretty(message)).warnings, []);
    assert.deepEqual(validateText(toXml(message, 'PlanningConstraints 1.0')).warnings, []);
  });

  test('BR 291: a PlanningRequest without periodic lines and without positionPeriod gets a warning (the published test), not an error (the title)', () => {
    const message = example('PlanningRequest 1.0');
    delete message.periodicPlanningLine;
    delete message.positionProfile.positionPeriod;
    for (const text of [pretty(message), toXml(message, 'PlanningRequest 1.0')]) {
      const r = validateText(text);
      assert.equal(r.valid, true, r.summary);
      const warning = r.warnings.find((w) => w.rule === 'BR 291');
      assert.ok(warning, 'no BR 291 warning');
      assert.match(warning.message, /published test/);
    }
    const withLines = example('PlanningRequest 1.0');
    delete withLines.positionProfile.positionPeriod;
    assert.deepEqual(
      validateText(pretty(withLines)).errors.map((e) => e.rule),
      ['BR 291'],
    );
  });

  test('BR 295 is a note on PlanningRequest and PlanningAssignment (a replacement cannot be judged alone), not on other messages', () => {
    for (const type of ['PlanningRequest 1.0', 'PlanningAssignment 1.0']) {
      const r = validateText(pretty(example(type)));
      assert.equal(r.valid, true);
      // Beside the notes on our repairs of the published schema (deviations.test.mjs).
      const notes = r.notes.filter((n) => !n.repair);
      assert.deepEqual(
        notes.map((n) => n.rule),
        ['BR 295'],
        type,
      );
      assert.match(notes[0].message, /PUT/);
    }
    assert.deepEqual(validateText(pretty(example('PlanningConstraints 1.0'))).notes, []);
    assert.deepEqual(validateText(examples.find((e) => e.type === 'Timecard').text).notes, []);
  });

  test("rules of one standard never fire on another standard's messages", () => {
    for (const e of examples.filter((x) => byName.get(x.type).file !== 'planning.json')) {
      const r = validateText(e.text);
      assert.deepEqual(
        [...r.errors, ...r.warnings].filter((x) => /^BR /.test(x.rule ?? '')),
        [],
        e.type,
      );
    }
  });

  test('checks are defensive: a message of the wrong shape breaks the schema, never the checker', () => {
    for (const m of [
      {},
      {positionProfile: 'x', customer: [], singlePlanningLine: 'x', periodicPlanningLine: [null, 1, {breaks: 'x'}]},
      {assignedWorker: null},
    ]) {
      for (const rule of data.rules) assert.doesNotThrow(() => checkRules(rule.messages[0], m, [rule]));
    }
  });
});

describe('the rules as data', () => {
  test('fourteen rules, BR 282 to BR 295, each once, with words and a severity', () => {
    assert.deepEqual(
      data.rules.map((r) => r.number),
      Array.from({length: 14}, (_, i) => 282 + i),
    );
    for (const r of data.rules) {
      assert.ok(r.rule.length > 20 && r.where.length > 5, `BR ${r.number}`);
      assert.ok(['error', 'warning', 'note'].includes(r.severity));
      assert.equal(r.check === null, r.severity === 'note', `BR ${r.number}: only a note has no check`);
    }
    assert.deepEqual(
      data.rules.filter((r) => r.severity === 'warning').map((r) => r.number),
      [292],
    );
    assert.deepEqual(
      data.rules.filter((r) => r.severity === 'note').map((r) => r.number),
      [295],
    );
  });

  test('every check of the core is used by one rule, and the generated rules are this file', () => {
    assert.deepEqual(
      Object.keys(ruleChecks).sort(),
      data.rules
        .map((r) => r.check)
        .filter(Boolean)
        .sort(),
    );
    // The validator names the v1.0 messages with their version, as v2.0 shares their names (`PlanningRequest 1.0`).
    const versioned = (m) => (byName.has(`${m} 1.0`) ? `${m} 1.0` : m);
    assert.deepEqual(
      businessRules['planning.json'],
      data.rules.map((r) => ({...r, messages: r.messages.map(versioned)})),
    );
  });

  test('each planning message schema names exactly the rules that apply to it, with a link to the rules page', () => {
    const spec = readSpec('planning.json');
    for (const type of messageTypes.filter((t) => t.file === 'planning.json')) {
      const forms = type.alternatives.length > 0 ? type.alternatives : [type.schema];
      const expected = data.rules.filter((r) => forms.some((f) => r.messages.includes(f))).map((r) => r.number);
      const description = spec.components.schemas[type.schema].description;
      const named = [...description.matchAll(/\bBR (\d{3})\b/g)].map((m) => Number(m[1]));
      assert.deepEqual(named, expected, type.name);
      assert.match(description, /\(\/docs\/planning\/business-rules\)/, type.name);
    }
  });

  test('each request body that carries a planning message names the same rules (the API reference shows body descriptions)', () => {
    const spec = readSpec('planning.json');
    let bodies = 0;
    for (const item of Object.values(spec.paths)) {
      for (const operation of [item.post, item.put].filter((o) => o?.requestBody)) {
        const name = operation.requestBody.content['application/json'].schema.$ref.replace('#/components/schemas/', '');
        const numbers = (text) => [...text.matchAll(/\bBR (\d{3})\b/g)].map((m) => m[1]);
        assert.deepEqual(
          numbers(operation.requestBody.description),
          numbers(spec.components.schemas[name].description),
          operation.operationId,
        );
        assert.match(operation.requestBody.description, /\(\/docs\/planning\/business-rules\)/);
        bodies++;
      }
    }
    assert.equal(bodies, 15);
  });
});

describe('Planning and Scheduling v2.0: the v1.0 rules, checked as warnings, and what is not checked', () => {
  const data2 = JSON.parse(fs.readFileSync(path.join(root, 'src', 'data', 'planning-2.0-business-rules.json'), 'utf8'));
  const rules2 = businessRules['planning-2.0.json'];

  test('every v1.0 rule is named for v2.0: the checked ones as warnings on the v2.0 messages, BR 292 and BR 295 with the reason they are not', () => {
    assert.deepEqual(
      rules2.map((r) => r.number),
      data.rules.map((r) => r.number),
    );
    for (const r of rules2) {
      assert.ok(r.messages.length > 0 && r.messages.every((m) => / 2\.0$/.test(m)), `BR ${r.number}: ${r.messages}`);
      if (r.check) {
        assert.equal(r.severity, 'warning', `BR ${r.number}`);
        assert.equal(r.check, ruleOf(r.number).check);
        assert.ok(r.rule.startsWith(ruleOf(r.number).rule) && r.rule.endsWith(`(${data2.checkedAs})`), r.rule);
      } else assert.match(r.unchecked, /REST API/, `BR ${r.number}`);
    }
    assert.deepEqual(
      rules2.filter((r) => !r.check).map((r) => r.number),
      [292, 295],
    );
  });

  test('a v2.0 message that breaks a rule gets a warning, not an error, in JSON and in XML; the unchecked rules are notes that say why', () => {
    const message = example('PlanningRequest 2.0');
    delete message.periodicPlanningLine;
    delete message.singlePlanningLine;
    for (const text of [pretty(message), toXml(message, 'PlanningRequest 2.0')]) {
      const result = validateText(text);
      assert.equal(result.type, 'PlanningRequest 2.0');
      assert.equal(result.valid, true, result.summary);
      assert.deepEqual(
        result.warnings.map((w) => w.rule),
        ['BR 285'],
      );
      assert.match(result.warnings[0].message, /SETU has not said whether it applies to v2\.0/);
      const notes = result.notes.filter((n) => n.rule).map((n) => n.rule);
      assert.deepEqual(notes, ['BR 292', 'BR 295']);
      assert.match(result.notes.find((n) => n.rule === 'BR 292').message, /not checked for Planning and Scheduling 2\.0: .*REST API/);
    }
  });
});

describe('which published rules apply to each message type and version, in the verdict (issue 41, item 5)', () => {
  const published = JSON.parse(fs.readFileSync(path.join(root, 'src', 'data', 'published-forms', 'business-rules.json'), 'utf8'));

  test("the rules SETU's Schematron files put each type under are the rules the validator checks on it", () => {
    for (const type of messageTypes) {
      const checked = (businessRules[type.file] ?? [])
        .filter((r) => r.messages.includes(type.name) || type.alternatives.some((a) => r.messages.includes(a)))
        .filter((r) => !r.basedOn)
        .map((r) => r.number);
      assert.deepEqual(
        checked,
        type.publishedRules?.numbers ?? [],
        `${type.name}: checked ${checked}, published ${type.publishedRules?.numbers}`,
      );
    }
    const planning = messageTypes.filter((t) => t.version === '1.0' && t.standard === 'Planning and Scheduling');
    assert.ok(planning.length >= 12 && planning.every((t) => t.publishedRules), 'every v1.0 planning type is under published rules');
  });

  test('every API version says which Schematron files SETU publishes for it: none for all but Planning and Scheduling v1.0', () => {
    const withFiles = Object.entries(published.versions)
      .filter(([, v]) => v.schematron.length > 0)
      .map(([folder]) => folder);
    assert.deepEqual(withFiles, ['planning-1.0']);
    for (const v of Object.values(published.versions))
      for (const file of v.schematron) assert.match(file.commit, /^[0-9a-f]{40}$/, 'each file names SETU’s commit');
    for (const [folder, v] of Object.entries(published.versions))
      if (v.schematron.length === 0) assert.deepEqual(v.messages, {}, `${folder}: no file, no rules`);
  });

  test('the verdict names them and whether they were checked, or says that none are published', () => {
    const statement = (/** @type {string} */ type, /** @type {any} */ deps) =>
      validateWith(deps, /** @type {any} */ (examples.find((e) => e.type === type)).text, type).businessRules;
    assert.equal(
      statement('PlanningRequest 1.0', generatedDeps),
      "Business rules: BR 285–292, 294 and 295 of SETU's PlanningRequest v1.0 (PlanningRequest_BRs_v1.0.xml); checked, except BR 295, which one message cannot show (a note).",
    );
    assert.equal(
      statement('RequestedSinglePlanningLine', generatedDeps),
      "Business rules: BR 287–289 and 292 of SETU's PlanningRequest v1.0, those on its `singlePlanningLine` (PlanningRequest_BRs_v1.0.xml); checked.",
    );
    assert.equal(statement('Timecard', generatedDeps), 'Business rules: none published for Timecard 2.0.');
    assert.match(
      statement('PlanningConstraints 2.0', generatedDeps),
      /^Business rules: none published for PlanningConstraints 2\.0; BR 282–284 and 290 of v1\.0 are checked as warnings/,
    );
    // Without the rules (the command's --no-rules).
    const noRules = {...generatedDeps, rules: undefined};
    assert.match(
      statement('PlanningAssignment 1.0', noRules),
      /^Business rules: BR 285–295 of SETU's PlanningAssignment v1\.0 .*; not checked in this run\.$/,
    );
    assert.equal(statement('PlanningRequest 2.0', noRules), 'Business rules: none published for PlanningRequest 2.0.');
    assert.equal(validateText('<a').businessRules, '', 'no type, no statement');
  });

  test('read from a Schematron file by code: numbers, contexts without prefixes and predicates, lines by their element', () => {
    const schematron = `<sch:schema xmlns:sch="http://purl.oclc.org/dsdl/schematron">
  <sch:pattern><sch:rule fpi="7" context="/setu:Order/setu:line[setu:type = 'X'] | /setu:Other">
    <sch:assert fpi="7-1" test="a" flag="error">a</sch:assert></sch:rule></sch:pattern>
  <sch:pattern><sch:rule fpi="3" context="/setu:Order/line">
    <sch:assert fpi="3-1" test="b" flag="warning">b</sch:assert></sch:rule></sch:pattern>
  <sch:pattern><sch:rule fpi="5" context="/setu:Other/setu:line"><sch:assert test="c">c</sch:assert></sch:rule></sch:pattern>
</sch:schema>`;
    const rules = schematronRulesOf(schematron, 'Order_BRs_v1.0.xml');
    assert.deepEqual(
      rules.map((r) => [r.number, r.contexts, r.flags]),
      [
        [3, [['Order', 'line']], ['warning']],
        [5, [['Other', 'line']], ['error']],
        [7, [['Order', 'line'], ['Other']], ['error']],
      ],
    );
    assert.deepEqual(
      rulesFor(rules, 'Order').map((r) => r.number),
      [3, 7],
    );
    assert.deepEqual(
      rulesFor(rules, 'Other', 'line').map((r) => r.number),
      [5],
    );
    assert.deepEqual(numberWords([282, 283, 284, 290, 292]), '282–284, 290 and 292');
    assert.deepEqual(numberWords([286, 292]), '286 and 292');
    assert.throws(() => schematronRulesOf('<x/>', 'x.xml'), /not a Schematron schema/);
  });
});
