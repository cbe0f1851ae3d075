// Remark plugin: on every page of a version of a standard that is not simply its current release, an admonition at the
// top says which version the reader is on, what that version is, and links the same page in the other version (or that
// version's start page where it has no such page). Static HTML; following the link remembers the version it leads to
// (src/client/remember-version-links.ts). By the registry's `status`:
//   previous       → links the current release ("… is the current release").
//   referenced     → (Planning and Scheduling v1.0) what the published API references; links the message model.
//   message-model  → (Planning and Scheduling v2.0) messages only, no API references it yet; links the referenced version.
// Options:
//   {kind: 'docs', docsDir}       pages of the content docs (their route is their path under docsDir)
//   {kind: 'reference', apiId}    pages of one API reference (the generated pages of api-reference/<apiId>/)
//   apis                          (optional) the registry's entries, when not src/data/registry.mjs's
import fs from 'node:fs';
import path from 'node:path';
import {placeInVersions, routeOfPage, versionRoot} from '../data/standard-versions.mjs';
import {apis as registry} from '../data/registry.mjs';

/**
 * @typedef {import('../data/registry.mjs').ApiVersion} ApiVersion
 * @typedef {{type: string, value?: string, url?: string, data?: object, children?: MdNode[]}} MdNode a node of the Markdown syntax tree
 * @typedef {{kind: 'docs', docsDir: string, apis?: ApiVersion[]} | {kind: 'reference', apiId: string, apis?: ApiVersion[]}} Options
 */

/** The route of a content page from its file. */
export const routeOfFile = (/** @type {string} */ file, /** @type {string} */ docsDir) =>
  routeOfPage(path.relative(docsDir, file).split(path.sep).join('/'));

/**
 * The file of a content page at a route, if there is one.
 * @param {string} route
 * @param {string} docsDir
 */
function pageFileOf(route, docsDir) {
  const base = path.join(docsDir, ...route.split('/').filter(Boolean));
  const candidates = route.endsWith('/')
    ? [path.join(base, 'index.mdx'), path.join(base, 'index.md')]
    : [`${base}.mdx`, `${base}.md`, path.join(base, 'index.mdx')];
  return candidates.find((c) => fs.existsSync(c)) ?? null;
}

/** @returns {MdNode} */
const text = (/** @type {string} */ value) => ({type: 'text', value});

/** The admonition `:::info[title]` with one paragraph, as remark-directive parses it (Docusaurus renders it later). */
function admonition(/** @type {string} */ title, /** @type {MdNode[]} */ body) {
  return {
    type: 'containerDirective',
    name: 'info',
    attributes: {},
    children: [
      {type: 'paragraph', data: {directiveLabel: true}, children: [text(title)]},
      {type: 'paragraph', children: body},
    ],
  };
}

/** Which version a page of a version of each status links to (by that version's status); none: no notice.
 * @type {Record<string, ApiVersion['status']>} */
const counterpartStatus = {previous: 'current', referenced: 'message-model', 'message-model': 'referenced'};

/** What the version read (`api`) is, beside the one the notice links (`other`), in two sentences. */
function statusSentence(/** @type {ApiVersion} */ api, /** @type {ApiVersion} */ other) {
  switch (api.status) {
    case 'previous':
      return `${other.standard} v${other.version} is the current release. v${api.version} stays documented for the systems that still run it.`;
    case 'referenced':
      return (
        `v${api.version} is the version the published ${api.standard} API references. ` +
        `v${other.version} is the published message model: its messages, without an API specification yet.`
      );
    case 'message-model':
      return (
        `v${api.version} is the published message model: its messages, which no published API references yet. ` +
        `The published ${api.standard} API references v${other.version}.`
      );
    default:
      return '';
  }
}

/** @param {Options} options */
export default function versionNotice(options) {
  const apis = options.apis ?? registry; // another registry: the unit tests
  return (/** @type {{children: MdNode[]}} */ tree, /** @type {{path: string}} */ file) => {
    /** @type {{api: ApiVersion}} */
    let place;
    /** @type {{url: string, samePage: boolean, api: ApiVersion}} */
    let link;
    if (options.kind === 'docs') {
      const {docsDir} = options;
      const found = placeInVersions(routeOfFile(file.path, docsDir), apis, (r) => pageFileOf(r, docsDir) !== null);
      const wanted = found && counterpartStatus[found.api.status];
      if (!found || !wanted) return;
      place = found;
      const current = found.versions.find((v) => v.api.status === wanted);
      if (!current) return;
      // A link to the page's file, which Docusaurus resolves to its URL and checks like every page link.
      const target = pageFileOf(current.route, docsDir);
      if (!target)
        throw new Error(
          `${file.path}: no page in ${docsDir} at ${current.route}, the start page of ${current.api.standard} v${current.api.version}`,
        );
      link = {url: path.relative(path.dirname(file.path), target).split(path.sep).join('/'), samePage: current.samePage, api: current.api};
    } else {
      const {apiId} = options;
      const api = apis.find((a) => a.id === apiId);
      const current = api?.status === 'previous' ? apis.find((a) => a.standard === api.standard && a.status === 'current') : null;
      if (!api || !current) return;
      place = {api};
      link = {url: `/docs${versionRoot(current, 'reference')}`, samePage: false, api: current};
    }
    const {api} = place;
    const what = options.kind === 'docs' ? 'the documentation' : 'the API reference';
    tree.children.unshift(
      admonition(`You are reading ${api.standard} v${api.version}`, [
        text(`${statusSentence(api, link.api)} `),
        {
          type: 'link',
          url: link.url,
          // Following it remembers the version, as the navbar's switch does.
          data: {hProperties: {dataRememberVersion: link.api.id}},
          children: [text(link.samePage ? `Read this page in v${link.api.version}` : `Go to ${what} of v${link.api.version}`)],
        },
        text('.'),
      ]),
    );
  };
}
