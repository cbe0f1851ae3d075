// The XML form of SETU messages as SETU's own XSDs define it: the namespace and root element of every message with
// an XSD, and the lexical rules of the XML Schema datatypes of its values. A message that the XSD accepts must never be
// rejected for its form (namespace, root, lexical value); one that breaks them is rejected with a located error that
// never shows the rejected value as the example of the valid form.
//
// The facts below are copied from the XSDs (setu-standards/xml-specifications), not read from the registry: these
// tests check the registry against them. Planning and Scheduling 2.0 joins the table with its registry entry.
import {test, describe} from 'node:test';
import assert from 'node:assert/strict';
import {validateText} from '../../../src/plugins/validator/engine/validate-text.mjs';
import {parseXml} from '../../../src/plugins/validator/engine/xml-parser.mjs';
import {xmlToModel, resolveSchema} from '../../../src/plugins/validator/engine/xml-model.mjs';
import {toJsonPath} from '../../../src/plugins/validator/engine/errors.mjs';
import {examples} from '../../../generated/validator/examples.mjs';
import {messageTypes} from '../../../generated/validator/catalog.mjs';
import {schemas} from '../../../generated/validator/schemas.mjs';
import {toXml} from '../lib/xml-layout.mjs';
import {pageFiles, codeBlocks, metaValue} from '../../../scripts/lib/code-blocks.mjs';
import {pageRoute} from '../../../scripts/lib/example-schemas.mjs';
import {apis, apiOfRoute} from '../../../src/data/registry.mjs';
import {xsdFactsFor} from '../../../src/build/published-forms.mjs';
import {docsDir} from '../../../src/build/paths.mjs';

const byName = new Map(messageTypes.map((t) => [t.name, t]));
const example = (type) => JSON.parse(examples.find((e) => e.type === type).text);
const exampleXml = (type) => examples.find((e) => e.type === type).xml;
const describeErrors = (r) => `${r.summary} ${r.errors.map((e) => `${e.pointer} [${e.rule}] ${e.message}`).join('; ')}`;

/** Root element and target namespace per message, from the XSDs. */
const xsdFacts = [
  {type: 'StaffingOrder', root: 'StaffingOrder', namespace: 'https://ontology.setu.nl/messages'},
  {type: 'HumanResource', root: 'HumanResource', namespace: 'https://ontology.setu.nl/messages'},
  {type: 'Assignment', root: 'Assignment', namespace: 'https://ontology.setu.nl/messages'},
  {type: 'Timecard', root: 'Timecard', namespace: 'https://ontology.setu.nl/messages'},
  {type: 'PlanningRequest 1.0', root: 'PlanningRequest', namespace: 'https://ontology.setu.nl/planning#'},
  {type: 'PlanningRequest 2.0', root: 'PlanningRequest', namespace: 'https://ontology.setu.nl/messages'},
  {type: 'PlanningAssignment 1.0', root: 'PlanningAssignment', namespace: 'https://ontology.setu.nl/planning#'},
  {type: 'PlanningAssignment 2.0', root: 'PlanningAssignment', namespace: 'https://ontology.setu.nl/messages'},
  {type: 'PlanningConstraints 1.0', root: 'PlanningConstraints', namespace: 'https://ontology.setu.nl/planning#'},
  {type: 'PlanningConstraints 2.0', root: 'PlanningConstraints', namespace: 'https://ontology.setu.nl/messages'},
  {type: 'InquiryPayEquity 1.0', root: 'InquiryPayEquity', namespace: 'https://ontology.setu.nl'},
];

/** The XML of a message model with another root element and default namespace. */
function withRoot(xml, from, root, namespace) {
  const out = xml
    .replace(new RegExp(`<${from} xmlns="[^"]*">`), `<${root} xmlns="${namespace}">`)
    .replace(new RegExp(`</${from}>\\s*$`), `</${root}>\n`);
  assert.ok(out.includes(`<${root} xmlns="${namespace}">`) && out.endsWith(`</${root}>\n`), 'root replaced');
  return out;
}

