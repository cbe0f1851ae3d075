// The Markdown twins of the pages (src/plugins/markdown-twins): MDX to Markdown, operation pages from the spec, and
// llms.txt from the registry. The built twins of every page are checked in tests/e2e/markdown-twins/twins.spec.ts.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {mdxToMarkdown, addedByPlugins} from '../../../src/plugins/markdown-twins/mdx-to-markdown.mjs';
import {operationMarkdown} from '../../../src/plugins/markdown-twins/operation-markdown.mjs';
import {llmsFiles} from '../../../src/plugins/markdown-twins/llms-txt.mjs';
import {pageTwins} from '../../../src/plugins/markdown-twins/page-twins.mjs';
import {twinPath} from '../../../src/plugins/markdown-twins/twin-path.mjs';
import {siteUrls} from '../../../src/plugins/markdown-twins/site-urls.mjs';
import {operationSample} from '../../../src/plugins/markdown-twins/operation-sample.mjs';
import {xmlExamples} from '../../../src/plugins/markdown-twins/xml-examples.mjs';
import {validateText} from '../../../src/plugins/validator/engine/validate-text.mjs';
import versionNotice from '../../../src/remark/version-notice.mjs';
import specDeviations from '../../../src/remark/spec-deviations.mjs';
import {root} from '../../../src/build/paths.mjs';
import {readSpec} from '../../../src/build/specs.mjs';
import {apis} from '../../../src/data/registry.mjs';

