// The checks the Docusaurus build makes on the pages of docs/, fast and without a build:
// 1. every page compiles as MDX (as Docusaurus parses it: front matter, `## Title {#id}`, admonitions);
// 2. every link to a Markdown file (`[x](./a.mdx#anchor)`, `[x]: ../b.md`) names an existing file, and
//    its #anchor (and every same-page `[x](#anchor)`) is the id of a heading or element of the target page;
// 3. every link to a static file (`pathname:///specs/x.json`, `<a href="/docs/specs/x.json">`) names a published file.
// Problems come back as "file:line:column: reason". Used by scripts/check-mdx.mjs and the unit tests.
import fs from 'node:fs';
import path from 'node:path';
import {compile} from '@mdx-js/mdx';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import {escapeMarkdownHeadingIds, parseLocalURLPath} from '@docusaurus/utils';
import {root, shown, listPages} from '../../src/build/paths.mjs';
// The directive `::spec-deviations{spec="…"}` is expanded as the build expands it; a wrong spec name fails here too.
import specDeviations from '../../src/remark/spec-deviations.mjs';
// The plugin Docusaurus itself uses to give headings their ids (github-slugger, explicit {#id} wins).
import headingsPlugin from '@docusaurus/mdx-loader/lib/remark/headings/index.js';
import {messageOf} from '../../src/build/errors.mjs';

// A CommonJS module: its export is the plugin itself, or under `default` when imported as ESM from its compiled form.
const headingIds = /** @type {typeof headingsPlugin & {default?: typeof headingsPlugin}} */ (headingsPlugin).default ?? headingsPlugin;

export {shown, listPages};
export const defaultDocsDir = path.join(root, 'docs');

// Collects what the link check needs while the page compiles: ids of headings and elements, links.
function collect(found) {
  return () => (tree) => {
    (function visit(node) {
      if (node.type === 'heading' && node.data?.id) found.ids.add(node.data.id);
      if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.attributes) {
        for (const a of node.attributes) {
          if (a.name === 'id' && typeof a.value === 'string') found.ids.add(a.value);
          if (node.name === 'a' && a.name === 'href' && typeof a.value === 'string') {
            found.links.push({url: a.value, line: node.position?.start.line, column: node.position?.start.column});
          }
        }
      }
      if (node.type === 'html') for (const m of node.value.matchAll(/\sid=["']([^"']+)["']/g)) found.ids.add(m[1]);
      if ((node.type === 'link' || node.type === 'definition') && typeof node.url === 'string') {
        found.links.push({url: node.url, line: node.position?.start.line, column: node.position?.start.column});
      }
      for (const child of node.children ?? []) visit(child);
    })(tree);
  };
}

const compiled = new Map();

/**
 * Compiles one page. Returns {file, error, ids, links}: error is "file:line:column: reason" or null,
 * ids the anchor ids of the page, links [{url, line, column}].
 */
export async function compilePage(file) {
  const full = path.resolve(file);
  const text = fs.readFileSync(full, 'utf8');
  const key = `${full}\0${text}`;
  if (compiled.has(key)) return compiled.get(key);
  // Front matter becomes blank lines (keeping line numbers); `## Title {#id}` is escaped as Docusaurus does.
  const source = escapeMarkdownHeadingIds(text.replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n/, (fm) => '\n'.repeat(fm.split('\n').length - 1)));
  /** @type {{file: string, error: string | null, ids: Set<string>, links: {url: string, line: number, column: number}[]}} */
  const found = {file: full, error: null, ids: new Set(), links: []};
  try {
    await compile(
      {path: full, value: source},
      {
        format: full.endsWith('.md') ? 'md' : 'mdx',
        remarkPlugins: [remarkGfm, remarkDirective, [headingIds, {anchorsMaintainCase: false}], specDeviations, collect(found)],
      },
    );
  } catch (thrown) {
    // MDX's errors (VFileMessage) say where: `place` (a point or a position) or `position`.
    /** @typedef {{line: number | string, column: number | string}} Point */
    const error = /** @type {{reason?: string, place?: Point | {start: Point}, position?: {start: Point}}} */ (thrown);
    const reason = error.reason ?? messageOf(thrown);
    // Some errors (an unclosed JSX tag) carry their place only in the text: "… for `<div>` (60:1-60:23)".
    const inText = /\((\d+):(\d+)-\d+:\d+\)/.exec(reason);
    const place =
      (error.place && 'start' in error.place ? error.place.start : error.place) ??
      error.position?.start ??
      (inText && {line: inText[1], column: inText[2]});
    found.error = `${shown(full)}:${place?.line ?? '?'}:${place?.column ?? '?'}: ${reason}`;
  }
  compiled.set(key, found);
  return found;
}

