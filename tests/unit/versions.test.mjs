// Standards documented in several versions: where a route lies (src/data/standard-versions.mjs, which the navbar's
// version switch uses) and the notice on the pages of a previous version (src/remark/version-notice.mjs).
import {test, describe} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {unified} from 'unified';
import remarkParse from 'remark-parse';
import remarkDirective from 'remark-directive';
import {toString} from 'mdast-util-to-string';
import {placeInVersions} from '../../src/data/standard-versions.mjs';
import versionNotice, {routeOfFile} from '../../src/remark/version-notice.mjs';
import {apis as registry} from '../../src/data/registry.mjs';
import {root} from '../../src/build/paths.mjs';

// A standard in two versions, the newer one in a sub-folder, and a standard in one version.
const entry = (fields) => ({summary: '', specFile: '', specPageRoute: '', messageTypes: [], title: 'API', docsLabel: '', ...fields});
const apis = [
  entry({id: 'pay-2', standard: 'Pay', version: '2.0', status: 'current', docsRoute: '/pay/2.0/', referenceRoute: '/api/pay/2.0'}),
  entry({id: 'pay', standard: 'Pay', version: '1.0', status: 'previous', docsRoute: '/pay/', referenceRoute: '/api/pay'}),
  entry({id: 'plan', standard: 'Plan', version: '1.0', status: 'current', docsRoute: '/plan/', referenceRoute: '/api/plan'}),
];
const pages = new Set([
  '/pay/',
  '/pay/notes/rates',
  '/pay/consultation',
  '/pay/2.0/',
  '/pay/2.0/notes/rates',
  '/pay/2.0/release-notes',
  '/api/pay',
  '/api/pay/2.0',
]);
const exists = (route) => pages.has(route);

describe('placeInVersions', () => {
  test('finds the same page in the other version, both ways', () => {
    const fromOld = placeInVersions('/pay/notes/rates', apis, exists);
    assert.equal(fromOld.api.id, 'pay');
    assert.equal(fromOld.kind, 'docs');
    assert.deepEqual(
      fromOld.versions.map((v) => [v.api.id, v.route, v.samePage]),
      [
        ['pay-2', '/pay/2.0/notes/rates', true],
        ['pay', '/pay/notes/rates', true],
      ],
    );
    const fromNew = placeInVersions('/pay/2.0/notes/rates', apis, exists);
    assert.equal(fromNew.api.id, 'pay-2', 'the longest matching route wins: /pay/2.0/ over /pay/');
    assert.deepEqual(
      fromNew.versions.map((v) => v.route),
      ['/pay/2.0/notes/rates', '/pay/notes/rates'],
    );
  });

  test("falls back to the other version's start page where it has no such page", () => {
    const place = placeInVersions('/pay/2.0/release-notes', apis, exists);
    assert.deepEqual(
      place.versions.map((v) => [v.route, v.samePage]),
      [
        ['/pay/2.0/release-notes', true],
        ['/pay/', false],
      ],
    );
    assert.deepEqual(placeInVersions('/pay/consultation', apis, exists).versions[0], {api: apis[0], route: '/pay/2.0/', samePage: false});
  });

  test('knows the start pages and the API references', () => {
    assert.deepEqual(
      placeInVersions('/pay/', apis, exists).versions.map((v) => v.route),
      ['/pay/2.0/', '/pay/'],
    );
    const reference = placeInVersions('/api/pay/2.0/put-pay', apis, exists);
    assert.equal(reference.kind, 'reference');
    assert.deepEqual(
      reference.versions.map((v) => v.route),
      ['/api/pay/2.0/put-pay', '/api/pay'],
    );
  });

  test('knows the message dictionary: the same message or part, else the nearest page above it, else the first message', () => {
    const slugged = [
      {...apis[0], standardSlug: 'pay', messageTypes: ['Pay', 'PayLine']},
      {...apis[1], standardSlug: 'pay', messageTypes: ['Pay', 'OldLine']},
      {...apis[2], standardSlug: 'plan', messageTypes: ['Plan']},
    ];
    const dictionary = new Set([
      '/messages/pay/2.0/Pay',
      '/messages/pay/2.0/Pay/rates',
      '/messages/pay/2.0/PayLine',
      '/messages/pay/1.0/Pay',
    ]);
    const inDictionary = (route) => dictionary.has(route);
    const place = placeInVersions('/messages/pay/2.0/Pay/rates', slugged, inDictionary);
    assert.equal(place.kind, 'messages');
    assert.equal(place.api.id, 'pay-2');
    assert.deepEqual(
      place.versions.map((v) => [v.api.id, v.route, v.samePage]),
      [
        ['pay-2', '/messages/pay/2.0/Pay/rates', true],
        ['pay', '/messages/pay/1.0/Pay', false],
      ],
    );
    assert.deepEqual(
      placeInVersions('/messages/pay/1.0/Pay', slugged, inDictionary).versions.map((v) => [v.route, v.samePage]),
      [
        ['/messages/pay/2.0/Pay', true],
        ['/messages/pay/1.0/Pay', true],
      ],
    );
    assert.equal(placeInVersions('/messages/pay/2.0/PayLine', slugged, inDictionary).versions[1].route, '/messages/pay/1.0/Pay');
    assert.equal(placeInVersions('/messages/plan/1.0/Plan', slugged, inDictionary), null, 'a standard with one version');
    assert.equal(placeInVersions('/messages/pay/changes/1.0-to-2.0', slugged, inDictionary), null, 'a diff belongs to no one version');
  });

  test('ignores standards with one version and routes of no standard', () => {
    assert.equal(placeInVersions('/plan/faq', apis, exists), null);
    assert.equal(placeInVersions('/validator', apis, exists), null);
    assert.equal(placeInVersions('/payments', apis, exists), null, 'a route that merely starts with the same letters');
  });
});