describe('namespaces and root elements, per message, as the XSDs give them', () => {
  for (const {type, root, namespace} of xsdFacts) {
    test(`${type}: root ${root} in ${namespace} is accepted; another namespace is an error naming both`, () => {
      assert.deepEqual([byName.get(type).xml.root, byName.get(type).xml.namespace], [root, namespace], 'the registry');
      const xml = withRoot(exampleXml(type), root, root, namespace);
      for (const requested of ['auto', type]) {
        const r = validateText(xml, requested);
        assert.equal(r.status, 'valid', `${requested}: ${describeErrors(r)}`);
        assert.equal(r.type, type);
      }
      const others = [...new Set(xsdFacts.map((f) => f.namespace).filter((n) => n !== namespace))];
      for (const wrong of [...others, `${namespace}/`, namespace.replace(/#$/, ''), 'urn:example'].filter((n) => n !== namespace)) {
        const r = validateText(withRoot(xml, root, root, wrong), type);
        assert.equal(r.valid, false, wrong);
        const error = r.errors.find((e) => e.rule === 'namespace');
        assert.ok(error, `${wrong}: ${describeErrors(r)}`);
        assert.equal(error.pointer, `/${root}`);
        assert.ok(error.message.includes(`\`${wrong}\``) && error.message.includes(`\`${namespace}\``), error.message);
        assert.equal(r.errorCount, 1, `only the namespace is wrong: ${describeErrors(r)}`);
      }
    });
  }

  test('Inquiry Pay Equity 2.0 has no XML form (no XSD): an XML message checked as it says so', () => {
    assert.equal(byName.get('InquiryPayEquity 2.0').xml, null);
    const r = validateText(exampleXml('InquiryPayEquity 1.0'), 'InquiryPayEquity 2.0');
    assert.equal(r.status, 'no-xml');
  });

  test('PlanningConstraints is the root of the constraints message; HumanResourceAvailability is accepted with a note', () => {
    const xml = exampleXml('PlanningConstraints 1.0');
    assert.match(xml, /<PlanningConstraints xmlns="https:\/\/ontology\.setu\.nl\/planning#">/);
    const plain = validateText(xml);
    assert.equal(plain.status, 'valid', describeErrors(plain));
    assert.ok(!plain.notes.some((n) => /HumanResourceAvailability/.test(n.message)));
    const other = withRoot(xml, 'PlanningConstraints', 'HumanResourceAvailability', 'https://ontology.setu.nl/planning#');
    for (const requested of ['auto', 'PlanningConstraints 1.0']) {
      const r = validateText(other, requested);
      assert.equal(r.status, 'valid', describeErrors(r));
      assert.equal(r.type, 'PlanningConstraints 1.0');
      const note = r.notes.find((n) => /HumanResourceAvailability/.test(n.message));
      assert.ok(note, 'a note on the root');
      assert.match(note.message, /only the published OpenAPI file .* names it/);
      assert.match(note.message, /XSD and XML example of the message use `PlanningConstraints`/);
    }
    const elsewhere = validateText(other, 'PlanningRequest 1.0');
    assert.ok(elsewhere.errors.some((e) => e.rule === 'root element'));
  });

  test('the detection sentence: "it has the root element …"', () => {
    const r = validateText(exampleXml('Timecard'));
    assert.equal(r.reason, 'has the root element `Timecard` in the namespace `https://ontology.setu.nl/messages`');
  });
});

describe("the three planning messages built like SETU's official XML examples", () => {
  /**
   * As the official v1.0 examples are written: the default namespace …/planning#, a prefix `setu` for the same
   * namespace (used here on some elements too) and a prefix `hropen` no element uses, and times without offset.
   */
  function officialStyle(type) {
    const root = type.replace(/ .*/, '');
    let xml = exampleXml(type)
      .replace(/>(\d{2}:\d{2}:\d{2})(?:Z|[+-]\d{2}:\d{2})</g, '>$1<')
      .replace(/>(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:Z|[+-]\d{2}:\d{2})</g, '>$1<')
      .replace(
        `<${root} xmlns="https://ontology.setu.nl/planning#">`,
        `<${root} xmlns="https://ontology.setu.nl/planning#" xmlns:setu="https://ontology.setu.nl/planning#" xmlns:hropen="https://hropenstandards.org/schema/xml/">`,
      )
      .replace(/<documentId>([\s\S]*?)<\/documentId>/, '<setu:documentId>$1</setu:documentId>');
    assert.match(xml, /xmlns:hropen=/);
    assert.match(xml, /<setu:documentId>/);
    return xml;
  }

  for (const type of ['PlanningRequest 1.0', 'PlanningAssignment 1.0', 'PlanningConstraints 1.0']) {
    test(`${type}: valid, with times such as 08:00:00 noted as what the JSON form writes with an offset`, () => {
      const xml = officialStyle(type);
      const times = xml.match(/>\d{2}:\d{2}:\d{2}</g) ?? [];
      assert.ok(times.length > 0, 'times without offset');
      const r = validateText(xml);
      assert.equal(r.status, 'valid', describeErrors(r));
      assert.equal(r.type, type);
      const note = r.notes.find((n) => /a valid xs:time value/.test(n.message));
      assert.ok(note, r.notes.map((n) => n.message).join('\n'));
      assert.match(note.message, /the JSON form of the message needs a UTC offset/);
    });
  }

  test('08:00:00 exactly, the value of the official examples', () => {
    const message = example('PlanningRequest 1.0');
    message.periodicPlanningLine[0].startTime = '08:00:00';
    const xml = toXml(message, 'PlanningRequest 1.0');
    assert.match(xml, /<PlanningRequest xmlns="https:\/\/ontology\.setu\.nl\/planning#">/);
    assert.match(xml, /<startTime>08:00:00<\/startTime>/);
    const r = validateText(xml);
    assert.equal(r.status, 'valid', describeErrors(r));
    assert.ok(r.notes.some((n) => n.message.includes('"08:00:00"') && n.message.includes('"08:00:00Z"')));
  });
});

/** The datatype of a leaf of a message type without an XSD: by its JSON type and format. */
function datatypeByFormat(t, schema) {
  if (t === 'boolean') return 'xs:boolean';
  if (t === 'integer') return 'xs:integer';
  if (t === 'number') return 'xs:decimal';
  return {time: 'xs:time', date: 'xs:date', 'date-time': 'xs:dateTime'}[schema.format] ?? 'xs:string';
}

/**
 * Every leaf of a message type whose XSD datatype is not plain text, or that has a JSON format or pattern: its model
 * path (keys, with 0 for list items), its datatype (the XSD's, from the facts of src/data/published-forms/, which the
 * catalog carries; by JSON type and format for a type without an XSD) and its JSON format. Walks the stripped schemas
 * as the mapping does.
 */
function typedLeaves(type) {
  const components = schemas[type.file];
  const facts = xsdFactsFor(
    apis.find((a) => a.specFile === type.file),
    type.schema,
  );
  const xsdTypes = facts && new Map(facts.elements.filter((e) => e.datatype).map((e) => [e.path, e.datatype]));
  const out = [];
  const walk = (node, path, elements, depth) => {
    const schema = resolveSchema(node, components);
    if (!schema || depth > 12) return;
    if (schema.oneOf || schema.anyOf) return; // only the line wrappers, whose forms are types of their own
    const t = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
    if (t === 'array') return walk(schema.items, [...path, 0], elements, depth + 1);
    if (t === 'object' || schema.properties) {
      for (const [k, v] of Object.entries(schema.properties ?? {})) walk(v, [...path, k], `${elements}/${v.xml?.name ?? k}`, depth + 1);
      return;
    }
    const datatype = xsdTypes ? xsdTypes.get(elements) : datatypeByFormat(t, schema);
    assert.ok(datatype, `${type.name}: ${elements} is a leaf of the spec, but not of the XSD facts`);
    if (datatype !== 'xs:string' || schema.format || schema.pattern) out.push({path, datatype, format: schema.format ?? null, schema});
  };
  walk(components[type.schema], [], `/${type.xml.root}`, 0);
  return out;
}

/** A copy of `message` with `value` at `path`, creating the objects and one-item lists on the way. */
function setAt(message, path, value) {
  const copy = structuredClone(message);
  let node = copy;
  for (const [i, key] of path.entries()) {
    if (i === path.length - 1) {
      node[key] = value;
      break;
    }
    const next = path[i + 1];
    if (node[key] === undefined || node[key] === null || typeof node[key] !== 'object') node[key] = typeof next === 'number' ? [{}] : {};
    if (typeof next === 'number' && node[key].length === 0) node[key].push({});
    node = node[key];
  }
  return copy;
}

/** XSD-valid lexical forms of each datatype, with the JSON value they map to. */
const validForms = {
  'xs:time': [
    ['08:00:00', '08:00:00'],
    ['08:00:00Z', '08:00:00Z'],
    ['17:30:15.250+01:00', '17:30:15.250+01:00'],
    ['23:59:59-14:00', '23:59:59-14:00'],
    ['00:00:00+14:00', '00:00:00+14:00'],
    ['24:00:00', '24:00:00'],
    [' \n  08:00:00\t ', '08:00:00'],
  ],
  'xs:date': [
    ['2024-10-23', '2024-10-23'],
    ['2024-10-23Z', '2024-10-23Z'],
    ['2024-10-23+02:00', '2024-10-23+02:00'],
    ['2024-02-29', '2024-02-29'],
    ['2000-02-29', '2000-02-29'],
    ['\n2024-10-23 ', '2024-10-23'],
  ],
  'xs:dateTime': [
    ['2024-06-13T08:00:00', '2024-06-13T08:00:00'],
    ['2024-06-13T08:00:00Z', '2024-06-13T08:00:00Z'],
    ['2024-06-13T08:00:00.5-05:30', '2024-06-13T08:00:00.5-05:30'],
    ['2024-06-13T24:00:00', '2024-06-13T24:00:00'],
    [' 2024-06-13T08:00:00+02:00 ', '2024-06-13T08:00:00+02:00'],
  ],
  'xs:boolean': [
    ['true', true],
    ['false', false],
    ['1', true],
    ['0', false],
    [' true\n', true],
  ],
  'xs:decimal': [
    ['8', 8],
    ['8.5', 8.5],
    ['-0.5', -0.5],
    ['+3', 3],
    ['.5', 0.5],
    ['8.', 8],
    [' 12.25 ', 12.25],
  ],
  'xs:integer': [
    ['3', 3],
    ['+3', 3],
    ['-2', -2],
    [' 3\n', 3],
  ],
  'xs:string': [
    ['soon', 'soon'],
    ['  2024-10-23  ', '  2024-10-23  '],
  ],
  // Inquiry Pay Equity 1.0's weekdays, whose code list decides (the enum of the JSON form).
  'xs:anyURI': [
    ['Monday', 'Monday'],
    [' Monday\n', 'Monday'],
  ],
};

/** Lexical forms each datatype rejects. */
const invalidForms = {
  'xs:time': ['24:61:00', '25:00:00', '08:00:60', '8:00:00', '08:00', '08:00:00+15:00', '08:00:00 Z', '24:00:01', ''],
  'xs:date': ['2023-02-30', '2023-02-29', '2024-13-01', '2024-00-10', '24-10-23', '2024-10-23T08:00:00', '0000-01-01', ''],
  'xs:dateTime': ['2024-06-13 08:00:00', '2024-06-13T08:00', '2023-02-30T08:00:00', '2024-06-13T24:61:00', '2024-06-13', ''],
  'xs:boolean': ['yes', 'TRUE', 'True', 'no', '2', ''],
  'xs:decimal': ['1e3', '1E-2', '8,5', 'NaN', 'INF', '0x10', '.', ''],
  'xs:integer': ['3.0', '3e0', 'three', '1 000', ''],
  'xs:string': [],
  'xs:anyURI': [],
};

describe('every typed field of every XML message type: XSD-valid forms accepted, invalid ones rejected', () => {
  const xmlTypes = messageTypes.filter((t) => t.xml && t.alternatives.length === 0);
  let fields = 0;
  let accepted = 0;
  let rejected = 0;

  for (const type of xmlTypes) {
    test(`${type.name}`, () => {
      const base = example(type.name);
      const leaves = typedLeaves(type);
      for (const {path, datatype, format} of leaves) {
        fields++;
        const jsonPath = toJsonPath(`/${path.join('/')}`);
        const at = (r) => r.errors.filter((e) => e.jsonPath === jsonPath);
        for (const [lexical, jsonValue] of validForms[datatype]) {
          const xml = toXml(setAt(base, path, '\u0000'), type.name).replace('\u0000', lexical.replace(/&/g, '&amp;'));
          const r = validateText(xml, type.name);
          assert.deepEqual(at(r), [], `${type.name} ${jsonPath} = ${JSON.stringify(lexical)} (${datatype}): ${describeErrors(r)}`);
          assert.ok(!r.errors.some((e) => e.rule === 'namespace' || e.rule === 'root element'), describeErrors(r));
          const {root} = parseXml(xml);
          const mapped = xmlToModel(root, {
            typeName: type.schema,
            components: schemas[type.file],
            namespace: type.xml.namespace,
            datatypes: type.xml.datatypes,
          });
          let value = mapped.value;
          for (const key of path) value = value?.[key];
          assert.deepEqual(value, jsonValue, `${type.name} ${jsonPath}: the JSON value of ${JSON.stringify(lexical)}`);
          accepted++;
        }
        for (const lexical of invalidForms[datatype]) {
          const xml = toXml(setAt(base, path, '\u0000'), type.name).replace('\u0000', lexical);
          const r = validateText(xml, type.name);
          const errors = at(r);
          assert.equal(errors.length, 1, `${type.name} ${jsonPath} = ${JSON.stringify(lexical)}: ${describeErrors(r)}`);
          assert.equal(errors[0].rule, datatype);
          // The example of the valid form is never the value found.
          const [words] = errors[0].message.split('; found ');
          const shown = ((/for example (.*) \(xs:/.exec(words) ?? /must be (.*) \(xs:/.exec(words))?.[1] ?? '').split(/, | or /);
          assert.ok(shown.length > 1 && !shown.includes(lexical.trim()), errors[0].message);
          rejected++;
        }
        if (format && datatype !== 'xs:string') assert.ok(validForms[datatype].length > 0);
      }
    });
  }

  test('the counts', () => {
    // Run after the tests above (node:test runs a file's tests in order).
    assert.ok(fields >= 90, `${fields} typed fields`);
    assert.ok(accepted >= 500 && rejected >= 500, `${accepted} accepted, ${rejected} rejected`);
    console.log(`# typed fields: ${fields}; XSD-valid forms accepted: ${accepted}; invalid forms rejected: ${rejected}`);
  });
});

describe('notes on what the JSON form needs, and the datatypes the XSD decides', () => {
  test('a time without offset, a date with a time zone: notes, not errors', () => {
    const message = example('Timecard');
    message.period.datePeriod.start = '\u0000';
    const xml = toXml(message, 'Timecard').replace('\u0000', '2024-10-23Z');
    const r = validateText(xml);
    assert.equal(r.status, 'valid', describeErrors(r));
    const note = r.notes.find((n) => /xs:date/.test(n.message));
    assert.ok(note);
    assert.match(
      note.message,
      /`\/Timecard\/period\/datePeriod\/start` is "2024-10-23Z", a valid xs:date value; the JSON form of the message needs no time zone/,
    );
    assert.match(note.message, /for example "2024-10-23"/);
  });

  test('Inquiry Pay Equity 1.0: a field its JSON Schema formats as a date and its XSD types as xs:string takes any text, with a note', () => {
    const message = example('InquiryPayEquity 1.0');
    message.allowance[0].effectivePeriod = {validFrom: 'from the first of March'};
    const r = validateText(toXml(message, 'InquiryPayEquity 1.0'));
    assert.equal(r.status, 'valid', describeErrors(r));
    assert.ok(
      r.notes.some((n) =>
        /validFrom` is "from the first of March", a valid xs:string value; the JSON form .* format `date`/.test(n.message),
      ),
    );
    // The message's own effectivePeriod.validFrom is an xs:date, as are 34 other dates of the XSD.
    const date = structuredClone(example('InquiryPayEquity 1.0'));
    date.effectivePeriod.validFrom = 'from the first of March';
    assert.deepEqual(
      validateText(toXml(date, 'InquiryPayEquity 1.0')).errors.map((e) => [e.pointer, e.rule]),
      [['/InquiryPayEquity/effectivePeriod/validFrom', 'xs:date']],
    );
    // Its one xs:dateTime is judged as such.
    const bad = structuredClone(example('InquiryPayEquity 1.0'));
    bad.issued = '2024-13-01T08:00:00';
    const rejected = validateText(toXml(bad, 'InquiryPayEquity 1.0'));
    assert.deepEqual(
      rejected.errors.map((e) => [e.pointer, e.rule]),
      [['/InquiryPayEquity/issued', 'xs:dateTime']],
    );
  });

  test('free text keeps its whitespace; a decimal in exponent form is rejected for saying so', () => {
    const message = example('PlanningRequest 1.0');
    const r = validateText(toXml(message, 'PlanningRequest 1.0').replace(/<hours>[^<]*<\/hours>/, '<hours>1e3</hours>'));
    const error = r.errors.find((e) => e.rule === 'xs:decimal');
    assert.match(error.message, /found "1e3": a decimal has no exponent\./);
    const xml = toXml({...example('Timecard'), referenceNumber: '  R-1  '}, 'Timecard');
    assert.equal(validateText(xml).valid, true);
    const type = byName.get('Timecard');
    const mapped = xmlToModel(parseXml(xml).root, {typeName: type.schema, components: schemas[type.file], namespace: type.xml.namespace});
    assert.equal(mapped.value.referenceNumber, '  R-1  ');
  });

  test('a JSON time without offset: the error asks for one and shows another value as the example', () => {
    const message = example('PlanningRequest 1.0');
    message.periodicPlanningLine[0].startTime = '08:00:00';
    const r = validateText(JSON.stringify(message));
    const error = r.errors.find((e) => e.rule === 'format');
    assert.match(
      error.message,
      /^Must be a time as hh:mm:ss with its UTC offset \(Z or ±hh:mm\), for example "08:00:00Z"; found "08:00:00"\.$/,
    );
    message.periodicPlanningLine[0].startTime = '08:00:00Z';
    message.periodicPlanningLine[0].endTime = 'later';
    const other = validateText(JSON.stringify(message)).errors.find((e) => e.rule === 'format');
    assert.match(other.message, /for example "08:00:00Z"; found "later"/);
  });
});

describe('XML messages on the pages', () => {
  test('every ```xml block names its message type (schema="…") and is valid as that type, or is a well-formed excerpt', () => {
    const xmlBlocks = pageFiles().flatMap((file) => codeBlocks(file).filter((b) => b.lang === 'xml'));
    // An excerpt (meta `excerpt`, said in its title) shows a few elements of a message: it must be well-formed.
    const isExcerpt = (/** @type {{meta: string}} */ b) => /(^|\s)excerpt(\s|$)/.test(b.meta);
    for (const block of xmlBlocks.filter(isExcerpt)) {
      assert.match(block.meta, /title="[^"]*excerpt/, `${block.file}:${block.line}: an excerpt says so in its title`);
      assert.doesNotThrow(() => parseXml(`<excerpt>${block.code}</excerpt>`), `${block.file}:${block.line}: not well-formed`);
    }
    const blocks = xmlBlocks.filter((b) => !isExcerpt(b));
    assert.ok(blocks.length > 0, 'the XML form page shows an example');
    for (const block of blocks) {
      // schema="Name" as on the JSON blocks: a name several versions share is the one of the page's version, or of api="<id>".
      const name = metaValue(block.meta, 'schema');
      const apiId = metaValue(block.meta, 'api');
      const api = apiId ? apis.find((a) => a.id === apiId) : apiOfRoute(pageRoute(block.file, docsDir));
      const candidates = messageTypes.filter((t) => t.schema === name && t.xml);
      const type = (candidates.length === 1 ? candidates[0] : candidates.find((t) => t.file === api?.specFile))?.name;
      assert.ok(
        type && byName.get(type)?.xml,
        `${block.file}:${block.line}: an XML block needs schema="<a message type with an XML form>"`,
      );
      const r = validateText(block.code, type);
      assert.equal(r.status, 'valid', `${block.file}:${block.line}: ${describeErrors(r)}`);
      assert.deepEqual(r.warnings, [], `${block.file}:${block.line}`);
    }
  });
});
