// XML messages in the validator: the XML form of every example (made by the validator's own mapping
// from the JSON examples of the specs) is valid and maps back to the very same message model; XML
// with a fault of each kind is rejected with the element path, line and column of the fault; and
// hostile XML (DTDs, entities, deep nesting, megabytes) gets a clear verdict within seconds.
import {test, describe} from 'node:test';
import assert from 'node:assert/strict';
import {readSpec, examplesOf, specFiles} from '../../../src/build/specs.mjs';
import {messageTypeNames, typeKey} from '../../../src/plugins/validator/generate.mjs';
import {xmlFormOf} from '../../../src/build/xml-forms.mjs';
import {validateText} from '../../../src/plugins/validator/engine/validate-text.mjs';
import {parseXml, XmlSyntaxError} from '../../../src/plugins/validator/engine/xml-parser.mjs';
import {xmlToModel, modelToXml} from '../../../src/plugins/validator/engine/xml-model.mjs';
import {formatOf} from '../../../src/plugins/validator/engine/check.mjs';
import {examples} from '../../../generated/validator/examples.mjs';
import {messageTypes} from '../../../generated/validator/catalog.mjs';
import {schemas} from '../../../generated/validator/schemas.mjs';
import {toXml, placeOf} from '../lib/xml-layout.mjs';
import {assertCappedErrors} from '../lib/verdicts.mjs';

const byName = new Map(messageTypes.map((t) => [t.name, t]));
const timecard = () => JSON.parse(examples.find((e) => e.type === 'Timecard').text);
const timecardXml = examples.find((e) => e.type === 'Timecard').xml;

/** The model an XML text maps to, as the validator maps it. */
function modelOf(xml, typeName) {
  const type = byName.get(typeName);
  const {root} = parseXml(xml);
  return xmlToModel(root, {typeName: type.schema, components: schemas[type.file], namespace: type.xml.namespace});
}

/** Every example of a message type in the specs (list bodies: each item). */
function specExamples() {
  const out = [];
  for (const file of specFiles) {
    for (const {where, schema, value} of examplesOf(readSpec(file))) {
      const name = (schema?.$ref ?? schema?.items?.$ref ?? '').replace('#/components/schemas/', '');
      if (!messageTypeNames[file].includes(name)) continue;
      for (const [i, item] of (schema.type === 'array' ? value : [value]).entries())
        out.push({where: `${where} [${i}]`, type: typeKey(file, name), value: item});
    }
  }
  return out;
}

/** The error of a verdict at an element path with a rule, or a failure naming what there is. */
function errorAt(result, path, rule) {
  const hit = result.errors.find((e) => e.pointer === path && e.rule === rule);
  assert.ok(hit, `no ${rule} error at ${path}: ${result.summary} ${result.errors.map((e) => `${e.pointer} ${e.rule}`).join(', ')}`);
  return hit;
}