describe('the notice on pages of a previous version', () => {
  const docsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'setu-versions-'));
  const write = (file, content = '# Page\n\nText.\n') => {
    fs.mkdirSync(path.dirname(path.join(docsDir, file)), {recursive: true});
    fs.writeFileSync(path.join(docsDir, file), content);
  };
  for (const file of [
    'pay/index.mdx',
    'pay/notes/rates.mdx',
    'pay/consultation.mdx',
    'pay/2.0/index.mdx',
    'pay/2.0/notes/rates.mdx',
    'plan/faq.mdx',
  ])
    write(file);

  const notice = (file, options = {kind: 'docs', docsDir}) => {
    const tree = unified()
      .use(remarkParse)
      .use(remarkDirective)
      .parse(fs.readFileSync(path.join(docsDir, file), 'utf8'));
    versionNotice({apis, ...options})(tree, {path: path.join(docsDir, file)});
    const first = tree.children[0];
    return first.type === 'containerDirective' ? first : null;
  };
  const linkOf = (node) => node.children[1].children.find((c) => c.type === 'link');

  test('routes of page files', () => {
    assert.equal(routeOfFile(path.join(docsDir, 'pay/index.mdx'), docsDir), '/pay/');
    assert.equal(routeOfFile(path.join(docsDir, 'pay/notes/rates.mdx'), docsDir), '/pay/notes/rates');
    assert.equal(routeOfFile(path.join(docsDir, 'index.mdx'), docsDir), '/');
  });

  test('a page of the previous version links the same page of the current version by its file', () => {
    const node = notice('pay/notes/rates.mdx');
    assert.ok(node, 'no notice');
    assert.equal(node.name, 'info');
    assert.equal(toString(node.children[0]), 'You are reading Pay v1.0');
    assert.match(toString(node), /Pay v2\.0 is the current release/);
    assert.equal(linkOf(node).url, '../2.0/notes/rates.mdx');
    assert.equal(toString(linkOf(node)), 'Read this page in v2.0');
    // Following it remembers v2.0 (src/client/remember-version-links.ts): the link names the version's registry id.
    assert.deepEqual(linkOf(node).data, {hProperties: {dataRememberVersion: 'pay-2'}});
    assert.equal(linkOf(notice('pay/index.mdx')).url, '2.0/index.mdx');
  });

  test("a page the current version does not have links the current version's start page", () => {
    const link = linkOf(notice('pay/consultation.mdx'));
    assert.equal(link.url, '2.0/index.mdx');
    assert.equal(toString(link), 'Go to the documentation of v2.0');
  });

  test('pages of the current version, and of standards with one version, get no notice', () => {
    assert.equal(notice('pay/2.0/notes/rates.mdx'), null);
    assert.equal(notice('pay/2.0/index.mdx'), null);
    assert.equal(notice('plan/faq.mdx'), null);
  });

  test("the previous version's API reference links the current one's", () => {
    const node = notice('plan/faq.mdx', {kind: 'reference', apiId: 'pay'});
    assert.equal(linkOf(node).url, '/docs/api/pay/2.0');
    assert.deepEqual(linkOf(node).data, {hProperties: {dataRememberVersion: 'pay-2'}});
    assert.equal(notice('plan/faq.mdx', {kind: 'reference', apiId: 'pay-2'}), null);
  });

  test('the registry names each standard once per version: one current version, or one referenced by the API beside one message model', () => {
    for (const standard of new Set(registry.map((api) => api.standard))) {
      const versions = registry.filter((api) => api.standard === standard);
      assert.equal(new Set(versions.map((v) => v.version)).size, versions.length, `${standard}: a version listed twice`);
      const count = (status) => versions.filter((v) => v.status === status).length;
      const modelled = count('referenced') === 1 && count('message-model') === 1 && count('current') === 0;
      assert.ok(
        count('current') === 1 || modelled,
        `${standard}: needs exactly one current version, or one referenced and one message model`,
      );
    }
  });

  test('a version without an API has no reference route, and every other version has one', () => {
    for (const api of registry) {
      if (api.api === false) assert.equal(api.referenceRoute, undefined, `${api.id}: "api": false, but a referenceRoute`);
      else assert.match(api.referenceRoute ?? '', /^\/api\//, `${api.id}: no referenceRoute`);
    }
  });
});

