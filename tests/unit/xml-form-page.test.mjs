// The facts docs/api/usage-notes/xml-form.mdx states about the XML form of the messages, checked against what the
// project holds: the registry's namespaces, the fields of the specs whose JSON type or format the page names, and the
// table of differences between a message's JSON Schema and its XSD against the facts derived from SETU's files
// (src/data/published-forms/).
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {root} from '../../src/build/paths.mjs';
import {apis} from '../../src/data/registry.mjs';
import {dictionaryApis, messageFields} from '../../src/plugins/message-dictionary/message-dictionary.mjs';
import {factsDir} from '../../src/build/published-forms.mjs';

const page = fs.readFileSync(path.join(root, 'docs', 'api', 'usage-notes', 'xml-form.mdx'), 'utf8');
const section = (from, to) => page.slice(page.indexOf(from), to ? page.indexOf(to) : undefined);
const api = (id) => dictionaryApis().find((a) => a.id === id);
/** The fields of every message of a version that has an XML root, with their message. */
const xmlFields = (a) => Object.keys(a.xml.roots).flatMap((message) => messageFields(a, message).entries.map((e) => ({message, ...e})));
const formatOf = (e) => (e.itemSchema ?? e.schema ?? {}).format;

test('the namespace table gives each version the namespace of the registry', () => {
  const rows = section('{#namespaces}', '{#root-elements}')
    .split('\n')
    .filter((line) => /^\| (Purchase|Planning|Inquiry)/.test(line));
  for (const a of apis) {
    const row = rows.find((r) => r.startsWith(`| ${a.standard} v${a.version} |`));
    assert.ok(row, `no row for ${a.standard} v${a.version}`);
    if (a.xml) assert.ok(row.includes(`\`${a.xml.namespace}\``), `${a.standard} v${a.version}: ${a.xml.namespace} not in ${row}`);
    else assert.match(row, /no XSD/, `${a.standard} v${a.version} has no XML form`);
  }
});

test('the integers the page names are the integer fields of the messages with an XML form', () => {
  const text = section('Where the datatypes occur', '{#times}');
  for (const a of dictionaryApis().filter((x) => x.xml)) {
    const integers = [
      ...new Set(
        xmlFields(a)
          .filter((e) => (e.itemType ?? e.type) === 'integer')
          .map((e) => e.name),
      ),
    ];
    for (const name of integers) assert.ok(text.includes(`\`${name}\``), `${a.id}: the integer ${name} is not named`);
    if (a.standardSlug === 'purchase-to-pay') {
      assert.deepEqual(integers, ['positionOpenQuantity']);
      assert.match(text, /one integer, `positionOpenQuantity`/);
    }
  }
});

test('the JSON formats the page says differ from the XSD are those of the specs', () => {
  // Purchase to Pay: customerSpecificRequirements is a uri-reference in JSON, wherever it occurs.
  const p2p = xmlFields(api('p2p')).filter((e) => e.name === 'customerSpecificRequirements');
  assert.deepEqual([...new Set(p2p.map((e) => e.message))].sort(), ['Assignment', 'HumanResource', 'StaffingOrder', 'Timecard']);
  for (const e of p2p) assert.equal(formatOf(e), 'uri-reference', `${e.message} ${e.path}`);
  assert.match(section('{#json-and-xsd}', '{#times}'), /`customerSpecificRequirements`[^|]*`format: uri-reference`/);
  // Inquiry Pay Equity 1.0: 38 dates in the JSON Schema the API refers to, three of them named as text in the XSD.
  const v1 = xmlFields(api('gelijkwaardige-beloning'));
  assert.equal(v1.filter((e) => formatOf(e) === 'date').length, 38);
  for (const p of ['allowance[].effectivePeriod.validFrom', 'allowance[].effectivePeriod.validTo', 'other[].effectivePeriod.validFrom'])
    assert.equal(formatOf(v1.find((e) => e.path === p)), 'date', p);
  const text = section('Where the datatypes occur', '{#times}');
  assert.match(text, /35 fields are dates \(`xs:date`\)/);
  assert.match(
    text,
    /`validFrom` and `validTo` of an `allowance`'s `effectivePeriod`, and `validFrom` of an `other` arrangement's `effectivePeriod`/,
  );
});

/**
 * Every difference between the XSD facts and the facts of the JSON Schema the spec follows (src/data/published-forms/,
 * derived from SETU's files) in a field's path, name, cardinality, code list or datatype, as `folder message kind
 * path: JSON | XSD`.
 */