describe('the XML form of the examples', () => {
  test('every type of an API with XML bodies has an XML example, except a type whose property names cannot be elements', () => {
    for (const e of examples) {
      const type = byName.get(e.type);
      assert.equal(e.xml === null, type.xml === null, e.type);
      if (type.xml === null) assert.match(type.xmlReason, /not a valid XML element name|takes JSON bodies only/);
    }
    assert.deepEqual(
      messageTypes.filter((t) => !t.xml).map((t) => [t.name, t.xmlReason]),
      [
        ['Attachment', 'its property "mime type" is not a valid XML element name, so the message has no XML form to check'],
        ['InquiryPayEquity 2.0', 'the Inquiry Pay Equity 2.0 API takes JSON bodies only'],
      ].sort(([a], [b]) => messageTypes.findIndex((t) => t.name === a) - messageTypes.findIndex((t) => t.name === b)),
    );
    assert.equal(byName.get('PlanningConstraints 1.0').xml.root, 'PlanningConstraints');
    assert.deepEqual(
      byName.get('PlanningConstraints 1.0').xml.aliases.map((a) => a.root),
      ['HumanResourceAvailability'],
    );
    assert.equal(byName.get('PlanningConstraints 2.0').xml.root, 'PlanningConstraints');
    assert.equal(byName.get('PlanningConstraints 2.0').xml.namespace, 'https://ontology.setu.nl/messages');
    assert.equal(byName.get('Timecard').xml.namespace, 'https://ontology.setu.nl/messages');
    assert.equal(byName.get('PlanningRequest 1.0').xml.namespace, 'https://ontology.setu.nl/planning#');
    assert.equal(byName.get('InquiryPayEquity 1.0').xml.namespace, 'https://ontology.setu.nl');
  });

  test('a spec whose operations take JSON bodies only has no XML form, and one with XML needs its namespace in the registry', () => {
    const spec = structuredClone(readSpec('planning.json'));
    const api = {standard: 'Planning and Scheduling', version: '9.9', specFile: 'planning.json', xml: {namespace: 'urn:x', roots: {}}};
    assert.deepEqual(xmlFormOf(spec, api, 'PlanningRequest').xml, {
      root: 'PlanningRequest',
      namespace: 'urn:x',
      aliases: [],
      // A version whose XSDs are not among the facts (src/data/published-forms/): values judged by JSON type and format.
      datatypes: null,
      codes: null,
      repairedCodes: null,
      wildcards: null,
      xsd: null,
    });
    // The registry's root (from the XSD) and the spec's xml.name must agree.
    assert.throws(
      () => xmlFormOf(spec, {...api, xml: {namespace: 'urn:x', roots: {PlanningRequest: 'Other'}}}, 'PlanningRequest'),
      /XML root of components\.schemas\.PlanningRequest is "PlanningRequest", but src\/data\/apis\.json \(from the XSD\) gives "Other"/,
    );
    assert.throws(() => xmlFormOf(spec, {...api, xml: undefined}, 'PlanningRequest'), /gives no xml\.namespace/);
    for (const item of Object.values(spec.paths)) {
      for (const operation of Object.values(item)) delete operation.requestBody?.content?.['application/xml'];
    }
    const jsonOnly = xmlFormOf(spec, {...api, xml: undefined}, 'PlanningRequest');
    assert.equal(jsonOnly.xml, null);
    assert.match(jsonOnly.xmlReason, /takes JSON bodies only/);
  });

  test('every generated XML example is valid and detected as its type, as on the page', () => {
    for (const e of examples.filter((x) => x.xml)) {
      const r = validateText(e.xml);
      assert.equal(r.format, 'xml');
      assert.equal(
        r.status,
        'valid',
        `${e.type} "${e.label}": ${r.summary} ${r.errors.map((x) => `${x.pointer} ${x.message}`).join('; ')}`,
      );
      const type = byName.get(e.type);
      assert.ok(r.type === e.type || type.alternatives.includes(r.type), `${e.label}: detected ${r.type}`);
      if (e.variant) assert.equal(r.variant, e.variant);
      assert.match(r.reason, /^has the root element `/);
    }
  });

  test('the mapping is its own inverse: XML -> model -> XML and model -> XML -> model give back what went in', () => {
    for (const e of examples.filter((x) => x.xml)) {
      const type = byName.get(e.type);
      const mapped = modelOf(e.xml, e.type);
      assert.deepEqual(mapped.problems, [], e.type);
      assert.deepEqual(mapped.value, JSON.parse(e.text), `${e.type}: the model of the XML example differs from the JSON example`);
      assert.equal(
        modelToXml(mapped.value, {
          typeName: type.schema,
          components: schemas[type.file],
          root: type.xml.root,
          namespace: type.xml.namespace,
        }),
        e.xml,
      );
    }
  });

  test('every example of the specs, written as XML, is valid for the chosen type and for detection', () => {
    const all = specExamples().filter((x) => byName.get(x.type).xml);
    assert.ok(all.length >= 40, `only ${all.length} examples`);
    const failures = [];
    for (const {where, type, value} of all) {
      const xml = toXml(value, type);
      assert.deepEqual(modelOf(xml, type).value, value, where);
      for (const requested of [type, 'auto']) {
        const r = validateText(xml, requested);
        if (!r.valid)
          failures.push(`${where} as ${requested}: ${r.summary} ${r.errors.map((e) => `${e.pointer} ${e.message}`).join('; ')}`);
      }
    }
    assert.deepEqual(failures, []);
  });
});

describe('XML with a fault of each kind is rejected with its element path, line and column', () => {
  /** Checks `xml`, expecting an error of `rule` at `path`, located on the start tag of `at` (an element path in the text, or a place). */
  function rejects(xml, path, rule, at = path) {
    const r = validateText(xml);
    assert.equal(r.valid, false);
    assert.equal(r.format, 'xml');
    const error = errorAt(r, path, rule);
    const place = typeof at === 'string' ? placeOf(xml, at) : at;
    assert.ok(place, `${at} is not in the text`);
    assert.deepEqual({line: error.line, column: error.column}, place, `${rule} at ${path}`);
    return {r, error};
  }

  test('an unknown element: its path, the allowed elements, and a suggestion-free list in model order', () => {
    const xml = timecardXml.replace('  <person>', '  <persoon>x</persoon>\n  <person>');
    const {error} = rejects(xml, '/Timecard/persoon', 'unknown element');
    assert.match(error.message, /Allowed here, in this order: documentId, supplier, customer/);
  });

  test('a missing required element: its path, at the element that follows where it belongs, as libxml2 reports it', () => {
    const message = timecard();
    delete message.supplier.legalId;
    delete message.period;
    const xml = toXml(message, 'Timecard');
    // xmllint: "Element 'staffingIds': This element is not expected. Expected is ( period )."
    const {error} = rejects(xml, '/Timecard/period', 'required', '/Timecard/staffingIds');
    assert.match(error.message, /Missing required element `period` in `\/Timecard`/);
    // Where nothing follows it in its parent, at the parent ("Missing child element(s)").
    const lastMissing = timecard();
    delete lastMissing.documentId.schemeAgencyId;
    rejects(toXml(lastMissing, 'Timecard'), '/Timecard/documentId/schemeAgencyId', 'required', '/Timecard/documentId');
  });

  test('elements out of the order of the message model', () => {
    const xml = timecardXml.replace(/( {2}<supplier>[\s\S]*?<\/supplier>\n)( {2}<customer>[\s\S]*?<\/customer>\n)/, '$2$1');
    const {error} = rejects(xml, '/Timecard/supplier', 'element order');
    assert.match(error.message, /`supplier` must come before `customer`/);
  });

  test('a bad date breaks the rule of its XSD datatype, xs:date', () => {
    const message = timecard();
    message.period.datePeriod.start = '2025-13-45';
    const {r, error} = rejects(toXml(message, 'Timecard'), '/Timecard/period/datePeriod/start', 'xs:date');
    assert.match(error.message, /YYYY-MM-DD.*found "2025-13-45": the month is 13, from 01 to 12\./);
    assert.equal(r.errorCount, 1, 'the JSON format error on the same value is left to the XSD datatype');
  });

  test('a code outside its list names the allowed codes', () => {
    const message = timecard();
    message.supplier.legalId.schemeAgencyId = 'kvk';
    const {error} = rejects(toXml(message, 'Timecard'), '/Timecard/supplier/legalId/schemeAgencyId', 'enum');
    assert.match(error.message, /Must be one of "KvK".*Did you mean "KvK"\?/);
  });

  test('a list item is named by its position: /Timecard/timeInterval[2]/…', () => {
    const message = timecard();
    assert.ok(message.timeInterval.length >= 2);
    message.timeInterval[1].id.schemeAgencyId = 'Klant';
    const {error} = rejects(toXml(message, 'Timecard'), '/Timecard/timeInterval[2]/id/schemeAgencyId', 'enum');
    assert.equal(error.jsonPath, '$.timeInterval[1].id.schemeAgencyId');
  });

  test('a wrong namespace, or none, is reported once, at the root', () => {
    for (const [from, to] of [
      ['xmlns="https://ontology.setu.nl/messages"', 'xmlns="https://ontology.setu.nl/planning"'],
      [' xmlns="https://ontology.setu.nl/messages"', ''],
    ]) {
      const xml = timecardXml.replace(from, to);
      const {r, error} = rejects(xml, '/Timecard', 'namespace');
      assert.equal(r.type, 'Timecard');
      assert.match(error.message, /a Purchase to Pay 2\.0 message is in the namespace `https:\/\/ontology\.setu\.nl\/messages`/);
      assert.match(error.message, to ? /the namespace `https:\/\/ontology\.setu\.nl\/planning`/ : /is in no namespace/);
      assert.equal(r.errors.length, 1);
    }
  });

  test('an element in another namespace inside the message', () => {
    const xml = timecardXml.replace('  <person>', '  <x:note xmlns:x="urn:example">n</x:note>\n  <person>');
    rejects(xml, '/Timecard/x:note', 'namespace');
  });

  test('mixed text, a repeated single element, an attribute and text where a number belongs', () => {
    // Located at the stray text itself: the line after <supplier>, where it starts.
    const mixed = timecardXml.replace('  <supplier>\n', '  <supplier>\n    loose text\n');
    rejects(mixed, '/Timecard/supplier', 'mixed text', {line: placeOf(mixed, '/Timecard/supplier').line + 1, column: 5});
    const repeated = timecardXml.replace(/( {2}<person>[\s\S]*?<\/person>\n)/, '$1$1');
    rejects(repeated, '/Timecard/person', 'repeated element', '/Timecard/person[2]');
    rejects(
      timecardXml.replace('  <supplier>', '  <supplier kind="x">'),
      '/Timecard/supplier/@kind',
      'unknown attribute',
      '/Timecard/supplier',
    );
    const message = JSON.parse(examples.find((e) => e.type === 'PlanningRequest 1.0').text);
    const xml = toXml(message, 'PlanningRequest 1.0').replace(/<hours>[^<]*<\/hours>/, '<hours>eight</hours>');
    const r = validateText(xml);
    assert.ok(
      r.errors.some(
        (e) =>
          e.rule === 'xs:decimal' &&
          /\/hours$/.test(e.pointer) &&
          /a decimal number.*found "eight": it is not a decimal number/.test(e.message),
      ),
      r.errors.map((e) => e.message).join('; '),
    );
    assert.equal(r.errorCount, 1, r.errors.map((e) => e.message).join('; '));
  });

  test('a chosen type whose root differs, and a root that is no SETU message', () => {
    const r = validateText(timecardXml, 'StaffingOrder');
    errorAt(r, '/Timecard', 'root element');
    assert.match(r.hint, /It looks more like Timecard/);
    const unknown = validateText('<Invoice xmlns="https://ontology.setu.nl/messages"/>');
    assert.equal(unknown.status, 'unknown-type');
    assert.match(unknown.summary, /root element `Invoice` is not the root of a SETU message/);
  });

  test('a type without an XML form says so instead of guessing', () => {
    const xml = '<Attachment xmlns="https://ontology.setu.nl/messages"><document>AA==</document></Attachment>';
    for (const requested of ['auto', 'Attachment']) {
      const r = validateText(xml, requested);
      assert.equal(r.status, 'no-xml');
      assert.match(r.summary, /"mime type" is not a valid XML element name/);
    }
  });

  test('XML syntax errors give the line and column in words; the format comes from the text, else the file name', () => {
    const r = validateText(timecardXml.replace('</supplier>', ''));
    assert.equal(r.status, 'syntax');
    assert.match(r.summary, /^Not well-formed XML, line \d+, column \d+: /);
    assert.equal(formatOf('  <a/>'), 'xml');
    assert.equal(formatOf('{"a": 1}', 'xml'), 'json');
    assert.equal(formatOf('garbage', 'xml'), 'xml');
    assert.equal(formatOf('garbage'), 'json');
    assert.equal(validateText('garbage', 'auto', {format: 'xml'}).summary.startsWith('Not well-formed XML'), true);
    assert.equal(validateText('\u0000\u0001PK\u0003', 'auto', {format: 'xml'}).status, 'binary');
  });
});

describe('hostile XML', () => {
  const timed = (fn) => {
    const started = performance.now();
    const value = fn();
    return {value, ms: performance.now() - started};
  };

  test('a DOCTYPE is refused before anything is expanded or fetched: billion laughs, external entities, parameter entities', () => {
    const laughs = `<?xml version="1.0"?>\n<!DOCTYPE lolz [\n<!ENTITY lol "lol">\n${Array.from({length: 9}, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`).join('\n')}\n]>\n<Timecard xmlns="https://ontology.setu.nl/messages">&lol9;</Timecard>`;
    const external =
      '<?xml version="1.0"?>\n<!DOCTYPE Timecard [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<Timecard xmlns="https://ontology.setu.nl/messages">&xxe;</Timecard>';
    const parameter = '<!DOCTYPE Timecard [<!ENTITY % remote SYSTEM "http://127.0.0.1:9/x.dtd"> %remote;]><Timecard/>';
    const plain = '<!DOCTYPE Timecard><Timecard xmlns="https://ontology.setu.nl/messages"/>';
    for (const text of [laughs, external, parameter, plain]) {
      const {value: r, ms} = timed(() => validateText(text));
      assert.equal(r.status, 'syntax', text.slice(0, 60));
      assert.match(r.summary, /document type declaration \(<!DOCTYPE …>\) is not allowed/);
      assert.ok(ms < 1000, `${ms} ms`);
      assert.doesNotMatch(JSON.stringify(r), /root:|lollol/);
    }
  });

  test('an entity reference other than the five predefined ones is refused; those and character references are read', () => {
    const r = validateText(timecardXml.replace('<value>TC-', '<value>&nbsp;TC-'));
    assert.equal(r.status, 'syntax');
    assert.match(r.summary, /an entity reference other than &amp;, &lt;, &gt;, &quot;, &apos;/);
    const message = timecard();
    message.referenceNumber = 'R&D <1> "x" \'y\' é';
    const xml = toXml(message, 'Timecard').replace('é', '&#233;');
    assert.match(xml, /R&amp;D &lt;1&gt;/);
    assert.equal(modelOf(xml, 'Timecard').value.referenceNumber, message.referenceNumber);
    assert.equal(validateText(xml).valid, true);
  });

  test('elements called __proto__ or constructor are plain properties and pollute nothing', () => {
    const open =
      '<TimeInterval xmlns="https://ontology.setu.nl/messages"><__proto__><polluted>yes</polluted></__proto__><constructor><prototype><polluted>yes</polluted></prototype></constructor></TimeInterval>';
    const mapped = modelOf(open, 'TimeInterval');
    assert.deepEqual(Object.keys(mapped.value), ['__proto__', 'constructor']);
    assert.equal(Object.getPrototypeOf(mapped.value), Object.prototype);
    validateText(open);
    const closed = validateText(timecardXml.replace('  <person>', '  <__proto__><polluted>yes</polluted></__proto__>\n  <person>'));
    errorAt(closed, '/Timecard/__proto__', 'unknown element');
    assert.equal(/** @type {any} */ ({}).polluted, undefined);
  });

  test('processing instructions other than the declaration are ignored with a warning', () => {
    const r = validateText(timecardXml.replace('<Timecard', '<?xml-stylesheet href="x.xsl"?>\n<Timecard'));
    assert.equal(r.valid, true);
    assert.match(r.warnings[0].message, /xml-stylesheet/);
  });

  test('10,000 levels of nesting neither overflow the stack nor take long', () => {
    for (const inner of ['<a>', '<customerSpecificRequirements>']) {
      const close = inner.replace('<', '</');
      const text = `<Timecard xmlns="https://ontology.setu.nl/messages">${inner.repeat(10_000)}x${close.repeat(10_000)}</Timecard>`;
      const {value: r, ms} = timed(() => validateText(text));
      assert.equal(r.valid, false);
      assert.equal(r.stats.depth, 10_001);
      assert.ok(ms < 3000, `${ms} ms`);
    }
    const open = validateText(
      `<TimeInterval xmlns="https://ontology.setu.nl/messages">${'<x>'.repeat(10_000)}${'</x>'.repeat(10_000)}</TimeInterval>`,
    );
    assert.equal(open.valid, false);
    assert.ok(
      open.errors.some((e) => e.rule === 'nesting'),
      open.errors.map((e) => e.rule).join(),
    );
  });

  test('a 5 MB XML message is checked within seconds, and its errors are capped but counted', () => {
    const message = timecard();
    const line = message.timeInterval[0];
    message.timeInterval = [];
    let xml = '';
    while (xml.length < 5 * 1024 * 1024) {
      for (let i = 0; i < 2000; i++)
        message.timeInterval.push({...structuredClone(line), id: {value: `l-${message.timeInterval.length}`, schemeAgencyId: 'Customer'}});
      xml = toXml(message, 'Timecard');
    }
    const {value: ok, ms} = timed(() => validateText(xml));
    assert.equal(ok.valid, true, ok.summary);
    assert.ok(ms < 10_000, `${ms} ms`);
    assertCappedErrors(validateText(xml.replaceAll('>Customer<', '>customer<')));
  });

  test('syntax errors of the parser carry a position; an empty or text-only document has no root', () => {
    for (const text of ['<a>', '<a></b>', '<a x="1" x="2"/>', '<1a/>', '<a>&#0;</a>', '<p:a/>']) {
      assert.throws(
        () => parseXml(text),
        (e) => e instanceof XmlSyntaxError && e.line >= 1 && e.column >= 1,
        text,
      );
    }
    assert.equal(validateText('<!-- only a comment -->').status, 'syntax');
  });
});
