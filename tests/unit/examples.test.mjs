// Every example message the site shows passes the site's validator with no error and no warning (issue 41): the
// request and response bodies of every operation of specs/ (as JSON and in their XML form), the messages on the pages,
// the dictionary's downloads and the validator page's example buttons. A page that presents a message as drawing a
// finding says so in its code block's meta, expect="<severity> <rule>, …" (`expect="warning BR 292"`: a message
// exchanged outside REST; `expect="error required"`: a message shown as wrong), and the validator must give exactly those.
//
// Every JSON code block on every page is a message of the standard, or a part of one: it names its schema with
// the meta schema="<ComponentName>" and must validate against that schema of specs/. A name that several
// specs define is looked up in the spec of the API version whose documentation holds the page
// (scripts/lib/example-schemas.mjs); api="<registry id>" chooses the spec explicitly. An XML code block
// that names its schema the same way is a message in its XML form: the validator must accept it as that
// type, both chosen and detected.
import {test, describe} from 'node:test';
import assert from 'node:assert/strict';
import {compileSchemas, formatErrors, jsonErrorLocation} from '../../src/build/specs.mjs';
import {pageFiles, codeBlocks, metaValue} from '../../scripts/lib/code-blocks.mjs';
import {pageRoute, resolveSchema} from '../../scripts/lib/example-schemas.mjs';
import {apiOfRoute} from '../../src/data/registry.mjs';
import {docsDir as defaultDocsDir} from '../../src/build/paths.mjs';
import fs from 'node:fs';
import path from 'node:path';
import {typeKey, messageTypeNames} from '../../src/plugins/validator/generate.mjs';
import {validateText} from '../../src/plugins/validator/engine/validate-text.mjs';
import {examples as pageExamples} from '../../generated/validator/examples.mjs';
import {messageTypes} from '../../generated/validator/catalog.mjs';
import {dictionaryDir} from '../../src/generated-dir.mjs';
import {apis} from '../../src/data/registry.mjs';
import {messageExamples} from './lib/message-cases.mjs';
import {toXml} from './lib/xml-layout.mjs';

const schemas = compileSchemas();
// SETU_DOCS_DIR checks another folder of pages (the robustness tests use it on copies with a fault).
const docsDir = process.env.SETU_DOCS_DIR || defaultDocsDir;
const jsonBlocks = pageFiles(docsDir)
  .flatMap((file) => codeBlocks(file).map((block) => ({...block, route: pageRoute(file, docsDir)})))
  .filter((b) => ['json', 'jsonc', 'json5'].includes(b.lang));

/**
 * What the validator finds in a message, as "<severity> <rule>" once each, sorted: its errors (or its status, where the
 * text is no message it could check) and its warnings. Notes are no finding: they say what the verdict rests on.
 */
function findingsOf(/** @type {ReturnType<typeof validateText>} */ r) {
  const errors = r.errors.length ? r.errors.map((e) => `error ${e.rule}`) : r.valid ? [] : [`error ${r.status}`];
  return [...new Set([...errors, ...r.warnings.map((w) => `warning ${w.rule ?? 'scan'}`)])].sort();
}