describe('a standard whose published API references one version while a newer message model exists', () => {
  const docsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'setu-models-'));
  for (const file of ['plan/index.mdx', 'plan/faq.mdx', 'plan/2.0/index.mdx', 'plan/2.0/examples.mdx']) {
    fs.mkdirSync(path.dirname(path.join(docsDir, file)), {recursive: true});
    fs.writeFileSync(path.join(docsDir, file), '# Page\n\nText.\n');
  }
  const models = [
    entry({id: 'plan-2', standard: 'Plan', version: '2.0', status: 'message-model', api: false, docsRoute: '/plan/2.0/'}),
    entry({id: 'plan', standard: 'Plan', version: '1.0', status: 'referenced', docsRoute: '/plan/', referenceRoute: '/api/plan'}),
  ];
  const notice = (file) => {
    const tree = unified().use(remarkParse).use(remarkDirective).parse('# Page\n');
    versionNotice({apis: models, kind: 'docs', docsDir})(tree, {path: path.join(docsDir, file)});
    return tree.children[0].type === 'containerDirective' ? tree.children[0] : null;
  };
  const linkOf = (node) => node.children[1].children.find((c) => c.type === 'link');

  test('a page of the referenced version says what each version is and links the message model', () => {
    const node = notice('plan/faq.mdx');
    assert.equal(toString(node.children[0]), 'You are reading Plan v1.0');
    assert.match(toString(node), /v1\.0 is the version the published Plan API references\. v2\.0 is the published message model/);
    assert.doesNotMatch(toString(node), /current|previous/);
    assert.equal(linkOf(node).url, '2.0/index.mdx');
    assert.equal(toString(linkOf(node)), 'Go to the documentation of v2.0');
  });

  test('a page of the message model says so and links the same page of the referenced version', () => {
    const node = notice('plan/2.0/index.mdx');
    assert.match(
      toString(node),
      /v2\.0 is the published message model: its messages, which no published API references yet\. The published Plan API references v1\.0\./,
    );
    assert.equal(linkOf(node).url, '../index.mdx');
    assert.equal(toString(linkOf(node)), 'Read this page in v1.0');
  });

  test('the switch offers both versions on documentation pages; the API reference has only the referenced version', () => {
    const exists = (route) => ['/plan/', '/plan/faq', '/plan/2.0/', '/plan/2.0/examples', '/api/plan'].includes(route);
    const place = placeInVersions('/plan/2.0/examples', models, exists);
    assert.deepEqual(
      place.versions.map((v) => [v.api.id, v.route, v.samePage]),
      [
        ['plan-2', '/plan/2.0/examples', true],
        ['plan', '/plan/', false],
      ],
    );
    assert.equal(placeInVersions('/plan/faq', models, exists).versions[0].route, '/plan/2.0/');
    assert.equal(placeInVersions('/api/plan/get-plan', models, exists), null);
  });
});

test('the API overview lists every version of the registry: its reference (where it has an API) and its spec file', () => {
  // docs/api/index.mdx is written by hand; a version added to the registry needs its row there.
  const overview = fs.readFileSync(path.join(root, 'docs', 'api', 'index.mdx'), 'utf8');
  const table = overview.slice(overview.indexOf('{#apis}'), overview.indexOf('{#usage-notes}'));
  for (const api of registry) {
    if (api.api !== false)
      assert.ok(table.includes(`(/docs${api.referenceRoute})`), `docs/api/index.mdx#apis: no link to ${api.referenceRoute}`);
    assert.ok(table.includes(`href="/docs/specs/${api.specFile}"`), `docs/api/index.mdx#apis: no download of ${api.specFile}`);
  }
});
