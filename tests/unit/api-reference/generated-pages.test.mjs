// The generated operation pages (generated/api-reference/<id>/*.api.mdx, written by `npm run generate api-reference`
// with the generator of src/plugins/api-reference/operation-page.ts): their front matter holds only the small form of the operation, the
// whole operation is a JSON module beside the page that the page registers for its request samples, and their
// schemas load on demand, with every allOf of one part written as the part.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {apiReferenceDir} from '../../../src/generated-dir.mjs';
import {apisWithReference as apis} from '../../../src/data/registry.mjs';
import {validateText} from '../../../src/plugins/validator/engine/validate-text.mjs';
import {typeKey} from '../../../src/plugins/validator/generate.mjs';

const pages = apis.flatMap((api) => {
  const dir = apiReferenceDir(api.id);
  return fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.api.mdx'))
        .map((f) => ({api, dir, file: f}))
    : [];
});

/** The operation of a page's `api` front matter (deflated JSON in base64, as the theme reads it). */
const frontMatterOperation = (text) => JSON.parse(/^api: (\{.*\})$/m.exec(text)[1]);

test('every API version has its operation pages (npm run generate api-reference writes them)', () => {
  for (const api of apis)
    assert.ok(
      pages.some((p) => p.api === api),
      `no generated pages in generated/api-reference/${api.id}/`,
    );
});

