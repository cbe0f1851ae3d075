// The request samples of the operation pages run where they are pasted (issue 41, item 1). The curl samples are made
// from the generated pages by the theme's own code (src/plugins/api-reference/request-samples.mjs;
// tests/e2e/api-reference/explorer.spec.ts checks that a page shows the same string), at a page origin; only that origin
// is replaced, by a local sandbox this test starts (src/plugins/sandbox/local-server.mjs, as `npm run sandbox` does),
// and each sample runs in bash with curl, as a reader would paste it, for create → read → update → read → delete → read
// of a resource of each API version. The sample run is the one the page's Markdown twin carries (made for the local
// sandbox's usual origin, src/plugins/markdown-twins/operation-sample.mjs), which is the page's with only the origin
// changed. Before that, by code over every resource of every API version: the example ids of one resource's operations
// chain, and an id the server assigns is named with where it comes from.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {execFile} from 'node:child_process';
import {promisify} from 'node:util';
import fs from 'node:fs';
import path from 'node:path';
import {apisWithReference} from '../../../src/data/registry.mjs';
import {readSpec, deref} from '../../../src/build/specs.mjs';
import {sandboxApiOf} from '../../../src/plugins/sandbox/handlers/operations.mjs';
import {segmentsOf, paramOf} from '../../../src/plugins/sandbox/handlers/path-template.mjs';
import {createSandboxServer} from '../../../src/plugins/sandbox/local-server.mjs';
import {apiReferenceDir} from '../../../src/generated-dir.mjs';
import {requestSample} from '../../../src/plugins/api-reference/request-samples.mjs';
import {localSandbox, operationSample} from '../../../src/plugins/markdown-twins/operation-sample.mjs';
import {operationMarkdown} from '../../../src/plugins/markdown-twins/operation-markdown.mjs';
import {siteUrls} from '../../../src/plugins/markdown-twins/site-urls.mjs';
import {baseUrl, siteUrl} from '../../../src/data/site.mjs';

const run = promisify(execFile);

/** The spec's operation of an operationId, with its path template. */
function specOperation(spec, operationId) {
  for (const [template, item] of Object.entries(spec.paths))
    for (const [method, operation] of Object.entries(item))
      if (operation?.operationId === operationId) return {template, method, operation, shared: item.parameters ?? []};
  throw new Error(`no operation ${operationId}`);
}

/** The example of each path parameter of an operation, as the explorer fills it in (the parameter's example). */
function pathExamples(spec, operationId) {
  const {operation, shared} = specOperation(spec, operationId);
  return Object.fromEntries(
    [...shared, ...(operation.parameters ?? [])]
      .map((p) => deref(spec, p))
      .filter((p) => p.in === 'path')
      .map((p) => [p.name, p.example ?? p.schema?.example]),
  );
}

/** The JSON examples of an operation's request body, as text. */
function bodyExamples(spec, operationId) {
  const {operation} = specOperation(spec, operationId);
  if (!operation.requestBody) return [];
  const content = deref(spec, operation.requestBody).content?.['application/json'] ?? {};
  return [
    ...(content.example !== undefined ? [content.example] : []),
    ...Object.values(content.examples ?? {}).map((e) => deref(spec, e).value),
  ].map((e) => JSON.stringify(e));
}

