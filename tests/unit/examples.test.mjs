// Every JSON code block on every page is a message of the standard: it names its schema with
// the meta schema="<ComponentName>" and must validate against that schema of specs/. A name that several
// specs define is looked up in the spec of the API version whose documentation holds the page
// (scripts/lib/example-schemas.mjs); api="<registry id>" chooses the spec explicitly. An XML code block
// that names its schema the same way is a message in its XML form: the validator must accept it as that
// type, both chosen and detected.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {compileSchemas, formatErrors, jsonErrorLocation} from '../../src/build/specs.mjs';
import {pageFiles, codeBlocks, metaValue} from '../../scripts/lib/code-blocks.mjs';
import {pageRoute, resolveSchema} from '../../scripts/lib/example-schemas.mjs';
import {apiOfRoute} from '../../src/data/registry.mjs';
import {docsDir as defaultDocsDir} from '../../src/build/paths.mjs';
import {typeKey} from '../../src/plugins/validator/generate.mjs';
import {validateText} from '../../src/plugins/validator/engine/validate-text.mjs';

const schemas = compileSchemas();
// SETU_DOCS_DIR checks another folder of pages (the robustness tests use it on copies with a fault).
const docsDir = process.env.SETU_DOCS_DIR || defaultDocsDir;
const jsonBlocks = pageFiles(docsDir)
  .flatMap((file) => codeBlocks(file).map((block) => ({...block, route: pageRoute(file, docsDir)})))
  .filter((b) => ['json', 'jsonc', 'json5'].includes(b.lang));

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
    if (!schema.validate(message)) {
      assert.fail(
        `${block.file}:${block.line}: example does not match ${name} (specs/${schema.file}):\n  ${formatErrors(schema.validate.errors).join('\n  ')}`,
      );
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
    assert.ok(
      chosen.valid,
      `${block.file}:${block.line}: the validator rejects it as ${type}: ${chosen.summary}\n  ${chosen.errors.map((e) => `${e.path ?? e.pointer} (line ${block.line + e.line}): ${e.message}`).join('\n  ')}`,
    );
    assert.equal(validateText(block.code).type, type, `${block.file}:${block.line}: detected as another type`);
  });
}

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
