// The conformance kit's plan and page, without a server: every check has a stable id, a kind, sources that lead to pages
// of the site, and a reason where it is our reading; the page's legend explains every kind of check the plan makes; the
// page lists every API version, links the published file, and its Markdown twin holds the same lists.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {apisWithReference} from '../../../src/data/registry.mjs';
import {siteUrl, baseUrl} from '../../../src/data/site.mjs';
import {readModels} from '../../../src/plugins/conformance/local-models.mjs';
import {planOf} from '../../../src/plugins/conformance/plan.mjs';
import {checkKinds} from '../../../src/plugins/conformance/check-kinds.mjs';
import {publishedRoute} from '../../../src/plugins/conformance/pipeline.mjs';
import {mdxToMarkdown} from '../../../src/plugins/markdown-twins/mdx-to-markdown.mjs';
import {pageApiOf} from '../../../src/plugins/conformance/page-data.mjs';
import {main} from '../../../src/plugins/conformance/main.mjs';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const models = readModels();
const plans = models.map((m) => planOf(m, {allowLeftovers: true}));

/** Whether a route of the site (under /docs, with an optional #anchor) leads to a page, and to the anchor on it. */
function leads(/** @type {string} */ route) {
  const [page, anchor] = route.split('#');
  if (['/sandbox', '/validator'].includes(page)) return !anchor || anchor === 'ours';
  if (apisWithReference.some((a) => page.startsWith(`${a.referenceRoute}/`))) {
    const api = apisWithReference.find((a) => page.startsWith(`${a.referenceRoute}/`));
    return models.find((m) => m.id === api?.id)?.operations.some((o) => page === `${api?.referenceRoute}/${o.operationId}`) ?? false;
  }
  const file = [path.join(root, 'docs', `${page}.mdx`), path.join(root, 'docs', page, 'index.mdx')].find((f) => fs.existsSync(f));
  if (!file) return false;
  return !anchor || fs.readFileSync(file, 'utf8').includes(`{#${anchor}}`);
}

test('every check has a stable id, a title, a kind and sources that lead to pages of the site; our reading says why', () => {
  const ids = new Set();
  for (const plan of plans) {
    for (const c of plan.checks) {
      assert.match(c.id, new RegExp(`^${plan.model.id.replace(/\./g, '\\.')}\\.${c.operationId}\\.[a-z.-]+$`));
      assert.ok(!ids.has(c.id), `${c.id} twice`);
      ids.add(c.id);
      assert.ok(c.title.length > 10, c.id);
      assert.ok(['standard', 'our-reading'].includes(c.kind), c.id);
      assert.ok(c.sources.length > 0, `${c.id} has a source`);
      for (const s of c.sources) assert.ok(leads(s.route), `${c.id}: the source ${s.label} (${s.route}) leads to no page`);
      if (c.kind === 'our-reading') assert.ok(c.reason, `${c.id} says why it is our reading`);
    }
  }
  // The same plan twice has the same checks: ids do not depend on the run's own ids.
  assert.deepEqual(
    planOf(models[0]).checks.map((c) => c.id),
    planOf(models[0]).checks.map((c) => c.id),
  );
});

test('a check’s title never reads as the standard’s where the check is our reading, nor as ours where it is the standard’s', () => {
  for (const plan of plans) {
    for (const c of plan.checks) {
      if (c.kind === 'our-reading' && /specification declares/.test(c.title))
        assert.match(c.title, /this site’s specification|our choice|our recommendation/, `${c.id}: ${c.title}`);
      if (c.kind === 'standard') assert.doesNotMatch(c.title, /this site’s|\bour\b/i, `${c.id}: ${c.title}`);
    }
  }
  const byId = new Map(plans.flatMap((p) => p.checks.map((c) => [c.id, c])));
  assert.match(byId.get('p2p.create-timecard.location')?.title ?? '', /our recommendation, which this site’s specification adds/);
  assert.match(byId.get('planning.create-planning-request.location')?.title ?? '', /the Location header the specification declares/);
  // Made our reading after it was made (asking for XML with Accept, this site's addition to Purchase to Pay).
  assert.match(byId.get('p2p.get-timecard.xml.status')?.title ?? '', /this site’s specification declares/);
});

