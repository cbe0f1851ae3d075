// The Markdown forms of the components of /docs/conformance, for the page's twin (src/plugins/markdown-twins/): the
// same data as the page, from the kit's plan (page-data.mjs) and its legend (check-kinds.mjs). Links are routes of the
// site, which the twin makes absolute.
import {checkKinds} from './check-kinds.mjs';
import {readModels} from './local-models.mjs';
import {pageApiOf} from './page-data.mjs';

/** @typedef {{type: string, value?: string, url?: string, align?: null[], children?: MdNode[]}} MdNode */

/** @type {import('./page-data.mjs').PageApi[] | null} */
let pages = null;

/** @returns {MdNode} */
const text = (/** @type {string} */ value) => ({type: 'text', value});
/** @returns {MdNode} */
const code = (/** @type {string} */ value) => ({type: 'inlineCode', value});
/** @returns {MdNode} */
const link = (/** @type {string} */ url, /** @type {MdNode[]} */ children) => ({type: 'link', url, children});
/** @returns {MdNode} */
const paragraph = (/** @type {MdNode[]} */ children) => ({type: 'paragraph', children});
/** A sentence whose `code` is inline code. */
const sentence = (/** @type {string} */ s) =>
  s
    .split(/(`[^`]+`)/)
    .filter(Boolean)
    .map((part) => (part.startsWith('`') ? code(part.slice(1, -1)) : text(part)));
/** Names as inline code, separated by middle dots; "none" for none. */
const names = (/** @type {string[]} */ list) =>
  list.length ? list.flatMap((n, i) => [...(i ? [text(' · ')] : []), code(n)]) : [text('none')];

/**
 * A table.
 * @param {string[]} header
 * @param {MdNode[][][]} rows
 * @returns {MdNode}
 */
const table = (header, rows) => ({
  type: 'table',
  align: [],
  children: [header.map((h) => [text(h)]), ...rows].map((cells) => ({
    type: 'tableRow',
    children: cells.map((c) => ({type: 'tableCell', children: c})),
  })),
});

/**
 * `<ConformanceChecks api="…"/>`: an API version's checks, per operation, and why those of our reading are ours.
 * @param {string | undefined} api
 * @returns {MdNode[]}
 */
export function conformanceChecksMarkdown(api) {
  pages ??= readModels().map(pageApiOf);
  const data = pages.find((p) => p.id === api);
  if (!data) throw new Error(`<ConformanceChecks api="${api}">: no such API version in the conformance kit`);
  const nodes = [
    paragraph([
      text(
        `${data.counts.standard + data.counts.ours} checks: ${data.counts.standard} of the standard and ${data.counts.ours} of our reading. A run of them all sends ${data.counts.requests} requests. Each check's id is `,
      ),
      code(`${data.id}.<operation>.<check>`),
      text('; the operation links its page in the '),
      link(data.referenceRoute, [text('API reference')]),
      text('.'),
    ]),
    table(
      ['Operation', 'Checks of the standard', 'Checks of our reading'],
      data.operations.map((op) => [
        [link(`${data.referenceRoute}/${op.operationId}`, [text(op.operationId)]), text(' '), code(`${op.method} ${op.path}`)],
        names(op.standard),
        names(op.ours),
      ]),
    ),
  ];
  if (data.reasons.length) {
    nodes.push(paragraph([text(`Why the checks of our reading are ours in ${data.label}:`)]));
    nodes.push({
      type: 'list',
      children: data.reasons.map((r) => {
        const counted = [...new Set(r.checks.map((id) => id.slice(id.indexOf('.') + 1)))].map((name) => [
          name,
          r.checks.filter((id) => id.slice(id.indexOf('.') + 1) === name).length,
        ]);
        return {
          type: 'listItem',
          children: [
            paragraph([
              ...sentence(r.reason),
              ...(r.source
                ? [
                    text(' ('),
                    link(r.source.route, [
                      text(r.source.route.startsWith('/sandbox') ? 'the sandbox’s list' : 'the specification’s deviations'),
                    ]),
                    text(')'),
                  ]
                : []),
              text(': '),
              ...counted.flatMap(([name, count], i) => [
                ...(i ? [text(', ')] : []),
                code(String(name)),
                text(` (${count} ${count === 1 ? 'operation' : 'operations'})`),
              ]),
              text('.'),
            ]),
          ],
        };
      }),
    });
  }
  return nodes;
}

/**
 * `<ConformanceCheckKinds/>`: what each kind of check tests, and where its rule comes from.
 * @returns {MdNode[]}
 */
export function conformanceCheckKindsMarkdown() {
  return [
    table(
      ['Check', 'What it checks', 'Where the rule comes from'],
      checkKinds.map((kind) => [
        [code(kind.name)],
        sentence(kind.what),
        [text('the operation’s page'), ...kind.sources.flatMap((s) => [text('; '), link(s.route, [text(s.label)])])],
      ]),
    ),
  ];
}