/** The file a Markdown link points at, as Docusaurus resolves it (relative to the page, or to docs/ when absolute). */
function linkTarget(pathname, fromFile, docsDir) {
  const decoded = decodeURIComponent(pathname);
  const candidates = decoded.startsWith('/')
    ? [path.join(docsDir, decoded), path.join(path.dirname(docsDir), decoded)]
    : [path.resolve(path.dirname(fromFile), decoded)];
  return {found: candidates.find((c) => fs.existsSync(c) && fs.statSync(c).isFile()), tried: candidates[0]};
}

/** The link problems of one compiled page, as "file:line:column: reason". */
export async function linkProblems(page, docsDir = defaultDocsDir) {
  const problems = [];
  for (const {url, line, column} of page.links) {
    const where = `${shown(page.file)}:${line ?? '?'}:${column ?? '?'}`;
    let anchorFile;
    const staticFile = url.startsWith('pathname://')
      ? url.slice('pathname://'.length)
      : url.startsWith('/docs/specs/')
        ? url.slice('/docs'.length)
        : null;
    if (staticFile !== null) {
      // A static file Docusaurus does not check: a published spec (/specs/<file>, copied from specs/) or a file of static/.
      // Markdown links to one are written pathname:///…; an <a> element, which Docusaurus leaves as it is, /docs/….
      const file = staticFile.split(/[?#]/)[0];
      const source = file.startsWith('/specs/') ? path.join(root, file) : path.join(root, 'static', file);
      if (!fs.existsSync(source)) problems.push(`${where}: broken link to "${url}": there is no file ${shown(source)}`);
      continue;
    }
    if (url.startsWith('#')) {
      anchorFile = page.file;
    } else {
      const local = parseLocalURLPath(url);
      if (!local || !/\.mdx?$/i.test(local.pathname)) continue; // a URL, not a file link: the browser tests crawl those
      const {found, tried} = linkTarget(local.pathname, page.file, docsDir);
      if (!found) {
        problems.push(`${where}: broken link to "${url}": there is no file ${shown(tried)}`);
        continue;
      }
      if (!local.hash) continue;
      anchorFile = found;
    }
    const anchor = decodeURIComponent(url.slice(url.indexOf('#') + 1));
    if (!anchor) continue;
    const target = anchorFile === page.file ? page : await compilePage(anchorFile);
    if (target.error) continue; // reported as a compile error of that page
    if (!target.ids.has(anchor)) {
      problems.push(`${where}: broken anchor in "${url}": ${shown(anchorFile)} has no heading or element with id "${anchor}"`);
    }
  }
  return problems;
}

/** Compiles and link-checks the pages; returns {pages, problems}. */
export async function checkPages(files, {docsDir = defaultDocsDir, links = true} = {}) {
  const problems = [];
  const pages = [];
  for (const file of files) {
    const page = await compilePage(file);
    pages.push(page);
    if (page.error) problems.push(page.error);
    else if (links) problems.push(...(await linkProblems(page, docsDir)));
  }
  return {pages, problems};
}
