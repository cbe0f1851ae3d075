// The Markdown forms of the components of /docs/conformance, for the page's twin (src/plugins/markdown-twins/): the
// same data as the page, from the kit's plan (page-data.mjs) and its legend (check-kinds.mjs). Links are routes of the
// site, which the twin makes absolute.
import {checkKinds} from './check-kinds.mjs';
import {readModels} from './local-models.mjs';
import {pageApiOf} from './page-data.mjs';
import {conformanceWorkflow} from './pipeline.mjs';

/** @typedef {{type: string, value?: string, url?: string, lang?: string, ordered?: boolean, align?: null[], children?: MdNode[]}} MdNode */

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
      ...sentence(data.summary),
      text(" Each check's id is "),
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

/**
 * `<ConformanceWorkflow/>`: the version of setu-conform a pipeline pins, its file and SHA-256, the workflow, how to move
 * to a newer version and what changed, as the page's component (theme/ConformanceWorkflow) says them.
 * @param {import('../validator/command/pipeline.mjs').PublishedRelease | undefined} release setu-conform as this build publishes it
 * @param {(route: string) => string} url a site route (under /docs) as an absolute URL
 * @returns {MdNode[]}
 */
export function conformanceWorkflowMarkdown(release, url) {
  if (!release) throw new Error('<ConformanceWorkflow/>: the build published no setu-conform (src/plugins/validator/command/bundle.mjs)');
  const versioned = url(release.versionedRoute);
  return [
    paragraph([
      text('The current version, '),
      {type: 'strong', children: [text(release.version)]},
      text(', is published at '),
      link(versioned, [text(versioned)]),
      text(', an address whose content never changes, with the SHA-256 '),
      code(release.sha256),
      text('. '),
      // A link node, as above: in a text node the serializer escapes a URL's colon (https\://).
      link(url('/tools/SHA256SUMS'), [text(url('/tools/SHA256SUMS'))]),
      text(' lists the SHA-256 of every file under '),
      code('/docs/tools/'),
      text('; '),
      code('node setu-conform.mjs --version'),
      text(" prints a file's version."),
    ]),
    paragraph(
      sentence(
        'The workflow below installs Node.js, downloads that version and checks it against the SHA-256 written in the workflow, stopping there if they differ, then checks your test server with the authentication your parties agreed (from a secret: the kit never prints it) and uploads the JUnit report, a test case per check, also when a check failed. Its actions are pinned by commit, as on the validator page (`/docs/validator#github-actions`).',
      ),
    ),
    {type: 'code', lang: 'yaml', value: conformanceWorkflow({release, url, pageUrl: `${url('/conformance')}#ci`}).trimEnd()},
    paragraph(
      sentence(
        'Your pipeline’s results change only when you change its version. To move: read what changed below, set `SETU_CONFORM_VERSION` and `SETU_CONFORM_SHA256` to the version and SHA-256 this page shows, and run the workflow on a branch first. A minor version changes checks (one added, or made stricter or more lenient); a patch version changes the file but no check; a major version changes the command line or a report format.',
      ),
    ),
    paragraph([text('What changed, the releases that changed checks:')]),
    {
      type: 'list',
      ordered: false,
      children: release.changelog.map((entry) => ({
        type: 'listItem',
        children: [paragraph([{type: 'strong', children: [text(entry.version)]}, text(` (${entry.date}): ${entry.changes.join(' ')}`)])],
      })),
    },
  ];
}