test('the example ids of each resource chain: one id per resource in every operation on it, lines in a body that creates them, and a server-assigned id named with its Location', () => {
  for (const api of apisWithReference) {
    const spec = readSpec(api.specFile);
    const model = sandboxApiOf(api, spec);
    // One example per resource: every operation whose path runs through a resource's `{param}` gives it the same value,
    // so that the id the create's sample puts in the path (or the server's, taken from Location) is the one the
    // read, update, delete and line samples use.
    /** @type {Map<string, Map<string, string[]>>} resource template → example → operations */
    const examples = new Map();
    for (const op of model.operations) {
      const segments = segmentsOf(op.path);
      const values = pathExamples(spec, op.operationId);
      segments.forEach((segment, i) => {
        const name = paramOf(segment);
        if (name === null) return;
        const resource = `/${segments.slice(0, i + 1).join('/')}`;
        const byValue = examples.get(resource) ?? new Map();
        examples.set(resource, byValue);
        const value = String(values[name]);
        byValue.set(value, [...(byValue.get(value) ?? []), op.operationId]);
      });
    }
    for (const [resource, byValue] of examples) {
      assert.equal(
        byValue.size,
        1,
        `specs/${api.specFile}: the operations on ${resource} give it different example ids: ${[...byValue]
          .map(([value, ops]) => `${value} (${ops.join(', ')})`)
          .join('; ')}`,
      );
    }
    for (const op of model.operations) {
      const values = pathExamples(spec, op.operationId);
      // A line's id comes from the body that creates it: the line samples name a line that a create's or an add's
      // example body holds.
      if (op.lineParam) {
        const id = values[op.lineParam];
        const creators = model.operations.filter(
          (o) => o.resource === op.resource && (o.kind === 'create' || o.kind === 'create-in-collection' || o.kind === 'add-lines'),
        );
        assert.ok(
          creators.some((o) => bodyExamples(spec, o.operationId).some((body) => body.includes(JSON.stringify(id)))),
          `specs/${api.specFile} ${op.operationId}: no example body of ${creators.map((o) => o.operationId).join(', ')} holds the line ${id}`,
        );
      }
      // An id the server assigns: its create answers with Location (whose example is the id the samples use), and the
      // operation's page names that create (the note by the Send button, from `x-setu-assigned-ids`).
      const page = JSON.parse(fs.readFileSync(path.join(apiReferenceDir(api.id), `${op.operationId}.operation.json`), 'utf8'));
      const named = (page['x-setu-assigned-ids'] ?? []).map((a) => `${a.param} ${a.createdBy.operationId}`);
      const expected = [];
      for (const [name, value] of Object.entries(values)) {
        const resource = `/${segmentsOf(op.path)
          .slice(0, segmentsOf(op.path).indexOf(`{${name}}`) + 1)
          .join('/')}`;
        const creator = model.operations.find((o) => o.kind === 'create-in-collection' && o.resource === resource);
        if (!creator) continue;
        expected.push(`${name} ${creator.operationId}`);
        const {operation} = specOperation(spec, creator.operationId);
        const created = Object.entries(operation.responses).find(([status]) => status === '201');
        const location = created && deref(spec, deref(spec, created[1]).headers?.Location ?? {});
        assert.ok(location, `specs/${api.specFile} ${creator.operationId}: the server assigns the id, but its 201 has no Location`);
        assert.equal(
          location.example,
          resource.replace(`{${name}}`, value).replace(/\{(\w+)\}/g, (_, p) => values[p]),
          `specs/${api.specFile} ${creator.operationId}: the Location example names another id than the samples use`,
        );
      }
      assert.deepEqual(named, expected, `${api.id}/${op.operationId}: the server-assigned ids its page names`);
    }
  }
});

/**
 * The Markdown twin of an operation page, as the build writes it (src/plugins/markdown-twins/index.ts), and its
 * request sample: the twin's one bash code block. Made once per operation (a walk reads a resource twice).
 */
const twins = new Map();
const twinOf = (apiId, spec, operationId) => {
  const key = `${apiId} ${operationId}`;
  if (!twins.has(key)) twins.set(key, makeTwin(apiId, spec, operationId));
  return twins.get(key);
};

/** The twin of an operation page (twinOf). */
async function makeTwin(apiId, spec, operationId) {
  const url = siteUrls(siteUrl, baseUrl).url;
  const markdown = operationMarkdown(spec, operationId, {
    title: operationId,
    apiTitle: apiId,
    apiUrl: url(`/api/${apiId}/`),
    specUrl: url('/specs/x.json'),
    absolute: url,
    sample: await operationSample(apiId, operationId, url),
  });
  const samples = [...markdown.matchAll(/^```bash\n([\s\S]*?)\n```$/gm)].map((m) => m[1]);
  assert.equal(samples.length, 1, `${apiId}/${operationId}: one request sample in the twin`);
  return {markdown, sample: samples[0]};
}

/** One line of the answer: its status and Location, from curl's --include. */
function answerOf(output) {
  const [head] = output.split(/\r?\n\r?\n/);
  const status = Number(/^HTTP\/[\d.]+ (\d{3})/.exec(head)?.[1]);
  const location = /^location: (.*)$/im.exec(head)?.[1]?.trim() ?? null;
  return {status, location};
}