test('our reading follows the sandbox’s behaviour list and the specs’ additions, not a list of its own', () => {
  const byId = new Map(plans.flatMap((p) => p.checks.map((c) => [c.id, c])));
  const kind = (/** @type {string} */ id) => byId.get(id)?.kind;
  // The published Purchase to Pay creates answer without Location (our recommendation); Planning's declare it.
  assert.equal(kind('p2p.create-timecard.location'), 'our-reading');
  assert.equal(kind('planning.create-planning-request.location'), 'standard');
  // Planning's error answers are this site's addition; Inquiry Pay Equity publishes its error object.
  assert.equal(kind('planning.get-planning-request.error-object'), 'our-reading');
  assert.equal(kind('gelijkwaardige-beloning-2.0.get-inquiry-pay-equity.error-object'), 'standard');
  // The usage note on response codes makes 400 and 404 the standard's, where a spec declares neither.
  assert.equal(kind('planning.update-planning-request.invalid-message'), 'standard');
  assert.equal(kind('planning.get-planning-request.unknown-id'), 'standard');
  // Asking for XML with Accept: the published Purchase to Pay reads take no Accept; Planning's do.
  assert.equal(kind('p2p.get-timecard.xml.body'), 'our-reading');
  assert.equal(kind('planning.get-planning-request.xml.body'), 'standard');
  // The operations on /inquiry-pay-equity/request are this site's addition to v1.0.
  assert.ok(plans[3].checks.filter((c) => c.operationId.endsWith('-request')).every((c) => c.kind === 'our-reading'));
  // Where the sandbox's list is the reason.
  assert.equal(kind('p2p.update-timecard.replaces-whole'), 'our-reading');
  assert.match(byId.get('p2p.update-timecard.replaces-whole')?.reason ?? '', /^A PUT replaces the whole message/);
});

