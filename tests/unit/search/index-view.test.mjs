// What the search index sees of a page (src/plugins/search/index-view.mjs): dictionary entries and business rules as
// headings with their anchors, the page's version and place as metadata, older versions weighted down.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import * as cheerio from 'cheerio';
import {apis} from '../../../src/data/registry.mjs';
import {indexView, olderVersionWeight, versionOfRoute} from '../../../src/plugins/search/index-view.mjs';

test('the version of a route: documentation, reference and dictionary pages; none elsewhere', () => {
  assert.deepEqual(versionOfRoute('/gelijkwaardige-beloning/usage-notes/rates', apis), {
    standard: 'Inquiry Pay Equity',
    version: '1.0',
    status: 'previous',
    latest: false,
  });
  assert.equal(versionOfRoute('/gelijkwaardige-beloning/2.0/usage-notes/rates', apis)?.version, '2.0');
  assert.equal(versionOfRoute('/gelijkwaardige-beloning/2.0/usage-notes/rates', apis)?.latest, true);
  assert.equal(versionOfRoute('/api/gelijkwaardige-beloning/2.0', apis)?.version, '2.0');
  assert.equal(versionOfRoute('/api/p2p/create-timecard', apis)?.standard, 'Purchase to Pay');
  assert.deepEqual(
    [
      versionOfRoute('/messages/planning/1.0/PlanningRequest', apis)?.version,
      versionOfRoute('/messages/planning/1.0/PlanningRequest', apis)?.latest,
    ],
    ['1.0', false],
  );
  assert.equal(versionOfRoute('/messages/inquiry-pay-equity/2.0/InquiryPayEquity/remuneration', apis)?.version, '2.0');
  assert.equal(versionOfRoute('/messages/inquiry-pay-equity/changes/1.0-to-2.0', apis)?.version, '2.0');
  assert.equal(versionOfRoute('/api/usage-notes/identifiers', apis), undefined);
  assert.equal(versionOfRoute('/', apis), undefined);
});

const page = (body) =>
  `<html><head><title>t</title></head><body><nav>menu</nav><main><article>` +
  `<nav class="theme-doc-breadcrumbs"><ul><li class="breadcrumbs__item"><a>Planning and Scheduling v1.0</a></li>` +
  `<li class="breadcrumbs__item"><span>Business rules</span></li></ul></nav><h1>Business rules</h1>${body}</article></main></body></html>`;

test("a dictionary entry: its heading takes the entry's anchor", () => {
  const html = indexView(
    page(
      `<section id="positionProfile.positionLocation" data-field-path="positionProfile.positionLocation"><h2><code>positionProfile.positionLocation</code></h2><div class="dict-noindex">…</div></section>`,
    ),
    versionOfRoute('/messages/planning/2.0/PlanningRequest', apis),
  );
  const $ = cheerio.load(html);
  assert.equal($('h2').attr('id'), 'positionProfile.positionLocation');
  assert.equal($('section').attr('id'), undefined, 'one element per id');
  assert.equal($('main').attr('data-pagefind-weight'), undefined, 'the newest version keeps its weight');
});

test("a business rule: its row heading becomes a heading with the row's anchor, and its number one word too", () => {
  const html = indexView(
    page(`<table><tr id="br-285"><th scope="row">BR <!-- -->285</th><td>A planning request holds a line.</td></tr></table>`),
    versionOfRoute('/planning/business-rules', apis),
  );
  const $ = cheerio.load(html);
  assert.equal($('h3#br-285').text(), 'BR 285');
  assert.match($('th').text(), /BR285/);
  assert.equal($('tr').attr('id'), undefined);
});

test("the page's version and place become metadata and filters; an older version weighs less", () => {
  const $ = cheerio.load(indexView(page('<p>text</p>'), versionOfRoute('/planning/business-rules', apis)));
  const meta = Object.fromEntries(
    $('meta[data-pagefind-meta]')
      .map((_, m) => [[$(m).attr('data-pagefind-meta'), $(m).attr('content')]])
      .get(),
  );
  assert.deepEqual(meta, {
    'breadcrumbs[content]': 'Planning and Scheduling v1.0 › Business rules',
    'standard[content]': 'Planning and Scheduling',
    'version[content]': '1.0',
    'status[content]': 'published API',
    'latest[content]': 'false',
  });
  assert.equal($('meta[data-pagefind-filter="version[content]"]').attr('content'), 'Planning and Scheduling 1.0');
  assert.equal($('main').attr('data-pagefind-weight'), String(olderVersionWeight));
});

test('a page without <main> (a redirect) is not indexed', () => {
  assert.equal(indexView('<html><head><meta http-equiv="refresh" content="0; url=/docs/"></head><body></body></html>', undefined), null);
});

test("an entry whose path holds a space: its heading's id is percent-encoded, which Pagefind keeps and the browser decodes", () => {
  const $ = cheerio.load(
    indexView(
      page(`<section id="mime type" data-field-path="mime type"><h2><code>mime type</code></h2></section>`),
      versionOfRoute('/messages/purchase-to-pay/2.0/Attachment', apis),
    ),
  );
  assert.equal($('h2').attr('id'), 'mime%20type');
  assert.equal(decodeURIComponent($('h2').attr('id')), 'mime type');
});