for (const {api, dir, file} of pages) {
  test(`${api.id}/${file}: small front matter, the whole operation beside it, schemas on demand`, () => {
    const text = fs.readFileSync(path.join(dir, file), 'utf8');
    const small = frontMatterOperation(text);
    assert.ok(small.method && small.path, 'the page keeps method and path');
    for (const gone of ['postman', 'jsonRequestBodyExample']) assert.ok(!(gone in small), `${gone} is in the front matter`);
    for (const response of Object.values(small.responses ?? {})) {
      for (const media of Object.values(response.content ?? {})) assert.deepEqual(media, {}, 'a response schema is in the front matter');
    }
    const base = file.replace(/\.api\.mdx$/, '');
    const whole = JSON.parse(fs.readFileSync(path.join(dir, `${base}.operation.json`), 'utf8'));
    assert.equal(whole.operationId, small.operationId);
    assert.deepEqual(Object.keys(whole.responses).sort(), Object.keys(small.responses).sort());
    const requestSchemaFile = path.join(dir, `${base}.RequestSchema.json`);
    const bodyInRequestSchema =
      fs.existsSync(requestSchemaFile) && JSON.parse(fs.readFileSync(requestSchemaFile, 'utf8')).body !== undefined;
    if (bodyInRequestSchema) {
      // The request samples take the request body from the RequestSchema file (src/plugins/api-reference/runtime/operation-registry.ts).
      assert.equal(whole.requestBody, undefined, 'the request body is in the operation file as well as in the RequestSchema file');
      const {body} = JSON.parse(fs.readFileSync(requestSchemaFile, 'utf8'));
      assert.ok(
        Object.values(body.content).every((media) => media.schema),
        'the RequestSchema file has no body schema for the request samples',
      );
    }
    for (const response of Object.values(whole.responses)) {
      for (const media of Object.values(response.content ?? {}))
        assert.deepEqual(media, {}, 'a response schema, which the request samples never read, is in the operation file');
    }
    assert.equal(small['x-operation-key'], `${api.id}#${small.operationId}`, 'the key by which the request samples find the operation');
    const addressOf = (suffix) => new RegExp(`^import (data\\d+) from "\\./${base}\\.${suffix}\\.json\\?url";$`, 'm').exec(text)?.[1];
    const loaders = [
      `() => loadJson(${addressOf('operation')})`,
      ...(bodyInRequestSchema ? [`() => loadJson(${addressOf('RequestSchema')})`] : []),
    ];
    const registration = `export const operationKey = process.env.RENDERING_ON_SERVER ? null : registerOperation(${JSON.stringify(small['x-operation-key'])}, ${loaders.join(', ')});`;
    assert.ok(text.includes(registration), 'the page registers its operation for the request samples, in the browser only');
    assert.doesNotMatch(text, /\{\.\.\.require\(/, 'props of a part are required into the page instead of loaded on demand');
    for (const part of ['RequestSchema', 'StatusCodes']) {
      if (fs.existsSync(path.join(dir, `${base}.${part}.json`))) {
        const json = `"./${base}.${part}.json"`;
        // The responses render on the server; the theme renders the request schema in the browser only.
        const server =
          part === 'StatusCodes'
            ? ` serverData={process.env.RENDERING_ON_SERVER ? require(${json}) : undefined}`
            : ' placeholder={<SkeletonLoader size="sm" />}';
        const address = new RegExp(`^import (data\\d+) from "\\./${base}\\.${part}\\.json\\?url";$`, 'm').exec(text)?.[1];
        assert.ok(address, `${part}: the page does not import the address of its data file (src/plugins/api-reference/data-files.ts)`);
        const section = `<DeferredSection load={() => loadJson(${address})} code={${part}.load}${server} render={(data) => <${part} {...data} />} />`;
        assert.ok(text.includes(section), `${part} is not a section loaded on demand (and, for the responses, rendered on the server)`);
        // Its component's code runs in the browser when the section loads, not when the page starts: the page takes it
        // from the plugin's deferred parts (src/plugins/api-reference/runtime/deferred-parts.ts), never from the theme.
        assert.match(
          text,
          new RegExp(`^import \\{[^}]*\\b${part}\\b[^}]*\\} from "@api-reference/deferred-parts";$`, 'm'),
          `${part}: its component is not loaded with its section (onDemand)`,
        );
        assert.doesNotMatch(text, new RegExp(`^import ${part} from`, 'm'), `${part} is still imported when the page starts`);
        assert.doesNotMatch(text, /require\("@theme\//, 'the page requires a theme module itself');
      }
    }
    if (whole.servers?.length)
      assert.match(text, /<MethodEndpoint\n\s+server=\{"[^"]+"\}\n/, 'the endpoint line names the first server from the start');
    const allOfOfOnePart = (node) =>
      !!node &&
      typeof node === 'object' &&
      ((Array.isArray(node.allOf) && node.allOf.length === 1 && Object.keys(node).every((k) => k === 'allOf' || k === 'description')) ||
        Object.values(node).some(allOfOfOnePart));
    assert.ok(!allOfOfOnePart(whole), 'an allOf of one part, which the theme merges slowly, is still in the operation');
  });
}

// The XML examples the generator writes from the JSON ones (withXmlExamples): one beside each JSON example, each a
// message in SETU's XML form that the site's validator accepts and detects as a message of the page's own API.
test('the XML examples of the operation pages are the JSON examples in SETU XML form, each valid', () => {
  let checked = 0;
  for (const {api, dir, file} of pages) {
    const base = file.replace(/\.api\.mdx$/, '');
    const ownTypes = new Set(api.messageTypes.map((type) => typeKey(api.specFile, type)));
    for (const part of ['RequestSchema', 'StatusCodes']) {
      const data = path.join(dir, `${base}.${part}.json`);
      if (!fs.existsSync(data)) continue;
      const json = JSON.parse(fs.readFileSync(data, 'utf8'));
      const bodies = part === 'RequestSchema' ? {request: json.body} : (json.responses ?? {});
      for (const [where, body] of Object.entries(bodies)) {
        const xml = body?.content?.['application/xml']?.examples;
        if (!xml) continue;
        const label = `${api.id} ${base} ${where}`;
        assert.deepEqual(
          Object.keys(xml),
          Object.keys(body.content['application/json']?.examples ?? {}),
          `${label}: an XML example for each JSON one`,
        );
        for (const [key, example] of Object.entries(xml)) {
          const verdict = validateText(example.value);
          assert.equal(verdict.format, 'xml', `${label} ${key}: not read as XML`);
          assert.ok(ownTypes.has(verdict.type), `${label} ${key}: detected as ${verdict.type}, not a message of ${api.id}`);
          assert.ok(verdict.valid, `${label} ${key}: the validator rejects it: ${verdict.summary}`);
          checked++;
        }
      }
    }
  }
  // 77 on 2026-11-25: every request and response body that is a message with an XML form, on every API.
  assert.ok(checked >= 70, `only ${checked} XML examples checked`);
});

// The explorer's operation (src/plugins/api-reference/operation-page.ts, explorerOperation): the site's sandbox as its
// first server, the spec's own servers after it (the published files in specs/ keep only theirs), and exactly one
// source of each header the explorer derives from the chosen media types.
test("every operation page offers the site's sandbox first, then the spec's servers; specs/ name no sandbox", async () => {
  const {siteUrl, baseUrl} = await import('../../../src/data/site.mjs');
  let checked = 0;
  for (const {api, dir, file} of pages) {
    const spec = JSON.parse(fs.readFileSync(path.join('specs', api.specFile), 'utf8'));
    assert.doesNotMatch(JSON.stringify(spec.servers ?? []), /sandbox/, `specs/${api.specFile} names the sandbox`);
    const base = file.replace(/\.api\.mdx$/, '');
    const small = frontMatterOperation(fs.readFileSync(path.join(dir, file), 'utf8'));
    const whole = JSON.parse(fs.readFileSync(path.join(dir, `${base}.operation.json`), 'utf8'));
    for (const [where, operation] of [
      ['front matter', small],
      ['operation file', whole],
    ]) {
      const [sandbox, ...rest] = operation.servers;
      assert.equal(sandbox.url, `${siteUrl}${baseUrl}sandbox/${api.id}`, `${api.id} ${base} ${where}: the sandbox is not the first server`);
      assert.equal(sandbox['x-setu-sandbox'], api.id);
      assert.match(sandbox.description, /not SETU's/);
      assert.deepEqual(rest, spec.servers ?? [], `${api.id} ${base} ${where}: the spec's servers follow the sandbox`);
    }
    checked++;
  }
  assert.ok(checked >= 70, `only ${checked} operation pages checked`);
});

/**
 * The headers of a request sample as the theme's buildPostmanRequest writes them: Content-Type from the chosen body
 * media type, Accept from the chosen response type, then every header parameter with a value (the theme prefills a
 * parameter from its schema default or example).
 */
function sampleHeaders(operation, bodyType, acceptType) {
  const headers = [];
  if (bodyType) headers.push(['Content-Type', bodyType]);
  if (acceptType) headers.push(['Accept', acceptType]);
  for (const p of operation.parameters ?? []) {
    if (p.in !== 'header') continue;
    const value = p.schema?.default ?? p.example ?? p.schema?.example ?? Object.values(p.examples ?? {})[0]?.value;
    if (value !== undefined) headers.push([p.name, value]);
  }
  return headers;
}

test('every request sample of every operation carries one Content-Type, the chosen body’s, and one Accept', () => {
  let writes = 0;
  for (const {api, dir, file} of pages) {
    const base = file.replace(/\.api\.mdx$/, '');
    const operation = frontMatterOperation(fs.readFileSync(path.join(dir, file), 'utf8'));
    const bodyTypes = Object.keys(operation.requestBody?.content ?? {});
    const acceptTypes = Object.entries(operation.responses ?? {})
      .filter(([code]) => code.startsWith('2'))
      .flatMap(([, r]) => Object.keys(r.content ?? {}));
    for (const bodyType of bodyTypes.length ? bodyTypes : [undefined]) {
      const headers = sampleHeaders(operation, bodyType, acceptTypes[0]);
      const named = (name) => headers.filter(([key]) => key.toLowerCase() === name);
      const label = `${api.id} ${base} (${bodyType ?? 'no body'})`;
      if (bodyType) {
        assert.deepEqual(named('content-type'), [['Content-Type', bodyType]], `${label}: Content-Type`);
        writes++;
      } else assert.ok(named('content-type').length <= 1, `${label}: Content-Type twice`);
      assert.ok(named('accept').length <= 1, `${label}: Accept twice`);
    }
  }
  // 41 bodies on 2026-11-26 (JSON and XML of every write).
  assert.ok(writes >= 35, `only ${writes} request bodies checked`);
});

// The explorer shows (and sends) a body's first named example where the spec has one (the theme's Body, patched:
// patches/README.md); for XML that is the generator's XML example, a whole message with its root and namespace.
/**
 * Operations whose message has no XML form to write an example in: Purchase to Pay's Invoice is no message of the
 * registry (SETU publishes no XSD of it), and an Attachment's `mime type` is no element name (the validator says so).
 */
const withoutXmlForm = new Set(['p2p create-invoice', 'p2p upload-attachment']);

test('every XML request body has a named example, a whole message in its namespace, shown first', () => {
  let checked = 0;
  for (const {api, dir, file} of pages) {
    const base = file.replace(/\.api\.mdx$/, '');
    const data = path.join(dir, `${base}.RequestSchema.json`);
    if (!fs.existsSync(data)) continue;
    const {body} = JSON.parse(fs.readFileSync(data, 'utf8'));
    const xml = body?.content?.['application/xml'];
    if (!xml) continue;
    const [first] = Object.values(xml.examples ?? {});
    if (!first && withoutXmlForm.has(`${api.id} ${base}`)) continue;
    assert.ok(first, `${api.id} ${base}: no named XML example; the explorer would show one made up from the schema`);
    assert.match(
      first.value,
      new RegExp(`^(<\\?xml[^>]*>\\s*)?<\\w+ xmlns="${api.xml.namespace.replace(/[.#]/g, '\\$&')}"`),
      `${api.id} ${base}`,
    );
    checked++;
  }
  assert.ok(checked >= 10, `only ${checked} XML request bodies checked`);
});

/**
 * The request form's `Accept` options as the theme's ApiItem builds its store from the page's operation
 * (node_modules/docusaurus-theme-openapi-docs/lib/theme/ApiItem/index.js, patched to drop repeats): the media types of
 * the 2XX responses, each once. The test below checks that the theme still builds them so.
 */
function themeAcceptOptions(operation) {
  const statusRegex = new RegExp('(20[0-9]|2[1-9][0-9])');
  const acceptArray = [];
  for (const [code, content] of Object.entries(operation?.responses ?? [])) {
    if (statusRegex.test(code)) acceptArray.push(Object.keys(content.content ?? {}));
  }
  return [...new Set(acceptArray.flat())];
}

test('every operation that declares Accept gets an Accept control in the request form with exactly the declared values', async () => {
  const {withAcceptOptions, acceptOptionsOf} = await import('../../../src/plugins/api-reference/runtime/accept-options.mjs');
  const theme = fs.readFileSync('node_modules/docusaurus-theme-openapi-docs/lib/theme/ApiItem/index.js', 'utf8');
  assert.match(
    theme,
    /if \(statusRegex\.test\(code\)\) \{\s*acceptArray\.push\(Object\.keys\(content\.content \?\? \{\}\)\);\s*\}[\s\S]*acceptArray = \[\.\.\.new Set\(acceptArray\.flat\(\)\)\];[\s\S]*accept: \{\s*value: acceptArray\[0\],\s*options: acceptArray,/,
    "the theme's ApiItem no longer builds the Accept options as themeAcceptOptions does",
  );
  const specs = new Map();
  const resolve = (spec, node) => {
    while (node?.$ref)
      node = node.$ref
        .slice(2)
        .split('/')
        .reduce((at, key) => at[key], spec);
    return node;
  };
  let declaring = 0;
  for (const {api, dir, file} of pages) {
    if (!specs.has(api.specFile)) specs.set(api.specFile, JSON.parse(fs.readFileSync(path.join('specs', api.specFile), 'utf8')));
    const spec = specs.get(api.specFile);
    const small = frontMatterOperation(fs.readFileSync(path.join(dir, file), 'utf8'));
    // The operation as the spec declares it, its path's parameters included.
    const [item, operation] = Object.values(spec.paths)
      .flatMap((item) => Object.values(item).map((op) => [item, op]))
      .find(([, op]) => op?.operationId === small.operationId);
    const accept = [...(item.parameters ?? []), ...(operation.parameters ?? [])]
      .map((p) => resolve(spec, p))
      .find((p) => p.in === 'header' && p.name.toLowerCase() === 'accept');
    const label = `${api.id} ${small.operationId}`;
    // What the browser gives the theme's store (theme/ApiItem), and what the page's own code reads (theme/MimeTabs).
    const options = themeAcceptOptions(withAcceptOptions(small));
    assert.deepEqual(acceptOptionsOf(small), options, `${label}: the page and the theme's store disagree on the Accept options`);
    if (accept) {
      declaring++;
      assert.deepEqual(options, resolve(spec, accept.schema).enum, `${label}: the Accept control's values are not the declared ones`);
      // The theme shows the control where there is more than one option; the parameter itself is no second control.
      assert.ok(options.length > 1, `${label}: one Accept value, no control`);
      assert.ok(!(small.parameters ?? []).some((p) => p.in === 'header' && p.name.toLowerCase() === 'accept'), `${label}: Accept twice`);
    } else {
      assert.deepEqual(options, themeAcceptOptions(small), `${label}: Accept options without a declared Accept`);
    }
  }
  // 18 on 2026-11-28 (Purchase to Pay's reads and Planning and Scheduling's, Gelijkwaardige Beloning 1.0's two).
  assert.ok(declaring >= 15, `only ${declaring} operations declaring Accept checked`);
});