test('the parties --party takes are those the landing pages list under "Operations by implementing party", each with operations', () => {
  for (const model of models) {
    const api = apisWithReference.find((a) => a.id === model.id);
    const dir = path.join(root, 'generated/api-reference', model.id);
    const page = fs.readdirSync(dir).find((f) => f.endsWith('.info.mdx'));
    assert.ok(api && page, `${model.id}: the landing page (node scripts/generate.mjs api-reference)`);
    const text = fs.readFileSync(path.join(dir, page), 'utf8');
    const byParty = text.split(/^## Operations by implementing party.*$/m)[1] ?? '';
    const listed = [...byParty.matchAll(/^### (.+)$/gm)].map((m) => m[1].replace(/\\\|/g, '|'));
    assert.deepEqual(model.parties, listed, model.id);
    for (const party of model.parties)
      assert.ok(
        model.operations.some((o) => o.parties.includes(party)),
        `${model.id}: "${party}" implements an operation`,
      );
  }
});

test('the page’s figures are those of a run with the default options, and of --list', async () => {
  for (const model of models) {
    const page = pageApiOf(model);
    const plan = planOf(model);
    const standard = plan.checks.filter((c) => c.kind === 'standard').length;
    assert.deepEqual(page.counts, {standard, ours: plan.checks.length - standard, requests: plan.steps.length}, model.id);
    assert.ok(
      page.summary.startsWith(
        `${plan.checks.length} checks, ${standard} of the standard and ${plan.checks.length - standard} of our reading, in ${plan.steps.length} requests`,
      ),
      page.summary,
    );
    let out = '';
    assert.equal(await main(['--api', model.id, '--list'], {out: (t) => (out += t), err: () => {}}, {models}), 0);
    assert.match(
      out,
      new RegExp(`^${plan.checks.length} checks: ${standard} of the standard, ${plan.checks.length - standard} of our reading\\.$`, 'm'),
    );
    // What --allow-leftovers adds, said where it adds anything.
    const more = planOf(model, {allowLeftovers: true});
    assert.equal(page.leftovers.checks, more.checks.length - plan.checks.length, model.id);
    assert.equal(page.leftovers.requests, more.steps.length - plan.steps.length, model.id);
    if (page.leftovers.checks)
      assert.match(
        page.summary,
        new RegExp(`--allow-leftovers\` also sends the ${page.leftovers.requests} requests .* with ${page.leftovers.checks} more checks`),
      );
  }
});

test('the legend explains every kind of check the plan makes, and the plan makes every kind it explains', () => {
  const made = new Set(plans.flatMap((p) => p.checks.map((c) => c.name.replace(/^replace\./, ''))));
  assert.deepEqual(
    checkKinds.map((k) => k.name).filter((name) => !made.has(name)),
    [],
  );
  for (const kind of checkKinds) for (const s of kind.sources) assert.ok(leads(s.route), `${kind.name}: ${s.route}`);
});

test('the page lists every API version with its checks, links the published file, and its twin holds the same lists', async () => {
  const file = path.join(root, 'docs/conformance.mdx');
  const source = fs.readFileSync(file, 'utf8');
  const listed = [...source.matchAll(/<ConformanceChecks api="([^"]+)" \/>/g)].map((m) => m[1]);
  assert.deepEqual(
    listed,
    apisWithReference.map((a) => a.id),
  );
  assert.ok(source.includes(`href="${baseUrl.replace(/\/$/, '')}${publishedRoute}"`), 'the download link');
  assert.ok(source.includes('<ConformanceWorkflow />'), 'the CI job, pinned to the version the build publishes');
  // The build's release of setu-conform, as the validator plugin hands it to the twin (a stand-in here).
  const release = {
    name: 'setu-conform',
    version: '9.8.7',
    route: publishedRoute,
    versionedRoute: publishedRoute.replace(/\.mjs$/, '-9.8.7.mjs'),
    sha256: 'ab'.repeat(32),
    changelog: [{version: '9.8.7', date: '2026-11-28', changes: ['A stand-in release.']}],
  };
  const site = `${siteUrl}${baseUrl.replace(/\/$/, '')}`;
  const twin = await mdxToMarkdown(source, {
    filePath: file,
    title: 'Conformance kit',
    absoluteUrl: (url) => (url.startsWith('/') ? `${site}${url.replace(/^\/docs/, '')}` : url),
    remarkPlugins: [],
    commands: {releases: [release], url: (route) => `${site}${route}`},
  });
  assert.ok(!/<Conformance/.test(twin));
  assert.ok(twin.includes(`SETU_CONFORM_SHA256: ${release.sha256}`), 'the twin pins the SHA-256 of the build');
  assert.ok(twin.includes(`"${site}/tools/setu-conform-\${SETU_CONFORM_VERSION}.mjs"`), 'the CI job downloads the versioned file');
  assert.ok(twin.includes('**9.8.7** (2026-11-28): A stand-in release.'), 'what changed');
  for (const plan of plans) {
    const {counts} = pageApiOf(plan.model);
    assert.ok(
      twin.includes(
        `${counts.standard + counts.ours} checks, ${counts.standard} of the standard and ${counts.ours} of our reading, in ${counts.requests} requests`,
      ),
      `${plan.model.id}: the figures of a default run`,
    );
    for (const op of plan.model.operations)
      assert.ok(
        twin.includes(`[${op.operationId}](${siteUrl}${baseUrl}${plan.model.referenceRoute.slice(1)}/${op.operationId})`),
        op.operationId,
      );
  }
  assert.match(twin, /\| `error-code` \| Every refusal’s error object names both a `code` and a `description`/);
  assert.match(
    twin,
    /A PUT replaces the whole message \(\[the sandbox’s list\]\(https:\/\/[^)]+\/docs\/sandbox#ours\)\): `replaces-whole` \(\d+ operations\)/,
  );
  assert.ok(Buffer.byteLength(twin) < 150 * 1024, `${Buffer.byteLength(twin)} bytes`);
});