// Each API version: one resource, its operations in order, with the statuses the sandbox answers.
const walks = {
  p2p: [
    ['create-timecard', 201],
    ['get-timecard', 200],
    ['update-timecard', 200],
    ['get-timecard', 200],
    ['delete-timecard', 204],
    ['get-timecard', 404],
  ],
  planning: [
    ['create-planning-request', 201],
    ['get-planning-request', 200],
    ['update-planning-request', 200],
    ['get-planning-request', 200],
    ['delete-planning-request', 204],
    ['get-planning-request', 404],
  ],
  'gelijkwaardige-beloning': [
    ['create-inquiry-pay-equity', 201],
    ['get-inquiry-pay-equity', 200],
    ['update-inquiry-pay-equity', 200],
    ['get-inquiry-pay-equity', 200],
    ['delete-inquiry-pay-equity', 204],
    ['get-inquiry-pay-equity', 404],
  ],
  // Version 2.0 creates and replaces with one PUT.
  'gelijkwaardige-beloning-2.0': [
    ['create-or-replace-inquiry-pay-equity', 201],
    ['get-inquiry-pay-equity', 200],
    ['create-or-replace-inquiry-pay-equity', 200],
    ['get-inquiry-pay-equity', 200],
    ['delete-inquiry-pay-equity', 204],
    ['get-inquiry-pay-equity', 404],
  ],
};

test('a curl sample copied from an operation page runs against the local sandbox with only its origin changed: create, read, update, read, delete, read', async () => {
  assert.deepEqual(Object.keys(walks).sort(), apisWithReference.map((a) => a.id).sort(), 'a walk for every API version');
  const {server} = createSandboxServer({log: () => {}});
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const local = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`;
  // Where the page is served: the samples carry its origin (the published site's, or a preview's).
  const page = 'https://setu-standards.github.io';
  try {
    // The API versions side by side (their resources are apart), each walk in order.
    const walkOf = async ([apiId, walk]) => {
      const spec = readSpec(apisWithReference.find((a) => a.id === apiId).specFile);
      /** @type {Record<string, string>} the example id → the id the server assigned (from Location) */
      const assigned = {};
      for (const [step, [operationId, status]] of walk.entries()) {
        const sample = await requestSample(apiId, operationId, {origin: page});
        assert.ok(sample.split('\n')[0].includes(` '${page}/docs/sandbox/${apiId}/`), `${operationId}: ${sample.split('\n')[0]}`);
        // The twin's sample is the page's for the local sandbox's usual origin, and the twin names that sandbox's base
        // URL, which the sample's URL starts with; the sample runs with that origin replaced by this test's sandbox.
        const twin = await twinOf(apiId, spec, operationId);
        assert.equal(twin.sample, sample.replaceAll(`'${page}/`, `'${localSandbox.origin}/`), `${apiId}/${operationId}: the twin's sample`);
        const twinBase = `${localSandbox.origin}/docs/sandbox/${apiId}`;
        assert.ok(twin.markdown.includes(`\`${localSandbox.command}\``) && twin.markdown.includes(`base URL is \`${twinBase}\``));
        assert.ok(twin.sample.split('\n')[0].includes(` '${twinBase}/`), twin.sample.split('\n')[0]);
        let command = twin.sample.replaceAll(`'${localSandbox.origin}/`, `'${local}/`);
        // Where the server assigned the id, the reader takes it from the create's Location, as the page says.
        for (const [example, id] of Object.entries(assigned)) command = command.replaceAll(example, id);
        // --include and --silent only change what curl prints: the status line and headers before the body.
        const {stdout} = await run('bash', ['-c', `${command} --include --silent --show-error`], {maxBuffer: 64 * 1024 * 1024});
        const answer = answerOf(stdout);
        assert.equal(
          answer.status,
          status,
          `${apiId}, step ${step + 1}, ${operationId}:\n${command.slice(0, 300)}\n→ ${stdout.slice(0, 600)}`,
        );
        if (step === 0) {
          assert.match(
            answer.location ?? '',
            new RegExp(`^/docs/sandbox/${apiId}/`),
            `${apiId}: the create's Location is under the path it was sent to`,
          );
          for (const [name, id] of Object.entries(pathExamples(spec, walk[1][0]))) {
            const created = answer.location.split('/').at(-1);
            if (!sample.includes(id)) assigned[id] = created;
            else assert.equal(created, id, `${apiId}: the create's path id ${name}`);
          }
        }
      }
    };
    await Promise.all(Object.entries(walks).map(walkOf));
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});