const docsDir = path.join(root, 'docs');
const site = 'https://setu-standards.github.io';
/** Links as the build makes them: page files by route, site paths under /docs/. */
const absoluteUrl = (url, fromFile) => {
  if (/^[a-z]+:/.test(url)) return url;
  if (/\.mdx(#|$)/.test(url)) {
    const [target, hash] = url.split('#');
    const file = target.startsWith('/') ? path.join(docsDir, target) : path.resolve(path.dirname(fromFile), target);
    const route = path
      .relative(docsDir, file)
      .replace(/\.mdx$/, '')
      .replace(/(^|\/)index$/, '$1');
    return `${site}/docs/${route}${hash ? `#${hash}` : ''}`;
  }
  return url.startsWith('/docs/') ? `${site}${url}` : `${site}/docs${url}`;
};
const docsPlugins = [[versionNotice, {kind: 'docs', docsDir}], specDeviations];
const twinOf = (relative, title = 'Title') => {
  const filePath = path.join(docsDir, relative);
  return mdxToMarkdown(fs.readFileSync(filePath, 'utf8'), {filePath, title, absoluteUrl, remarkPlugins: docsPlugins});
};

test('twin paths: URL + .md, index.md for a URL ending in /', () => {
  assert.equal(twinPath('/docs/planning/scenario-1'), '/docs/planning/scenario-1.md');
  assert.equal(twinPath('/docs/planning/'), '/docs/planning/index.md');
  assert.equal(twinPath('/docs/'), '/docs/index.md');
});

test('an MDX page: H1 first, imports gone, admonitions as blockquotes, JSX as Markdown, links absolute, code kept', async () => {
  const filePath = path.join(docsDir, 'planning', 'example.mdx');
  const source = [
    '---',
    'title: Front matter title',
    '---',
    '',
    "import Thing from '@site/src/components/BusinessRules';",
    '',
    '# The page {#top}',
    '',
    ':::warning[Mind this]',
    'Text of the **warning**.',
    ':::',
    '',
    'See [scenario 1](./scenario-1.mdx#step-1), [the API](/api/p2p) and [SETU](https://www.setu.nl); at 10:30 <em>sharp</em>.',
    '',
    'The file: <a href="/docs/specs/planning.json" download>planning.json</a>.',
    '',
    '<details>',
    '<summary>More</summary>',
    '',
    'Hidden text.',
    '',
    '</details>',
    '',
    '```json title="A timecard" schema="Timecard"',
    '{"a": 1}',
    '```',
    '',
    '```mermaid',
    'sequenceDiagram',
    '  A->>B: hello',
    '```',
    '',
    '| A | B |',
    '| --- | --- |',
    '| 1 | 2 |',
    '',
    '<BusinessRulesTable />',
    '',
    'Read <StandardLink standard="Inquiry Pay Equity">the pay-equity pages</StandardLink>.',
  ].join('\n');
  const md = await mdxToMarkdown(source, {filePath, title: 'Front matter title', absoluteUrl, remarkPlugins: docsPlugins});
  assert.match(md, /^# The page\n/);
  assert.doesNotMatch(md, /import |\{#top\}|title: Front/);
  assert.match(md, /^> \*\*Warning: Mind this\*\*\n>\n> Text of the \*\*warning\*\*\./m);
  assert.match(md, /\[scenario 1\]\(https:\/\/setu-standards\.github\.io\/docs\/planning\/scenario-1#step-1\)/);
  assert.match(md, /\[the API\]\(https:\/\/setu-standards\.github\.io\/docs\/api\/p2p\)/);
  assert.match(md, /at 10:30 _sharp_/);
  assert.match(md, /The file: \[planning\.json\]\(https:\/\/setu-standards\.github\.io\/docs\/specs\/planning\.json\)\./);
  assert.match(md, /\*\*More\*\*\n\nHidden text\./);
  assert.match(md, /```json title="A timecard" schema="Timecard"\n\{"a": 1\}\n```/);
  assert.match(md, /```mermaid\nsequenceDiagram\n {2}A->>B: hello\n```/);
  assert.match(md, /\| A \| B \|\n\| - \| - \|\n\| 1 \| 2 \|/);
  assert.match(md, /\| BR 282 \| An availability message holds at least one availability line/);
  assert.match(md, /Read \[the pay-equity pages\]\(https:\/\/setu-standards\.github\.io\/docs\/gelijkwaardige-beloning\/2\.0\/\)\./);
  assert.doesNotMatch(md, /<[a-zA-Z]/);
});

test('a string expression is its text in the twin (a URL kept from becoming a link); other expressions are left out', async () => {
  const filePath = path.join(docsDir, 'x.mdx');
  const md = await mdxToMarkdown('In <code>{"https://ontology.setu.nl/planning#"}</code>, {1 + 1} ok.\n', {
    filePath,
    title: 'T',
    absoluteUrl,
    remarkPlugins: [],
  });
  assert.match(md, /^In `https:\/\/ontology\.setu\.nl\/planning#`, {2}ok\.$/m);
});

test('a page without an H1 takes its title; an unknown component fails with its file and line', async () => {
  const filePath = path.join(docsDir, 'x.mdx');
  const md = await mdxToMarkdown('Just text.\n', {filePath, title: 'From front matter', absoluteUrl, remarkPlugins: []});
  assert.match(md, /^# From front matter\n\nJust text\.\n$/);
  await assert.rejects(
    mdxToMarkdown('# T\n\n<Mystery />\n', {filePath, title: 'T', absoluteUrl, remarkPlugins: []}),
    /x\.mdx:3: <Mystery> has no Markdown form/,
  );
});

test('a page of a previous version carries the version notice after its H1; spec-deviations is expanded', async () => {
  const rates = await twinOf('gelijkwaardige-beloning/usage-notes/rates.mdx');
  assert.match(rates, /^# .+\n\n> \*\*Info: You are reading Inquiry Pay Equity v1\.0\*\*/);
  assert.match(
    rates,
    /\[Read this page in v2\.0\]\(https:\/\/setu-standards\.github\.io\/docs\/gelijkwaardige-beloning\/2\.0\/usage-notes\/rates\)/,
  );
  const oas = await twinOf('api/oas-planning.mdx');
  assert.doesNotMatch(oas, /::spec-deviations/);
  assert.match(oas, /differences?, in \d+ places?, between `specs\/planning\.json`/);
  const notice = await addedByPlugins({
    filePath: 'x',
    absoluteUrl,
    remarkPlugins: [[versionNotice, {kind: 'reference', apiId: 'gelijkwaardige-beloning'}]],
  });
  assert.match(
    notice,
    /Go to the API reference of v2\.0\]\(https:\/\/setu-standards\.github\.io\/docs\/api\/gelijkwaardige-beloning\/2\.0\)/,
  );
  assert.equal(await addedByPlugins({filePath: 'x', absoluteUrl, remarkPlugins: [[versionNotice, {kind: 'reference', apiId: 'p2p'}]]}), '');
});

test('an operation twin: method and path, headers, the body as a field list, responses and examples', () => {
  const md = operationMarkdown(readSpec('purchase-to-pay.json'), 'create-timecard', {
    title: 'Create a timecard',
    apiTitle: 'API for Purchase to Pay',
    apiUrl: `${site}/docs/api/p2p`,
    specUrl: `${site}/docs/specs/purchase-to-pay.json`,
    absolute: (url) => `${site}${url}`,
  });
  assert.match(md, /^# Create a timecard\n\n`POST \/purchase-to-pay\/timecard\/\{id\}`/);
  assert.match(md, /\| `setuVersionId` \| header \| string \| yes \|/);
  assert.match(md, /\| `Content-Type` \| header \| string \| yes \| one of `application\/json`, `application\/xml` \|/);
  assert.match(md, /^## Request body$/m);
  assert.match(md, /^- `documentId\.schemeAgencyId` \(string; required; one of `Customer`, `Supplier`\)/m);
  assert.match(md, /^### 201: /m);
  assert.match(md, /```json\n\{\n {2}"documentId"/);
  // A named schema is listed once; its later uses point there.
  assert.match(md, /`customer\.id\[\]`: the fields of `Identifier`, listed under `documentId`/);
  // A site path in a description's link is made absolute; the same text in an example (code) stays as it is.
  const spec = readSpec('purchase-to-pay.json');
  const operation = spec.paths['/purchase-to-pay/timecard/{id}'].post;
  const linked = {
    ...spec,
    paths: {
      '/x': {
        post: {
          ...operation,
          description: 'See [the notes](/docs/api/usage-notes/put-behavior).',
          requestBody: {content: {'application/json': {example: {note: 'See [the notes](/docs/api/usage-notes/put-behavior).'}}}},
        },
      },
    },
  };
  const linkedMd = operationMarkdown(linked, operation.operationId, {
    title: 'T',
    apiTitle: 'A',
    apiUrl: 'u',
    specUrl: 's',
    absolute: (url) => `${site}${url}`,
  });
  assert.ok(linkedMd.includes(`See [the notes](${site}/docs/api/usage-notes/put-behavior).\n`));
  assert.ok(linkedMd.includes('"note": "See [the notes](/docs/api/usage-notes/put-behavior)."'));
});

test("an operation twin carries the page's request sample for the local sandbox, its body once, and where a server-assigned id comes from", async () => {
  const url = siteUrls(site, '/docs/').url;
  const twin = async (apiId, operationId) => {
    const api = apis.find((a) => a.id === apiId);
    return operationMarkdown(readSpec(api.specFile), operationId, {
      title: operationId,
      apiTitle: api.title,
      apiUrl: url(api.referenceRoute),
      specUrl: url(`/specs/${api.specFile}`),
      absolute: url,
      sample: await operationSample(apiId, operationId, url),
    });
  };
  const create = await twin('p2p', 'create-timecard');
  const section = /^## Request sample\n\n(.*)\n\n```bash\n(curl [\s\S]*?)\n```\n\n## Request body$/m.exec(create);
  assert.ok(section, 'a request sample before the request body');
  assert.match(
    section[1],
    /`npm run sandbox -- --port 4010` \(in a clone of the site's repository\): its base URL is `http:\/\/127\.0\.0\.1:4010\/docs\/sandbox\/p2p`/,
  );
  assert.match(section[1], /\(https:\/\/setu-standards\.github\.io\/docs\/sandbox#local\)/);
  assert.match(
    section[2],
    /^curl -L 'http:\/\/127\.0\.0\.1:4010\/docs\/sandbox\/p2p\/purchase-to-pay\/timecard\/[\w-]+' \\\n[\s\S]*^-d '\{$/m,
  );
  // The body the sample sends is not repeated as the request body's example; the responses' examples still show theirs.
  assert.match(create, /^### Example: .*\(`application\/json`\)\n\nThe body of the request sample above\.$/m);
  const {body} = await operationSample('p2p', 'create-timecard', url);
  assert.ok(body && section[2].includes(body.split('\n').slice(0, 5).join('\n')), 'the sample sends the example');
  assert.ok(!create.includes(`\`\`\`json\n${body}\n\`\`\``), 'the example the sample sends is not repeated');
  // A read without a body; and a line of a planning request, whose id the server assigns when the request is created.
  assert.match(await twin('p2p', 'get-timecard'), /^curl -L 'http:\/\/127\.0\.0\.1:4010\/docs\/sandbox\/p2p\/purchase-to-pay\/timecard\//m);
  assert.match(
    await twin('planning', 'get-planning-request-line'),
    /^The server assigns `\{id\}` when \[Create a planning request\]\(https:\/\/setu-standards\.github\.io\/docs\/api\/planning\/create-planning-request\) creates the resource: take it from the `Location` header of that answer\./m,
  );
});

test('an operation twin says how a client authenticates, and gives an XML body its example in XML', () => {
  const p2p = apis.find((a) => a.id === 'p2p');
  const spec = readSpec(p2p.specFile);
  const md = operationMarkdown(spec, 'create-timecard', {
    title: 'Create a timecard',
    apiTitle: 'API for Purchase to Pay',
    apiUrl: `${site}/docs/api/p2p`,
    specUrl: `${site}/docs/specs/purchase-to-pay.json`,
    absolute: (url) => `${site}${url}`,
    xmlOf: xmlExamples(p2p, spec),
  });
  assert.match(
    md,
    /^## Authentication\n\nNone declared: the specification defines no security scheme, so how a client authenticates is agreed between the parties; the answers `401` and `403` below concern it\. See \[Authentication and servers\]\(https:\/\/setu-standards\.github\.io\/docs\/api\/p2p#authentication-and-servers\)\./m,
  );
  const xml =
    /^### Example: .*\(`application\/xml`\)\n\nThe JSON example, written in SETU's XML form by this site\.\n\n```xml\n([\s\S]*?)\n```/m.exec(
      md,
    );
  assert.ok(xml, 'no XML example of the request body');
  assert.match(xml[1], /^<\?xml[^>]*>\s*<Timecard xmlns="https:\/\/ontology\.setu\.nl\/messages">/);
  // The example is a message the validator (which agrees with the XSD) accepts.
  const verdict = validateText(xml[1]);
  assert.equal(verdict.type, 'Timecard');
  assert.ok(verdict.valid, verdict.summary);
  // A spec that declares a scheme: its requirement is listed.
  const secured = {
    ...spec,
    components: {...spec.components, securitySchemes: {bearer: {type: 'http', scheme: 'bearer'}}},
    security: [{bearer: []}],
  };
  const withScheme = operationMarkdown(secured, 'create-timecard', {
    title: 'T',
    apiTitle: 'A',
    apiUrl: 'u',
    specUrl: 's',
    absolute: (u) => u,
  });
  assert.match(withScheme, /^## Authentication\n\n- `bearer` \(http, bearer\)$/m);
});

test('a recursive schema (the conditions of Inquiry Pay Equity 2.0) ends, and every operation twin stays under 150 KB', () => {
  for (const api of apis) {
    const spec = readSpec(api.specFile);
    for (const pathItem of Object.values(spec.paths)) {
      for (const operation of Object.values(pathItem)) {
        if (!operation?.operationId) continue;
        const md = operationMarkdown(spec, operation.operationId, {
          title: 'T',
          apiTitle: 'A',
          apiUrl: 'u',
          specUrl: 's',
          absolute: (u) => `${site}${u}`,
          xmlOf: xmlExamples(api, spec),
        });
        assert.doesNotMatch(md, /\]\(\/(?!\/)/, `${api.id} ${operation.operationId}: a link that is not absolute`);
        assert.ok(Buffer.byteLength(md) < 150 * 1024, `${api.id} ${operation.operationId}: ${Buffer.byteLength(md)} bytes`);
      }
    }
  }
});

test('llms.txt: previous versions last; any other status listed first, named; entries without a reference; the dictionary', () => {
  const registry = [
    {
      standard: 'Planning',
      standardSlug: 'planning',
      version: '2.0',
      status: 'message-model',
      docsLabel: 'Planning v2.0',
      docsRoute: '/planning/2.0/',
      summary: 's',
      title: 't',
    },
    {
      standard: 'Planning',
      standardSlug: 'planning',
      version: '1.0',
      status: 'current',
      docsLabel: 'Planning',
      docsRoute: '/planning/',
      referenceRoute: '/api/planning',
      specFile: 'planning.json',
      summary: 's',
      title: 't',
    },
    {
      standard: 'Pay',
      standardSlug: 'pay',
      version: '1.0',
      status: 'previous',
      docsLabel: 'Pay v1.0',
      docsRoute: '/pay/',
      referenceRoute: '/api/pay',
      specFile: 'pay.json',
      summary: 's',
      title: 't',
    },
  ];
  const twin = (route, kind, title) => ({route, kind, title, description: `About ${title}`, markdown: `# ${title}\n\nText of ${title}.\n`});
  const twins = [
    twin('/docs/', 'docs', 'Home'),
    twin('/docs/planning/', 'docs', 'Planning'),
    twin('/docs/planning/2.0/', 'docs', 'Planning 2'),
    twin('/docs/api/planning', 'reference', 'Planning API'),
    twin('/docs/api/planning/get-x', 'operation', 'Get x'),
    twin('/docs/pay/', 'docs', 'Pay'),
    twin('/docs/api/pay/get-y', 'operation', 'Get y'),
    twin('/docs/validator', 'page', 'Message validator'),
    twin('/docs/api/compliance', 'docs', 'Compliance'),
    twin('/docs/messages/planning/1.0/PlanningRequest', 'docs', 'PlanningRequest'),
    twin('/docs/messages/pay/1.0/Pay', 'docs', 'Pay message'),
    twin('/docs/messages/planning/changes/1.0-to-2.0', 'docs', 'Planning changes'),
  ];
  const {llmsTxt, llmsFullTxt, byVersion} = llmsFiles({
    twins,
    apis: registry,
    baseUrl: '/docs/',
    twinUrl: (r) => `${site}${twinPath(r)}`,
    pageUrl: (r) => `${site}${r}`,
  });
  const headings = llmsTxt.match(/^## .*/gm);
  assert.deepEqual(headings, [
    '## Start here',
    '## Planning v2.0: documentation (message model)',
    '## Planning v1.0: documentation (current)',
    '## Planning v1.0: API reference (current)',
    '## Message dictionary',
    '## Message validator',
    '## Compliance statement',
    '## Pay v1.0: documentation (previous version, still in production)',
    '## Pay v1.0: API reference (previous version, still in production)',
    '## Pay v1.0: message dictionary (previous version, still in production)',
  ]);
  assert.match(llmsTxt, /^# SETU documentation\n\n> .*Current: Planning v1\.0\./);
  assert.match(llmsTxt, /- \[Planning\]\(https:\/\/setu-standards\.github\.io\/docs\/planning\/index\.md\): About Planning/);
  assert.match(llmsTxt, /- \[Get x\]\(https:\/\/setu-standards\.github\.io\/docs\/api\/planning\/get-x\.md\)/);
  assert.match(llmsFullTxt, /Text of Planning\./);
  assert.match(llmsFullTxt, /Text of Planning 2\./);
  assert.doesNotMatch(llmsFullTxt, /Text of Pay\.|Text of Get y\.|Text of Pay message\./);
  // One file per standard and version, every version's (a previous one too), named in llms.txt.
  assert.deepEqual(
    byVersion.map((f) => f.name),
    ['llms-full/planning-2.0.txt', 'llms-full/planning-1.0.txt', 'llms-full/pay-1.0.txt'],
  );
  const file = (name) => byVersion.find((f) => f.name === name).text;
  const urls = (name) => file(name).match(/^URL: .*/gm);
  assert.deepEqual(urls('llms-full/planning-2.0.txt'), [
    `URL: ${site}/docs/messages/planning/changes/1.0-to-2.0`,
    `URL: ${site}/docs/planning/2.0/`,
  ]);
  assert.deepEqual(urls('llms-full/planning-1.0.txt'), [
    `URL: ${site}/docs/api/planning`,
    `URL: ${site}/docs/messages/planning/1.0/PlanningRequest`,
    `URL: ${site}/docs/planning/`,
  ]);
  // An operation is listed with a link to its twin, not included (the dictionary gives its bodies' fields once).
  assert.match(
    file('llms-full/planning-1.0.txt'),
    /^## Operations\n\n.*\n\n- \[Get x\]\(https:\/\/setu-standards\.github\.io\/docs\/api\/planning\/get-x\.md\)/m,
  );
  assert.doesNotMatch(file('llms-full/planning-1.0.txt'), /Text of Get x\./);
  assert.match(file('llms-full/pay-1.0.txt'), /^# SETU documentation: Pay v1\.0 \(previous version, still in production\)\n/);
  assert.match(file('llms-full/pay-1.0.txt'), /get-y\.md[\s\S]*Text of Pay message\./);
  assert.match(
    llmsTxt,
    /one standard's version in one file, .*: \[Planning v2\.0\]\(https:\/\/setu-standards\.github\.io\/docs\/llms-full\/planning-2\.0\.txt\), \[Planning v1\.0\]/,
  );
});

test('the twins of the React pages: the validator names every message type of the registry', () => {
  const release = {
    name: 'setu-validate',
    version: '3.2.1',
    route: '/tools/setu-validate.mjs',
    versionedRoute: '/tools/setu-validate-3.2.1.mjs',
    sha256: 'ab'.repeat(32),
    changelog: [{version: '3.2.0', date: '2026-01-02', changes: ['A change of verdicts.']}],
  };
  // Its URLs made as the build makes them (a URL object's, which percent-encodes what a URL cannot hold).
  const twins = pageTwins({apis, releases: [release], url: siteUrls(site, '/docs/').url});
  const validator = twins['/validator'].markdown;
  assert.match(validator, /^# Message validator\n/);
  for (const api of apis) for (const type of api.messageTypes) assert.ok(validator.includes(`\`${type}\``), `${api.id}: ${type}`);
  assert.match(validator, /BR 282 to BR 295/);
  // The command, as on the page: its download, the version a pipeline pins with its checksum, the workflow that
  // downloads and checks it (tests/unit/validator/published-commands.test.mjs runs it), and what changed.
  assert.match(validator, /\n## Validate in your pipeline\n/);
  assert.ok(validator.includes(`**3.2.1**, is also published at ${site}/docs/tools/setu-validate-3.2.1.mjs`));
  assert.ok(validator.includes(`SHA-256 \`${'ab'.repeat(32)}\``));
  assert.ok(validator.includes(`${site}/docs/tools/SHA256SUMS`));
  assert.match(validator, /```yaml\n# \.github\/workflows\/setu-messages\.yml\n[^`]*SETU_VALIDATE_VERSION: 3\.2\.1\n[^`]*\n```\n/);
  assert.ok(validator.includes(`"${site}/docs/tools/setu-validate-\${SETU_VALIDATE_VERSION}.mjs"`));
  assert.match(validator, /\n- \*\*3\.2\.0\*\* \(2026-01-02\): A change of verdicts\.\n/);
  assert.match(twins['/search'].markdown, /^# Search the documentation\n/);
  // A build without the validator's commands has no validator page either: no twin of it.
  assert.equal(pageTwins({apis, releases: [], url: (route) => route})['/validator'], undefined);
});
