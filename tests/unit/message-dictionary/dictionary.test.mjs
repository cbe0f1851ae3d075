// The message dictionary (/docs/messages/, src/plugins/message-dictionary/generate.mjs): every field of every dictionary message has
// exactly one entry with the cardinality and type its schema gives (computed here, independently of the generator's
// walk), every oneOf alternative is reachable, the version diffs are reconciled with their data files and the
// release notes, and the JSON Schema downloads accept every example of their message.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {root} from '../../../src/build/paths.mjs';
import {createAjv, operationsOf, readSpec} from '../../../src/build/specs.mjs';
import {generate} from '../../../src/plugins/message-dictionary/generate.mjs';
import {
  dictionaryApis,
  dictionaryMessagesOf,
  messageFields,
  messageRoute,
  versionDiffs,
  xmlOfMessage,
} from '../../../src/plugins/message-dictionary/message-dictionary.mjs';
import {fieldLink} from '../../../src/plugins/validator/engine/field-links.mjs';
import {factsDir, factsFolderOf} from '../../../src/build/published-forms.mjs';

const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'messages-'));
const {files} = generate(outDir);

/** The entries of the generated pages of a message: path -> [{cardinality, type, page, text (the page's), body (the entry's)}]. */
function pageEntries(api, message) {
  const prefix = `${api.standardSlug}/${api.version}/${message}`;
  const found = new Map();
  for (const [rel, text] of files) {
    if (!rel.endsWith('.mdx') || !(rel === `${prefix}.mdx` || rel.startsWith(`${prefix}/`))) continue;
    for (const m of text.matchAll(/<Field id="([^"]*)" n="[^"]*" c="([^"]*)" t="([^"]*)"[^>]*>(.*?)<\/Field>/g)) {
      const p = m[1].replace(/&quot;/g, '"').replace(/&amp;/g, '&');
      if (!found.has(p)) found.set(p, []);
      found.get(p).push({cardinality: m[2], type: m[3], page: rel, text, body: m[4]});
    }
  }
  return found;
}

// ---------- an independent reading of the schemas ----------

/** Follows $ref and one-part allOf; merges several allOf parts' properties and required. */
function resolve(node, schemas) {
  if (!node) return node;
  if (node.$ref) return resolve(schemas[node.$ref.split('/').pop()], schemas);
  if (node.allOf) {
    const parts = node.allOf.map((p) => resolve(p, schemas));
    if (parts.length === 1 && !node.properties) return parts[0];
    return {
      ...Object.assign({}, ...parts),
      ...node,
      properties: Object.assign({}, ...parts.map((p) => p.properties ?? {}), node.properties ?? {}),
      required: [...parts.flatMap((p) => p.required ?? []), ...(node.required ?? [])],
    };
  }
  return node;
}
const refsOf = (node) => [node?.$ref, ...(node?.allOf ?? []).map((p) => p.$ref)].filter(Boolean).map((r) => r.split('/').pop());
const jsonType = (s) => {
  if (s.type) return [s.type].flat().join('|');
  if (s.properties) return 'object';
  if (s.items) return 'array';
  const v = s.const ?? s.enum?.[0];
  if (v !== undefined) return typeof v;
  return null;
};

/** Every field path with its cardinality and type, as the contract defines them; recursion stops at an ancestor. */
function expectedFields(schemas, message) {
  const out = new Map();
  const alternatives = [];
  const walk = (schema, at, ancestors) => {
    const s = resolve(schema, schemas);
    (s.oneOf ?? []).forEach((alt, i) => {
      const name = alt.$ref ? alt.$ref.split('/').pop() : String(i + 1);
      const p = `${at}(${name})`;
      out.set(p, {cardinality: '0..1', type: null});
      alternatives.push({parent: at, path: p});
      if (!refsOf(alt).some((r) => ancestors.includes(r))) walk(alt, p, [...ancestors, ...refsOf(alt)]);
    });
    for (const [key, prop] of Object.entries(s.properties ?? {})) {
      const r = resolve(prop, schemas);
      const list = r.type === 'array' || (Array.isArray(r.type) && r.type.includes('array'));
      const p = `${at ? `${at}.` : ''}${key}${list ? '[]' : ''}`;
      const required = (s.required ?? []).includes(key);
      const min = required ? (list ? (r.minItems ?? 0) : 1) : 0;
      const max = list ? (r.maxItems ?? '*') : 1;
      out.set(p, {cardinality: `${min}..${max}`, type: jsonType(r), requiredEmpty: required && min === 0});
      const inner = list ? r.items : prop;
      if (!refsOf(inner).some((x) => ancestors.includes(x))) walk(inner, p, [...ancestors, ...refsOf(inner)]);
    }
  };
  walk({$ref: `#/components/schemas/${message}`}, '', [message]);
  return {fields: out, alternatives};
}