/** The findings a code block's meta names (expect="warning BR 292, …"), sorted; none by default. */
const expectedOf = (/** @type {string} */ meta) =>
  (metaValue(meta, 'expect') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .sort();

/** The validator's verdict on a message as a line for a failure list, with its first errors and warnings. */
const verdictWords = (/** @type {ReturnType<typeof validateText>} */ r) =>
  `${r.summary} ${[...r.errors.slice(0, 3).map((e) => `${e.pointer}: ${e.message}`), ...r.warnings.slice(0, 3).map((w) => `${w.path}: ${w.message}`)].join(' | ')}`;

/** "line:column" in the page for a JSON.parse error position. */
function parseErrorLocation(block) {
  const at = jsonErrorLocation(block.code);
  return at ? `${block.line + at.line}:${at.column}` : `${block.line + 1}`;
}

test('the pages contain JSON examples', () => {
  assert.ok(jsonBlocks.length > 0, 'no ```json block found under docs/');
});

for (const block of jsonBlocks) {
  const title = metaValue(block.meta, 'title');
  test(`${block.file}:${block.line}${title ? ` (${title})` : ''} validates`, () => {
    assert.equal(block.lang, 'json', `${block.file}:${block.line}: use \`\`\`json (not ${block.lang}) for messages`);
    const name = metaValue(block.meta, 'schema');
    assert.ok(
      name,
      `${block.file}:${block.line}: JSON block without schema="<ComponentName>" meta; every JSON example must name the schema it follows`,
    );
    const schema = resolveSchema(schemas, name, {route: block.route, apiId: metaValue(block.meta, 'api')});
    assert.ok(!schema.error, `${block.file}:${block.line}: ${schema.error}`);
    let message;
    try {
      message = JSON.parse(block.code);
    } catch (error) {
      assert.fail(`${block.file}:${parseErrorLocation(block)}: invalid JSON: ${error.message}`);
    }
    const whole = messageTypeNames[schema.file]?.includes(schema.name);
    // A message the page presents as wrong (expect="error required"): the validator must find exactly that.
    const presentedAsWrong = expectedOf(block.meta).some((finding) => finding.startsWith('error '));
    assert.ok(!presentedAsWrong || whole, `${block.file}:${block.line}: expect="error …" is for a whole message, not a part of one`);
    if (!presentedAsWrong && !schema.validate(message)) {
      assert.fail(
        `${block.file}:${block.line}: example does not match ${name} (specs/${schema.file}):\n  ${formatErrors(schema.validate.errors).join('\n  ')}`,
      );
    }
    // A whole message (not a part of one): the site's validator, business rules included, finds what the page says.
    if (whole) {
      const r = validateText(block.code, typeKey(schema.file, schema.name));
      assert.deepEqual(findingsOf(r), expectedOf(block.meta), `${block.file}:${block.line}: ${verdictWords(r)}`);
    }
  });
}

const xmlBlocks = pageFiles(docsDir)
  .flatMap((file) => codeBlocks(file).map((block) => ({...block, route: pageRoute(file, docsDir)})))
  .filter((b) => b.lang === 'xml' && metaValue(b.meta, 'schema'));

for (const block of xmlBlocks) {
  const title = metaValue(block.meta, 'title');
  test(`${block.file}:${block.line}${title ? ` (${title})` : ''} validates as XML, chosen and detected`, () => {
    const name = metaValue(block.meta, 'schema');
    const schema = resolveSchema(schemas, name, {route: block.route, apiId: metaValue(block.meta, 'api')});
    assert.ok(!schema.error, `${block.file}:${block.line}: ${schema.error}`);
    const type = typeKey(schema.file, schema.name);
    const chosen = validateText(block.code, type);
    assert.equal(chosen.format, 'xml', `${block.file}:${block.line}: not read as XML`);
    const presentedAsWrong = expectedOf(block.meta).some((finding) => finding.startsWith('error '));
    assert.ok(
      presentedAsWrong || chosen.valid,
      `${block.file}:${block.line}: the validator rejects it as ${type}: ${chosen.summary}\n  ${chosen.errors.map((e) => `${e.path ?? e.pointer} (line ${block.line + e.line}): ${e.message}`).join('\n  ')}`,
    );
    assert.deepEqual(findingsOf(chosen), expectedOf(block.meta), `${block.file}:${block.line}: ${verdictWords(chosen)}`);
    assert.equal(validateText(block.code).type, type, `${block.file}:${block.line}: detected as another type`);
  });
}

/**
 * The messages of a source that draw a finding, as lines naming each and what the validator found.
 * @param {{where: string, text: string, type: string}[]} messages
 */
function withFindings(messages) {
  return messages.flatMap(({where, text, type}) => {
    const r = validateText(text, type);
    return findingsOf(r).length ? [`${where} (${type}): ${verdictWords(r)}`] : [];
  });
}

const xmlTypes = new Set(messageTypes.filter((t) => t.xml).map((t) => t.name));

// The messages outside docs/ are left out where the test checks another folder of pages (the robustness tests do, on a
// copy with one fault: the site's own examples are checked by the suite's own run).
describe(
  'every example message of the site passes the validator with no error and no warning',
  {skip: Boolean(process.env.SETU_DOCS_DIR)},
  () => {
    test('the request and response bodies of every operation of specs/, as JSON and in their XML form', () => {
      const messages = messageExamples().flatMap(({file, where, type, value}) => [
        {where: `specs/${file} ${where}`, text: JSON.stringify(value, null, 2), type},
        ...(xmlTypes.has(type) ? [{where: `specs/${file} ${where}, in XML`, text: toXml(value, type), type}] : []),
      ]);
      assert.ok(messages.length > 150, `${messages.length} messages`);
      assert.deepEqual(withFindings(messages), []);
    });

    test("the validator page's example buttons, as JSON and as XML", () => {
      const messages = pageExamples.flatMap((e) => [
        {where: `example ${e.label}`, text: e.text, type: e.type},
        ...(e.xml ? [{where: `example ${e.label}, in XML`, text: e.xml, type: e.type}] : []),
      ]);
      assert.ok(messages.length > 40, `${messages.length} messages`);
      assert.deepEqual(withFindings(messages), []);
    });

    test("the dictionary's downloads (/docs/messages/files/…), JSON and XML", () => {
      const files = path.join(dictionaryDir, '_files');
      const messages = [];
      for (const api of apis.filter((a) => a.standardSlug)) {
        const dir = path.join(files, /** @type {string} */ (api.standardSlug), api.version);
        if (!fs.existsSync(dir)) continue;
        for (const name of fs.readdirSync(dir)) {
          const message = /^(\w+)\.example-\d+\.(json|xml)$/.exec(name)?.[1];
          if (!message) continue;
          messages.push({
            where: path.relative(files, path.join(dir, name)),
            text: fs.readFileSync(path.join(dir, name), 'utf8'),
            type: typeKey(api.specFile, message),
          });
        }
      }
      assert.ok(messages.length > 50, `${messages.length} downloads (run node scripts/generate.mjs messages)`);
      assert.ok(messages.some((m) => m.where.endsWith('.xml')));
      assert.deepEqual(withFindings(messages), []);
    });

    test('a page can mark the findings a message draws; the check holds it to exactly those', () => {
      const planning = /** @type {any} */ (pageExamples.find((e) => e.type === 'PlanningAssignment 1.0'));
      const withCode = JSON.stringify({...JSON.parse(planning.text), actionCode: 'POST'}, null, 2);
      assert.deepEqual(
        findingsOf(validateText(withCode, planning.type)),
        expectedOf('schema="PlanningAssignment" expect="warning BR 292"'),
      );
      assert.deepEqual(findingsOf(validateText(planning.text, planning.type)), expectedOf('schema="PlanningAssignment"'));
      assert.deepEqual(findingsOf(validateText('<a', 'auto')), ['error syntax']);
      assert.deepEqual(withFindings([{where: 'this', text: withCode, type: planning.type}]).length, 1);
    });
  },
);

// The lookup itself, on a registry and schema map of its own: two versions of one standard that share
// a component name, and a second standard with a name of its own.
const registry = [
  {id: 'std-2.0', specFile: 'std-2.0.json', docsRoute: '/std/2.0/'},
  {id: 'std', specFile: 'std.json', docsRoute: '/std/'},
  {id: 'other', specFile: 'other.json', docsRoute: '/other/'},
];
const component = (file, name) => ({file, name, validate: () => true});
const compiled = {
  Message: component('std.json', 'Message'),
  'std-2.0.json#Message': component('std-2.0.json', 'Message'),
  Order: component('other.json', 'Order'),
  'other.json#Message': component('other.json', 'Message'),
};
const lookup = (name, route, apiId) => resolveSchema(compiled, name, {route, apiId}, registry);

test('a page belongs to the API version with the longest docsRoute that contains it', () => {
  assert.equal(apiOfRoute('/std/2.0/usage-notes/rates', registry).id, 'std-2.0');
  assert.equal(apiOfRoute('/std/2.0/', registry).id, 'std-2.0');
  assert.equal(apiOfRoute('/std/2.0', registry).id, 'std-2.0');
  assert.equal(apiOfRoute('/std/scenarios', registry).id, 'std');
  assert.equal(apiOfRoute('/std-extra/page', registry), undefined);
  assert.equal(apiOfRoute('/api/usage-notes/identifiers', registry), undefined);
});

test('the route of a page follows its file under docs/', () => {
  assert.equal(pageRoute('/site/docs/std/2.0/index.mdx', '/site/docs'), '/std/2.0/');
  assert.equal(pageRoute('/site/docs/std/2.0/usage-notes/rates.mdx', '/site/docs'), '/std/2.0/usage-notes/rates');
  assert.equal(pageRoute('/site/docs/index.mdx', '/site/docs'), '/');
});

test('a shared schema name resolves in the spec of the page’s own API version', () => {
  assert.equal(lookup('Message', '/std/2.0/examples').file, 'std-2.0.json');
  assert.equal(lookup('Message', '/std/examples').file, 'std.json');
  assert.equal(lookup('Message', '/other/page').file, 'other.json');
});

test('a name outside the page’s own spec resolves in the one spec that has it', () => {
  assert.equal(lookup('Order', '/std/2.0/examples').file, 'other.json');
  assert.equal(lookup('Order', '/api/overview').file, 'other.json');
});

test('a shared name on a page of no API is ambiguous until api="…" chooses', () => {
  const {error} = lookup('Message', '/api/overview');
  assert.match(error, /schema="Message" is ambiguous: specs\/std\.json, specs\/std-2\.0\.json, specs\/other\.json all have it/);
  assert.match(error, /api="<id>" \(std, std-2\.0, other\)/);
  assert.equal(lookup('Message', '/api/overview', 'std-2.0').file, 'std-2.0.json');
  assert.equal(lookup('Message', '/std/2.0/examples', 'std').file, 'std.json');
});

test('unknown names, unknown API ids and a missing spec are reported', () => {
  assert.match(lookup('Nothing', '/std/').error, /schema="Nothing" is not a component schema of any spec/);
  assert.match(lookup('Order', '/std/', 'std').error, /schema="Order" is not a component schema of specs\/std\.json \(api="std"\)/);
  assert.match(lookup('Message', '/std/', 'std-3.0').error, /api="std-3\.0" is not in the API registry .*ids: std-2\.0, std, other/);
  const withoutNewSpec = Object.fromEntries(Object.entries(compiled).filter(([, c]) => c.file !== 'std-2.0.json'));
  assert.match(
    resolveSchema(withoutNewSpec, 'Message', {route: '/std/2.0/examples'}, registry).error,
    /API "std-2\.0", whose spec specs\/std-2\.0\.json is missing/,
  );
});