function formDifferences() {
  const datatypeOf = (/** @type {any} */ f) => {
    const t = f.items ?? f.type;
    if (t === 'string')
      return {date: 'xs:date', time: 'xs:time', 'date-time': 'xs:dateTime', 'uri-reference': 'xs:anyURI'}[f.format] ?? 'xs:string';
    return {number: 'xs:decimal', integer: 'xs:integer', boolean: 'xs:boolean'}[t] ?? t;
  };
  const out = [];
  for (const folder of fs.readdirSync(factsDir).filter((f) => fs.statSync(path.join(factsDir, f)).isDirectory())) {
    for (const file of fs.readdirSync(path.join(factsDir, folder)).filter((f) => f.endsWith('.xml-form.json'))) {
      const message = file.split('.')[0];
      const at = `${folder} ${message}`;
      const xsd = JSON.parse(fs.readFileSync(path.join(factsDir, folder, file), 'utf8'));
      const json = JSON.parse(fs.readFileSync(path.join(factsDir, folder, `${message}.json-form.json`), 'utf8')).forms[0].fields;
      const elements = new Map(
        xsd.elements.filter((/** @type {any} */ e) => !e.wildcard).map((/** @type {any} */ e) => [e.path.toLowerCase(), e]),
      );
      const matched = new Set();
      for (const f of json.filter((/** @type {any} */ f) => f.path !== '')) {
        const key = `/${xsd.root}/${f.path.replace(/\[\]/g, '').replace(/\./g, '/')}`.toLowerCase();
        const x = elements.get(key);
        if (!x) {
          out.push(`${at} only-json ${f.path}`);
          continue;
        }
        matched.add(key);
        if (x.path.split('/').at(-1) !== f.path.replace(/\[\]/g, '').split('.').at(-1)) out.push(`${at} name ${f.path}: ${x.path}`);
        const list = f.items !== undefined;
        const cardinality = `${f.required ? (list ? Math.max(1, f.minItems ?? 0) : 1) : 0}..${list ? (f.maxItems ?? 'unbounded') : 1}`;
        if (cardinality !== `${x.minOccurs}..${x.maxOccurs}`)
          out.push(`${at} cardinality ${f.path}: ${cardinality} | ${x.minOccurs}..${x.maxOccurs}`);
        if (x.datatype && datatypeOf(f) !== x.datatype) out.push(`${at} datatype ${f.path}: ${datatypeOf(f)} | ${x.datatype}`);
        const codes = (/** @type {unknown[] | undefined} */ list) => (list ?? []).map(String).sort().join(', ');
        if (codes(f.enum) !== codes(x.enumeration)) out.push(`${at} codes ${f.path}: ${codes(f.enum)} | ${codes(x.enumeration)}`);
      }
      for (const [key, x] of elements) if (!matched.has(key)) out.push(`${at} only-xsd ${x.path}`);
    }
  }
  return out;
}

test("the table of differences between a message's JSON Schema and XSD has a row for every difference in the published facts", () => {
  const table = section('{#json-and-xsd}', '{#times}');
  // Each row of the table, and the differences of the facts it accounts for.
  const rows = [
    {
      row: /`customerSpecificRequirements`[^|]*`format: uri-reference`/,
      count: 6,
      covers: /^purchase-to-pay-2\.0 \w+ datatype \S*customerSpecificRequirements: xs:anyURI \| xs:string$/,
    },
    {
      row: /no code list for the units of `workingPeriods` and no fixed issuer of `worker\.workAssignments\.id`/,
      count: 3,
      covers: /^planning-2\.0 PlanningConstraints codes /,
    },
    {
      row: /\| `costAllocation` \| `costAllocationRef`/,
      count: 24,
      covers: /^planning-2\.0 Planning(Request|Assignment) only-(json|xsd) \S*costAllocation/,
    },
    {
      row: /3 more fields the format `date` and the 10 time-period times the format `time`/,
      count: 13,
      covers: /^inquiry-pay-equity-1\.0 InquiryPayEquity datatype \S+: xs:(date|time) \| xs:string$/,
    },
    {
      row: /a leave period's time is `timePeriod`[^|]*\| the element `TimePeriod`/,
      count: 1,
      covers: /^inquiry-pay-equity-1\.0 InquiryPayEquity name leave\[\]\.period\[\]\.timePeriod:/,
    },
    {
      row: /five amount and step values declare two types at once/,
      count: 5,
      covers: /^inquiry-pay-equity-1\.0 InquiryPayEquity datatype \S+: number&string \| xs:(decimal|string)$/,
    },
    {
      row: /the weekdays of sick pay, leave and the individual choice budget are text[^|]*\| `xs:anyURI`/,
      count: 3,
      covers:
        /^inquiry-pay-equity-1\.0 InquiryPayEquity datatype (sickPay|leave|individualChoiceBudget)\[\]\.period\[\]\.weekday(\[\])?: xs:string \| xs:anyURI$/,
    },
  ];
  const differences = formDifferences();
  for (const {row, count, covers} of rows) {
    assert.match(table, row, `the table has no row ${row}`);
    const found = differences.filter((d) => covers.test(d));
    assert.equal(found.length, count, `${row}: ${found.length} differences of the facts:\n  ${found.join('\n  ')}`);
  }
  const unlisted = differences.filter((d) => !rows.some(({covers}) => covers.test(d)));
  assert.deepEqual(unlisted, [], `differences of the published files that the table does not list:\n  ${unlisted.join('\n  ')}`);
  assert.match(table, /for every other field the path, the cardinality, the code list and the datatype agree/);
});