const cases = dictionaryApis().flatMap((api) => {
  const spec = readSpec(api.specFile);
  return dictionaryMessagesOf(api, spec).map((message) => ({api, spec, message}));
});

test('the dictionary documents a message of every API version in the registry', () => {
  assert.ok(cases.length >= 10, `only ${cases.length} dictionary messages`);
  for (const api of dictionaryApis())
    assert.ok(
      cases.some((c) => c.api === api),
      `${api.id}: no dictionary message`,
    );
  // The routes named by the issue.
  for (const route of [
    '/messages/purchase-to-pay/2.0/Timecard',
    '/messages/planning/1.0/PlanningRequest',
    '/messages/inquiry-pay-equity/2.0/InquiryPayEquity',
    '/messages/inquiry-pay-equity/1.0/InquiryPayEquity',
  ])
    assert.ok(
      cases.some((c) => messageRoute(c.api, c.message) === route),
      route,
    );
});

for (const {api, spec, message} of cases) {
  test(`${api.standard} ${api.version} ${message}: one entry per field path, with the schema's cardinality and type`, () => {
    const {fields, alternatives} = expectedFields(spec.components.schemas, message);
    const entries = pageEntries(api, message);
    assert.ok(fields.size > 0);
    for (const [p, want] of fields) {
      const got = entries.get(p);
      assert.ok(got, `${message}: no entry for ${p}`);
      assert.equal(got.length, 1, `${message}: ${got.length} entries for ${p}`);
      assert.equal(got[0].cardinality, want.cardinality, `${message} ${p}: cardinality`);
      if (want.type) assert.equal(got[0].type, want.type, `${message} ${p}: type`);
      // A required list that may be empty starts at 0 as an optional one does: its entry says that it is required.
      assert.equal(got[0].body.includes('required, may be empty'), Boolean(want.requiredEmpty), `${message} ${p}: required, may be empty`);
    }
    for (const p of entries.keys()) assert.ok(fields.has(p), `${message}: entry ${p} is no field of the schema`);
    // Every alternative of a oneOf is linked from its parent's entry (or, at the root, is on the message page).
    for (const {parent, path: p} of alternatives) {
      if (parent === '') continue;
      const {text} = entries.get(parent)[0];
      const entry = text.slice(text.indexOf(`<Field id="${parent}"`));
      assert.ok(entry.slice(0, entry.indexOf('</Field>')).includes(`href="#${p}"`), `${message}: ${parent} does not link ${p}`);
    }
  });
}

// Against SETU's files rather than the spec: a list that the published JSON Schema requires is present but may be
// empty unless its minItems says otherwise (PositionProfileCondition's positionProfileIds: required, no minItems). A
// message whose root is a oneOf (the planning line bodies) is compared alternative by alternative.
test("every list's lower bound is the published JSON Schema's: minItems where required, else 0", () => {
  let compared = 0;
  const wrong = [];
  for (const {api, message} of cases) {
    const entries = pageEntries(api, message);
    const alternatives = [...entries.keys()].filter((p) => /^\([^)]+\)$/.test(p));
    const roots = [[message, ''], ...alternatives.map((p) => [p.slice(1, -1), `${p}.`])];
    for (const [name, prefix] of roots) {
      const file = path.join(factsDir, factsFolderOf(api), `${name}.json-form.json`);
      if (!fs.existsSync(file)) continue;
      for (const f of JSON.parse(fs.readFileSync(file, 'utf8')).forms[0].fields) {
        const got = f.items === undefined ? undefined : entries.get(prefix + f.path)?.[0];
        if (!got) continue;
        const want = f.required ? (f.minItems ?? 0) : 0;
        const min = Number(got.cardinality.split('..')[0]);
        compared++;
        if (min !== want)
          wrong.push(
            `${api.standard} ${api.version} ${message} ${prefix + f.path}: ${got.cardinality}, published ${f.required ? 'required' : 'optional'}, minItems ${f.minItems ?? 'none'}`,
          );
      }
    }
  }
  assert.ok(compared >= 300, `only ${compared} lists compared`);
  assert.deepEqual(wrong, [], `${wrong.length} lists:\n  ${wrong.join('\n  ')}`);
});

