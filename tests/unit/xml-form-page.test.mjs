// The facts docs/api/usage-notes/xml-form.mdx states about the XML form of the messages, checked against what the
// project holds: the registry's namespaces, and the fields of the specs whose JSON type or format the page names.
// (The XSD's side of each fact was read from SETU's published XSDs when the page was written; the specs agree with
// the XSDs where the page says they do.)
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {root} from '../../scripts/lib/paths.mjs';
import {apis} from '../../src/data/registry.mjs';
import {dictionaryApis, messageFields} from '../../scripts/lib/message-dictionary.mjs';

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