test('each page of the dictionary stays small enough for the HTML budget', () => {
  for (const [rel, text] of files)
    if (rel.endsWith('.mdx')) assert.ok(text.length < 58_000, `${rel}: ${text.length} bytes of MDX (about 2.4 times as much HTML)`);
});

test('the JSON Schema downloads are self-contained 2020-12 schemas that accept every example of their message', () => {
  let checked = 0;
  for (const {api, message} of cases) {
    const base = `_files/${api.standardSlug}/${api.version}/${message}`;
    const schema = JSON.parse(files.get(`${base}.schema.json`));
    assert.equal(schema.$schema, 'https://json-schema.org/draft/2020-12/schema');
    const refs = [...JSON.stringify(schema).matchAll(/"\$ref":"([^"]*)"/g)].map((m) => m[1]);
    for (const ref of refs)
      assert.ok(ref.startsWith('#/$defs/') && schema.$defs[ref.slice(8)], `${base}: $ref ${ref} is not one of its $defs`);
    const validate = createAjv({}, '2020-12').compile(schema);
    const examples = [...files.keys()].filter((k) => k.startsWith(`${base}.example-`) && k.endsWith('.json'));
    // A spec with operations has an example of each message it carries; one of component schemas only may have none.
    if (operationsOf(readSpec(api.specFile)).length > 0) assert.ok(examples.length > 0, `${base}: no example`);
    for (const ex of examples) {
      assert.ok(validate(JSON.parse(files.get(ex))), `${ex}: ${JSON.stringify(validate.errors?.slice(0, 3))}`);
      checked++;
    }
  }
  assert.ok(checked >= 10, `only ${checked} examples checked`);
});

test('every computed change of every version diff is explained, and every explanation matches a change', () => {
  const diffs = versionDiffs();
  assert.ok(
    diffs.some((d) => d.fromApi.standardSlug === 'inquiry-pay-equity'),
    'no Inquiry Pay Equity diff',
  );
  for (const d of diffs) {
    for (const m of d.messages) {
      assert.ok(m.changes.length > 0);
      for (const c of m.changes)
        assert.ok(c.explanation, `${d.file}: ${c.change} ${c.fromPath ?? '—'} -> ${c.toPath ?? '—'} is explained by no entry`);
      for (const x of (d.data.explained ?? []).filter((e) => e.message === m.toMessage))
        assert.ok(
          m.changes.some((c) => c.explanation === x),
          `${d.file}: explained ${x.change} ${x.path} matches no computed change`,
        );
      for (const x of d.data.explained ?? []) assert.ok(['release-notes', 'migration', 'ours'].includes(x.source), x.source);
    }
  }
});

/** The rows of the migration tables of a release-notes page: [{section, kind, paths}]. */
function migrationRows(file) {
  const text = fs.readFileSync(file, 'utf8');
  const rows = [];
  let section = null;
  for (const line of text.split('\n')) {
    const heading = line.match(/^###? .*\{#([\w-]+)\}/);
    if (heading) section = heading[1];
    if (!section?.startsWith('migration-') || ['migration-api', 'migration-open-points'].includes(section)) continue;
    if (!line.startsWith('|') || /^\|\s*(-|#|Kind)/.test(line)) continue;
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
    const kindCell = /^X\d+$/.test(cells[0]) ? 1 : 0;
    const kind = cells[kindCell];
    const paths = cells
      .slice(kindCell + 1, kindCell + 3)
      .flatMap((c) => [...c.matchAll(/`([^`]+)`/g)].map((m) => m[1]))
      .map((t) =>
        t
          .replace(/^…\.?/, '')
          .replace(/\s*\{.*$/, '')
          .replace(/\[\]/g, ''),
      )
      .filter((t) => /^[A-Za-z][\w.]*$/.test(t));
    rows.push({section, kind, paths, line});
  }
  return rows;
}

test('every row of the release notes migration tables that names a change matches a computed change', () => {
  const file = path.join(root, 'docs', 'gelijkwaardige-beloning', '2.0', 'release-notes.mdx');
  const d = versionDiffs().find((x) => x.fromApi.standardSlug === 'inquiry-pay-equity');
  // The changed paths, with everything inside an added or removed structure.
  const inside = (p, r) => p === r || p.startsWith(`${r}.`) || p.startsWith(`${r}(`);
  const changed = d.messages
    .flatMap((m) =>
      m.changes.flatMap((c) => {
        if (c.change === 'added')
          return messageFields(d.toApi, m.toMessage)
            .entries.map((e) => e.path)
            .filter((p) => inside(p, c.toPath));
        if (c.change === 'removed')
          return messageFields(d.fromApi, m.fromMessage)
            .entries.map((e) => e.path)
            .filter((p) => inside(p, c.fromPath));
        return [c.fromPath, c.toPath];
      }),
    )
    .filter(Boolean);
  // Paths without list marks and oneOf forms; a row's path matches the end of a changed path at a property boundary,
  // or an ancestor of one.
  const plain = changed.map((p) => p.replace(/\[\]/g, '').replace(/\([^)]*\)/g, ''));
  const values = new Set(
    d.messages.flatMap((m) =>
      m.changes.filter((c) => c.change === 'values').flatMap((c) => `${c.before ?? ''}, ${c.after ?? ''}`.split(', ')),
    ),
  );
  // A code-list row names codes: it matches a computed change of values that lists one of them.
  const matches = (t) => plain.some((p) => `.${p}.`.includes(`.${t}.`) || `.${p}`.endsWith(`.${t}`)) || values.has(t);
  // Rows that record no change (`unchanged`, or a change the standard's notes claim but the schema does not make) are skipped.
  const rows = migrationRows(file).filter((r) => !/^unchanged|\(claimed\)/.test(r.kind) && r.paths.length);
  assert.ok(rows.length > 30, `only ${rows.length} rows read`);
  for (const row of rows) assert.ok(row.paths.some(matches), `release notes row matches no computed change: ${row.line.slice(0, 160)}`);
});

test('a validator error links to the entry of its field, through oneOf forms and recursion', async () => {
  const {dictionary} = await import('../../../generated/message-dictionary-index.mjs');
  const {schemas} = await import('../../../generated/validator/schemas.mjs');
  const planning = fieldLink(
    {file: 'planning.json', schema: 'PlanningRequest', pointer: '/positionProfile/workingPeriods/item/0/workDuration', message: undefined},
    dictionary,
    schemas,
  );
  assert.equal(planning, '/docs/messages/planning/1.0/PlanningRequest#positionProfile.workingPeriods.item[].workDuration');
  const message = {
    remuneration: [
      {salaryScale: [{salaryStep: [{conditions: [{conditionType: 'AllOf', conditions: [{conditionType: 'Age', age: 'x'}]}]}]}]},
    ],
  };
  const link = fieldLink(
    {
      file: 'gelijkwaardige-beloning-2.0.json',
      schema: 'InquiryPayEquity',
      pointer: '/remuneration/0/salaryScale/0/salaryStep/0/conditions/0/conditions/0/age',
      message,
    },
    dictionary,
    schemas,
  );
  assert.match(
    link,
    /^\/docs\/messages\/inquiry-pay-equity\/2\.0\/InquiryPayEquity\/[\w-]+#remuneration\[\]\.salaryScale\[\]\.salaryStep\[\]\.conditions\[\]\(AgeCondition\)\.age$/,
  );
  // The anchor is an entry of the page the link names.
  const [page, anchor] = link.replace('/docs/messages/', '').split('#');
  const rel = [...files.keys()].find((k) => k === `${page}.mdx` || k === `${page}/index.mdx`);
  assert.ok(rel, `no page for ${page}`);
  assert.ok(files.get(rel).includes(`<Field id="${anchor}"`), `${rel} has no entry ${anchor}`);
  const line = fieldLink(
    {file: 'planning.json', schema: 'RequestedSinglePlanningLine', pointer: '/singlePlanningLine/0', message: undefined},
    dictionary,
    schemas,
  );
  assert.equal(line, '/docs/messages/planning/1.0/PlanningRequestLine#(RequestedSinglePlanningLine).singlePlanningLine[]');
});

test('a namespace is code to copy, never a URL that GFM makes a link; every XML root names its namespace', () => {
  for (const [rel, text] of files) {
    if (!rel.endsWith('.mdx')) continue;
    // GFM links a URL in text, in code too: a namespace or an example URL is a string expression, which is no text.
    assert.doesNotMatch(text, /<code>[^<{]*:\/\//, `${rel}: a URL in code becomes a link`);
    const intro =
      /<p>In XML the root element is <code>&#60;(\w+)&#62;<\/code> (in the namespace <code>([^<]*)<\/code>|in no namespace)/.exec(text);
    if (rel.includes('/changes/') || rel === 'index.mdx' || !/^[\w-]+\/[\d.]+\/\w+(\.mdx|\/index\.mdx)$/.test(rel)) continue;
    if (!text.includes('has no XML form')) assert.ok(intro, `${rel}: no sentence on the XML root and namespace`);
    if (intro?.[3] !== undefined) assert.ok(intro[3].length > 0, `${rel}: an empty namespace`);
  }
  const planning = files.get('planning/1.0/PlanningRequest/index.mdx');
  assert.match(planning, /in the namespace <code>\{"https:\/\/ontology\.setu\.nl\/planning#"\}<\/code>/);
  // The namespace is said once, in the introduction, not in each of the message's entries.
  assert.equal(planning.match(/ontology\.setu\.nl/g)?.length, 1);
});

test('an element named otherwise than its field (xml.name, the XSD) is named so in its entry and in the introduction', () => {
  const planning = files.get('planning/2.0/PlanningRequest/index.mdx');
  assert.match(
    planning,
    /named as the field except one: <code>costAllocationRef<\/code> for <a href="\/docs\/messages\/planning\/2\.0\/PlanningRequest#positionProfile\.costAllocation">/,
  );
  const entry = planning.slice(planning.indexOf('<Field id="positionProfile.costAllocation"'));
  assert.match(entry.slice(0, entry.indexOf('</Field>')), /XML: element <code>costAllocationRef<\/code>, 0\.\.1 in the XSD/);
  const payEquity = files.get('inquiry-pay-equity/1.0/InquiryPayEquity/index.mdx');
  assert.match(
    payEquity,
    /except one: <code>TimePeriod<\/code> for <a href="\/docs\/messages\/inquiry-pay-equity\/1\.0\/InquiryPayEquity\/sickPay#leave\[\]\.period\[\]\.timePeriod">/,
  );
  // The entry is on the part of the message that holds it (a link to the message's first page would find no anchor).
  // Without an XSD, the spec's xml.name: the fields of a message without one keep their names, and the page says so.
  const interval = files.get('purchase-to-pay/2.0/TimeInterval.mdx');
  assert.match(
    interval,
    /SETU publishes no XSD with this root element\. Each field is an element in the same namespace, named as the field;/,
  );
  const p2p = dictionaryApis().find((a) => a.standardSlug === 'purchase-to-pay');
  assert.ok(messageFields(p2p, 'TimeInterval').entries.every((e) => e.xmlName === null));
  const v1 = dictionaryApis().find((a) => a.standardSlug === 'inquiry-pay-equity' && a.version === '1.0');
  assert.equal(messageFields(v1, 'InquiryPayEquity').entries.find((e) => e.path === 'leave[].period[].timePeriod')?.xmlName, 'TimePeriod');
});

// Issue 41, item 8: an XML writer learns from the page that the entries' order is the XSD's and counts in XML (and not
// in JSON); true where the page says it: on each page, the entries of one parent follow the XSD's sequence.
test("every page of a message with an XML form says that the entries' order is the XSD's, normative for XML; and it is", () => {
  let compared = 0;
  for (const {api, spec, message} of cases) {
    const {xml} = xmlOfMessage(api, spec, message);
    const prefix = `${api.standardSlug}/${api.version}/${message}`;
    const pages = [...files].filter(([rel]) => rel === `${prefix}.mdx` || (rel.startsWith(`${prefix}/`) && rel.endsWith('.mdx')));
    assert.ok(pages.length > 0, prefix);
    const parentOf = new Map(messageFields(api, message).entries.map((e) => [e.path, e.parent]));
    for (const [rel, text] of pages) {
      const says = xml?.elements.size
        ? /The entries are in the order of the XSD's elements, and in XML that order is normative: a parent's elements must appear in the order in which their entries follow it here, else the message is not valid against the XSD \(and the validator says so\)\. In JSON the members of an object may come in any order\./
        : /The entries are in the order of the message model, which its XML form keeps: a parent's elements must appear in the order in which their entries follow it here, else the validator rejects the message\. In JSON the members of an object may come in any order\./;
      if (xml) assert.match(text, says, `${rel}: no word on the order of the elements`);
      else assert.doesNotMatch(text, /in XML that order is normative|which its XML form keeps/, `${rel}: a message without an XML form`);
      if (!xml?.elements.size) continue;
      /** @type {Map<string, number>} the last XSD position seen under each parent */
      const last = new Map();
      for (const m of text.matchAll(/<Field id="([^"]*)"/g)) {
        const p = m[1].replace(/&quot;/g, '"').replace(/&amp;/g, '&');
        const element = xml.elements.get(p);
        if (!element) continue;
        const parent = String(parentOf.get(p));
        assert.ok(
          element.position > (last.get(parent) ?? 0),
          `${rel}: ${p} is element ${element.position} of its sequence in the XSD, but follows element ${last.get(parent)} here`,
        );
        last.set(parent, element.position);
        compared++;
      }
    }
  }
  assert.ok(compared > 1500, `only ${compared} entries compared with the XSD`);
});

test('a code list is its codes as written, without quotes, each in its own code element, for the copy button', () => {
  const payEquity = files.get('inquiry-pay-equity/2.0/InquiryPayEquity/index.mdx');
  assert.match(payEquity, /import Codes from '@theme\/MessageCodes';/);
  const entry = payEquity.slice(payEquity.indexOf('<Field id="documentId.schemeAgencyId"'));
  assert.match(entry.slice(0, entry.indexOf('</Field>')), /<Codes>(<code>[A-Za-z]+<\/code>)+<\/Codes>/);
  for (const [rel, text] of files) {
    if (!rel.endsWith('.mdx')) continue;
    assert.doesNotMatch(text, /Allowed: /, `${rel}: a code list written as text`);
    for (const m of text.matchAll(/<Codes>(.*?)<\/Codes>/g))
      assert.match(m[1], /^(<code>[^<"]+<\/code>)+$/, `${rel}: ${m[1].slice(0, 80)}`);
  }
});

test('a message page offers its downloads before its entries', () => {
  for (const [rel, text] of files) {
    if (!text.includes('## Downloads {#downloads}')) continue;
    assert.ok(text.indexOf('## Downloads') < text.indexOf('<Field '), `${rel}: the downloads come after the entries`);
  }
  assert.ok(files.get('inquiry-pay-equity/2.0/InquiryPayEquity/index.mdx').includes('## Downloads {#downloads}'));
});

test('each message page says which published business rules apply, in the words of the verdict, or that none are published', () => {
  const statements = new Map();
  for (const api of dictionaryApis()) {
    for (const message of dictionaryMessagesOf(api, readSpec(api.specFile))) {
      const base = `${api.standardSlug}/${api.version}/${message}`;
      const text = files.get(`${base}.mdx`) ?? files.get(`${base}/index.mdx`);
      const paragraph = /<p data-business-rules="([^"]*)">(Business rules: [^<]*(?:<code>[^<]*<\/code>[^<]*)*)/.exec(text ?? '');
      assert.ok(paragraph, `${base}: no business rules paragraph`);
      statements.set(`${message} ${api.version}`, {
        numbers: paragraph[1],
        words: paragraph[2].replace(/<\/?code>/g, '`').replace(/&#95;/g, '_'),
      });
    }
  }
  assert.deepEqual(statements.get('Timecard 2.0'), {numbers: '', words: 'Business rules: none published for Timecard 2.0.'});
  assert.deepEqual(statements.get('PlanningRequest 1.0'), {
    numbers: '285 286 287 288 289 290 291 292 294 295',
    words:
      "Business rules: BR 285–292, 294 and 295 of SETU's PlanningRequest v1.0 (PlanningRequest_BRs_v1.0.xml); checked by the message validator, except BR 295, which one message cannot show (a note). ",
  });
  assert.match(
    statements.get('PlanningConstraintsLine 1.0').words,
    /BR 283, 284 and 292 of SETU's PlanningConstraints v1\.0, those on its `periodicAvailabilityLine` and `singleAvailabilityLine`/,
  );
  assert.match(
    statements.get('PlanningRequest 2.0').words,
    /^Business rules: none published for PlanningRequest 2\.0; BR 285–291 and 294 of v1\.0 are checked by the message validator as warnings/,
  );
});

test("a diff page writes the explanations' code as code, and says where each explanation comes from", () => {
  const planning = files.get('planning/changes/1.0-to-2.0.mdx');
  assert.doesNotMatch(planning, /&#96;/, 'a backtick of an explanation shows literally');
  assert.match(planning, /The <code>item<\/code> wrapper level is gone/);
  assert.doesNotMatch(planning, /the standard does not list it/i);
  assert.match(
    planning,
    /SETU describes the differences in a PDF \(in Dutch\) linked from its <a href="\/docs\/planning\/changelog">change log<\/a>/,
  );
  const payEquity = [...files]
    .filter(([rel]) => rel.startsWith('inquiry-pay-equity/changes/'))
    .map(([, t]) => t)
    .join('\n');
  assert.doesNotMatch(payEquity, /change overview/);
  const items = [...payEquity.matchAll(/<li><p>(.*?)<\/p><ul>/g)].map((m) => m[1]);
  const diff = versionDiffs().find((d) => d.file === 'inquiry-pay-equity-1.0-to-2.0.json');
  const explanations = new Set(
    diff.messages
      .flatMap((m) => m.changes)
      .map((c) => c.explanation)
      .filter(Boolean),
  );
  // Each explanation from our migration table or our own analysis is marked so; none of the release notes' is.
  let marked = 0;
  for (const x of explanations) {
    const start = /^[\w ,.;]{12,}/.exec(x.why ?? x.text)?.[0];
    if (!start) continue;
    const item = items.find((i) => i.startsWith(start.replace(/'/g, '&#39;')) || i.startsWith(start));
    assert.ok(item, `no item for: ${start}`);
    assert.equal(/release notes do not list it\)<\/em>$/.test(item), ['migration', 'ours'].includes(x.source), item);
    if (x.source === 'migration') marked++;
  }
  assert.ok(marked > 10, `only ${marked} explanations of the migration table checked`);
  // An explanation says once that the release notes do not list a change: its text does not say it again beside the
  // note ("The release notes do not list it. (…; SETU's release notes do not list it)").
  for (const item of [...items, ...[...planning.matchAll(/<li><p>(.*?)<\/p><ul>/g)].map((m) => m[1])]) {
    const sentences = item.split(/(?<=\.)\s+|\s*<em>/);
    const saying = sentences.filter((x) => /release notes|\bnotes\b/i.test(x) && /\b(not|no|nor|never)\b/i.test(x));
    assert.ok(saying.length <= 1, `said ${saying.length} times: ${item}`);
  }
});
