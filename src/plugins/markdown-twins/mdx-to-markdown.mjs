// The Markdown twin of an MDX page: the page's source parsed as Docusaurus parses it (MDX, GFM, directives), with the
// remark plugins its docs instance runs (the version notice, `::spec-deviations`; not the diagram renderer), then
// written back as plain Markdown: JSX and directives become Markdown, links absolute URLs, Mermaid stays as its source.
import path from 'node:path';
import {unified} from 'unified';
import remarkParse from 'remark-parse';
import remarkMdx from 'remark-mdx';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import remarkStringify from 'remark-stringify';
import {toString} from 'mdast-util-to-string';
import {businessRulesTable, standardLinkRoute} from './components.mjs';

/**
 * The commands a build publishes (src/plugins/validator/: their versions and checksums), and how a site route becomes
 * an absolute URL: for a component that shows a command's version, such as `<ConformanceWorkflow/>`.
 * @typedef {{releases: import('../validator/command/pipeline.mjs').PublishedRelease[], url: (route: string) => string}} Commands
 */
/** @type {Commands} */
const noCommands = {releases: [], url: (route) => route};
import {conformanceChecksMarkdown, conformanceCheckKindsMarkdown, conformanceWorkflowMarkdown} from '../conformance/page-markdown.mjs';

/**
 * A node of the Markdown syntax tree (mdast, with MDX's JSX elements and remark-directive's directives): the fields
 * this file reads and writes.
 * @typedef {object} MdNode
 * @property {string} type
 * @property {string} [value]
 * @property {string} [name] a JSX element's or a directive's name
 * @property {string} [url]
 * @property {number} [depth]
 * @property {boolean} [ordered]
 * @property {boolean} [spread]
 * @property {null[]} [align]
 * @property {MdNode[]} [children]
 * @property {{directiveLabel?: boolean, fields?: boolean}} [data] `fields`: a field line of a dictionary page (fieldLine)
 * @property {{start: {line: number, column: number, offset?: number}, end: {line: number, column: number, offset?: number}}} [position]
 *
 * A JSX attribute: `name="value"`, `name={expression}` (its value holds the expression's syntax tree), or `{...spread}`.
 * @typedef {object} JsxAttribute
 * @property {'mdxJsxAttribute' | 'mdxJsxExpressionAttribute'} type
 * @property {string} [name]
 * @property {string | null | {value: string, data?: {estree?: {body?: {expression?: {type: string, value?: unknown}}[]}}}} [value]
 *
 * A JSX element (`mdxJsxFlowElement`, `mdxJsxTextElement`).
 * @typedef {MdNode & {name: string | null, attributes: JsxAttribute[]}} JsxElement
 *
 * A container directive (`:::note[Title]`).
 * @typedef {MdNode & {name: string, children: MdNode[]}} ContainerDirective
 *
 * A node that has children: the root, and the nodes whose children the passes below rewrite.
 * @typedef {MdNode & {children: MdNode[]}} MdParent
 *
 * A remark plugin as a docs instance lists it: the plugin, or the plugin and its options.
 * @typedef {import('unified').Plugin<any[]>} RemarkPluginFunction
 * @typedef {RemarkPluginFunction | [RemarkPluginFunction, unknown]} RemarkPlugin
 *
 * The tree remark-stringify writes: mdast's `Root` (taken from the plugin's type: @types/mdast is not a dependency).
 * @typedef {typeof remarkStringify extends import('unified').Plugin<any[], infer Tree extends {type: 'root'}, string> ? Tree : never} MdastRoot
 */

/** @type {Record<string, string>} */
const admonitionTitles = {
  note: 'Note',
  tip: 'Tip',
  info: 'Info',
  warning: 'Warning',
  danger: 'Danger',
  caution: 'Caution',
  important: 'Important',
};

/** @returns {MdNode} */
const text = (/** @type {string} */ value) => ({type: 'text', value});
/** @returns {MdParent} */
const paragraph = (/** @type {MdNode[]} */ children) => ({type: 'paragraph', children});

/**
 * The value of a JSX element's attribute, where it is a string or a literal expression.
 * @param {JsxElement} node
 * @param {string} name
 * @returns {string | undefined}
 */
const attribute = (node, name) => {
  const found = node.attributes?.find((a) => a.type === 'mdxJsxAttribute' && a.name === name);
  if (!found) return undefined;
  if (typeof found.value === 'string') return found.value;
  // An expression attribute (`children={"Version: 1.0"}`): its value where it is a literal.
  const expression = found.value?.data?.estree?.body?.[0]?.expression;
  return expression?.type === 'Literal' ? String(expression.value) : found.value?.value;
};

const phrasingTypes = new Set([
  'text',
  'emphasis',
  'strong',
  'delete',
  'inlineCode',
  'link',
  'linkReference',
  'image',
  'imageReference',
  'break',
  'footnoteReference',
]);

/**
 * A paragraph that holds blocks (JSX written on one line: `<nav><p>…</p><ul>…</ul></nav>`) is split around them.
 * @param {MdNode} node
 */
function liftBlocks(node) {
  if (!node.children) return;
  node.children.forEach(liftBlocks);
  node.children = node.children.flatMap((child) => {
    if (child.type !== 'paragraph') return [child];
    const inline = /** @type {MdNode[]} */ (child.children); // an mdast paragraph always has children
    if (inline.every((c) => phrasingTypes.has(c.type))) return [child];
    /** @type {MdNode[]} */
    const out = [];
    /** @type {MdNode[]} */
    let run = [];
    const flush = () => {
      if (run.some((c) => c.type !== 'text' || c.value?.trim())) out.push(paragraph(run));
      run = [];
    };
    for (const c of inline) {
      if (phrasingTypes.has(c.type)) run.push(c);
      else {
        flush();
        out.push(c);
      }
    }
    flush();
    return out;
  });
}

/**
 * Adjacent field lines of a dictionary page form one list.
 * @param {MdNode} node
 */
function mergeFieldLists(node) {
  if (!node.children) return;
  node.children.forEach(mergeFieldLists);
  node.children = node.children.reduce((out, child) => {
    const last = out.at(-1);
    // A field line is a list with its item (fieldLine), so both have children.
    if (child.data?.fields && last?.data?.fields) /** @type {MdParent} */ (last).children.push(.../** @type {MdParent} */ (child).children);
    else out.push(child);
    return out;
  }, /** @type {MdNode[]} */ ([]));
}

/**
 * Runs of inline nodes among blocks (what a JSX block such as `<div>` leaves behind) become paragraphs.
 * @param {MdNode} node
 */
function wrapInlineRuns(node) {
  if (!node.children) return;
  node.children.forEach(wrapInlineRuns);
  if (!['root', 'blockquote', 'listItem'].includes(node.type) || !node.children.some((c) => phrasingTypes.has(c.type))) return;
  /** @type {MdNode[]} */
  const out = [];
  /** @type {MdParent | null} */
  let run = null;
  for (const child of node.children) {
    if (!phrasingTypes.has(child.type)) {
      out.push(child);
      run = null;
    } else if (run) run.children.push(child);
    else out.push((run = {type: 'paragraph', children: [child]}));
  }
  node.children = out;
}

/**
 * Front matter and `{#id}` heading anchors are Docusaurus syntax, not MDX: removed before parsing, as Docusaurus does.
 * @param {string} source
 */
function preprocess(source) {
  return source.replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n/, '').replace(/^(#{1,6}\s.*?)\s*\{#[\w-]+\}\s*$/gm, '$1');
}

/**
 * JSX to Markdown. Components the docs use are listed here; an unknown one fails with its file and line, so that a new
 * component is given a Markdown form rather than silently dropped.
 * @param {JsxElement} node
 * @param {{file: string, commands: Commands}} context the page's file, for the error; the build's published commands
 * @returns {MdNode[]}
 */
function jsxToMarkdown(node, {file, commands}) {
  const children = node.children ?? [];
  switch (node.name) {
    case 'BusinessRulesTable':
      return [businessRulesTable()];
    case 'ConformanceChecks':
      return conformanceChecksMarkdown(attribute(node, 'api'));
    case 'ConformanceCheckKinds':
      return conformanceCheckKindsMarkdown();
    case 'ConformanceWorkflow':
      return conformanceWorkflowMarkdown(
        commands.releases.find((r) => r.name === 'setu-conform'),
        commands.url,
      );
    case 'Field':
      return [fieldLine(node, children)];
    case 'Codes':
      // A dictionary entry's code list (src/plugins/message-dictionary/theme/MessageCodes): its codes, one after another.
      return [paragraph([text('Allowed: '), ...children.flatMap((code, i) => (i === 0 ? [code] : [text(', '), code]))])];
    case 'StandardLink':
      return [{type: 'link', url: standardLinkRoute(attribute(node, 'standard'), attribute(node, 'kind')), children}];
    case 'Heading': {
      const depth = Number(/^h([1-6])$/.exec(attribute(node, 'as') ?? '')?.[1] ?? 2);
      return [{type: 'heading', depth, children: [text(attribute(node, 'children') ?? toString(node))]}];
    }
    case 'Export': {
      const url = attribute(node, 'url');
      return url
        ? [
            paragraph([
              text('The OpenAPI file: '),
              {type: 'link', url, children: [text(/** @type {string} */ (url.split('/').pop()))]},
              text('.'),
            ]),
          ]
        : [];
    }
    case 'h1':
    case 'h2':
    case 'h3':
    case 'h4':
    case 'h5':
    case 'h6':
      return [{type: 'heading', depth: Number(node.name[1]), children}];
    case 'details':
    case 'div':
    case 'nav':
    case 'section':
      return children;
    case 'summary':
      return [paragraph(children.length === 1 && children[0].type === 'strong' ? children : [{type: 'strong', children}])];
    case 'ul':
    case 'ol':
      return [{type: 'list', ordered: node.name === 'ol', spread: false, children: children.filter((c) => c.type === 'listItem')}];
    case 'li':
      return [{type: 'listItem', spread: false, children}];
    case 'br':
      return [text(' ')];
    case 'em':
    case 'i':
      return [{type: 'emphasis', children}];
    case 'strong':
    case 'b':
      return [{type: 'strong', children}];
    case 'code':
      return [{type: 'inlineCode', value: toString(node)}];
    case 'a':
      return [{type: 'link', url: attribute(node, 'href') ?? '', children}];
    case 'p':
    case 'span': {
      const own = attribute(node, 'children');
      const content = own !== undefined ? [text(own)] : children;
      return node.name === 'p' || node.type === 'mdxJsxFlowElement' ? [paragraph(content)] : content;
    }
    default:
      throw new Error(
        `${file}:${node.position?.start.line ?? '?'}: <${node.name}> has no Markdown form for the page's twin: add one to src/plugins/markdown-twins/mdx-to-markdown.mjs`,
      );
  }
}

/**
 * `<Field id="a.b[]" …>` of a message dictionary page (src/plugins/message-dictionary/theme/MessageField): one list item per field, its path
 * then what the field's paragraphs say, on one line. Adjacent fields become one list (mergeFieldLists).
 * @param {JsxElement} node
 * @param {MdNode[]} children
 * @returns {MdNode}
 */
function fieldLine(node, children) {
  const parts = children
    .flatMap((c) =>
      c.type === 'paragraph' ? [/** @type {MdNode[]} */ (c.children)] : phrasingTypes.has(c.type) ? [[c]] : [[text(toString(c))]],
    )
    .filter((inline) => toString({type: 'paragraph', children: inline}).trim());
  /** @type {MdNode[]} */
  const line = [{type: 'inlineCode', value: attribute(node, 'id') ?? attribute(node, 'n') ?? '?'}];
  for (const inline of parts) line.push(text(' — '), ...inline);
  return {
    type: 'list',
    ordered: false,
    spread: false,
    data: {fields: true},
    children: [{type: 'listItem', spread: false, children: [paragraph(line)]}],
  };
}

/**
 * An admonition (`:::note[Title]`) as a blockquote whose first line names its kind and title.
 * @param {ContainerDirective} node
 * @returns {MdNode}
 */
function admonitionToBlockquote(node) {
  const [first, ...rest] = node.children;
  const hasLabel = first?.data?.directiveLabel;
  const kind = admonitionTitles[node.name];
  // The label is a paragraph (remark-directive), so it has children.
  const label = hasLabel ? [text(`${kind}: `), .../** @type {MdParent} */ (first).children] : [text(kind)];
  return {type: 'blockquote', children: [paragraph([{type: 'strong', children: label}]), ...(hasLabel ? rest : node.children)]};
}

/**
 * Walks the tree, replacing each node by the nodes `fn` returns (or keeping it when fn returns undefined).
 * @param {MdNode} node
 * @param {(node: MdNode, parent: MdNode) => MdNode[] | undefined} fn
 */
function replaceNodes(node, fn) {
  if (!node.children) return;
  node.children = node.children.flatMap((child) => {
    replaceNodes(child, fn);
    return fn(child, node) ?? [child];
  });
}

/**
 * A processor that parses MDX as Docusaurus does and runs the given remark plugins (`fn` or `[fn, options]`).
 * @param {RemarkPlugin[]} remarkPlugins
 */
function parser(remarkPlugins) {
  const processor = unified().use(remarkParse).use(remarkMdx).use(remarkGfm).use(remarkDirective);
  for (const plugin of remarkPlugins) {
    if (Array.isArray(plugin)) processor.use(plugin[0], plugin[1]);
    else processor.use(plugin);
  }
  return processor;
}

/**
 * The tree made plain Markdown (JSX, directives, links); `source` is the text the tree was parsed from.
 * @param {MdParent} tree
 * @param {{filePath: string, absoluteUrl: (url: string, fromFile: string) => string, source: string, commands: Commands}} context
 * @returns {MdParent}
 */
function plainTree(tree, {filePath, absoluteUrl, source, commands}) {
  replaceNodes(tree, (node) => {
    switch (node.type) {
      case 'mdxTextExpression': {
        // A string literal (`<code>{"https://…"}</code>`, which keeps GFM from linking a URL) is its text; any other
        // expression is code of the page, which the twin leaves out.
        const expression = /** @type {{data?: {estree?: {body?: {expression?: {type: string, value?: unknown}}[]}}}} */ (node).data?.estree
          ?.body?.[0]?.expression;
        return expression?.type === 'Literal' && typeof expression.value === 'string' ? [text(expression.value)] : [];
      }
      case 'mdxjsEsm':
      case 'mdxFlowExpression':
        return [];
      case 'mdxJsxFlowElement':
      case 'mdxJsxTextElement':
        return jsxToMarkdown(/** @type {JsxElement} */ (node), {file: filePath, commands});
      case 'containerDirective':
        if (admonitionTitles[node.name ?? '']) return [admonitionToBlockquote(/** @type {ContainerDirective} */ (node))];
        throw new Error(`${filePath}:${node.position?.start.line ?? '?'}: :::${node.name} has no Markdown form for the page's twin`);
      case 'leafDirective':
      case 'textDirective':
        // Text that only looks like a directive (`10:30`, `note:x`): Docusaurus shows it as written.
        return [text(node.position ? source.slice(node.position.start.offset, node.position.end.offset) : `:${node.name}`)];
      default:
        return undefined;
    }
  });
  // After the JSX, whose links (`<a href>`) are links now too.
  replaceNodes(tree, (node) => {
    if (node.type === 'link' || node.type === 'image' || node.type === 'definition')
      node.url = absoluteUrl(/** @type {string} */ (node.url), filePath); // mdast: these nodes always have a url
    return undefined;
  });
  liftBlocks(tree);
  wrapInlineRuns(tree);
  mergeFieldLists(tree);
  return tree;
}

const stringify = (/** @type {MdParent} */ tree) =>
  unified()
    .use(remarkGfm, {tablePipeAlign: false})
    .use(remarkStringify, {bullet: '-', fences: true, rule: '-', emphasis: '_', listItemIndent: 'one'})
    .stringify(/** @type {MdastRoot} */ (tree)); // the passes above leave plain mdast

/**
 * @param {string} source the MDX source
 * @param {object} options
 * @param {string} options.filePath the source file (for errors, relative links and the remark plugins)
 * @param {string} options.title the page's title, written as H1 when the source has none (Docusaurus does the same)
 * @param {(url: string, fromFile: string) => string} options.absoluteUrl makes a link of the page an absolute URL
 * @param {RemarkPlugin[]} options.remarkPlugins the remark plugins of the page's docs instance that change its content
 * @param {Commands} [options.commands] the commands this build publishes, for a page that shows one's version
 */
export async function mdxToMarkdown(source, {filePath, title, absoluteUrl, remarkPlugins, commands = noCommands}) {
  const text0 = preprocess(source);
  const processor = parser(remarkPlugins);
  const parsed = /** @type {MdParent} */ (await processor.run(processor.parse(text0), {path: filePath})); // a Root
  const tree = plainTree(parsed, {filePath, absoluteUrl, source: text0, commands});
  // The twin starts with the page's H1 (a version notice is inserted before it; it follows the H1 here).
  const h1 = tree.children.findIndex((n) => n.type === 'heading' && n.depth === 1);
  if (h1 >= 0) tree.children.unshift(...tree.children.splice(h1, 1));
  else tree.children.unshift({type: 'heading', depth: 1, children: [text(title)]});
  return stringify(tree);
}

/**
 * What the remark plugins of a docs instance add to a page of `filePath` that has no content (a version notice), as Markdown.
 * @param {{filePath: string, absoluteUrl: (url: string, fromFile: string) => string, remarkPlugins: RemarkPlugin[]}} options
 */
export async function addedByPlugins({filePath, absoluteUrl, remarkPlugins}) {
  const processor = parser(remarkPlugins);
  /** @type {MdParent} */
  const empty = {type: 'root', children: []};
  const tree = /** @type {MdParent} */ (await processor.run(empty, {path: filePath})); // a Root
  return tree.children.length ? stringify(plainTree(tree, {filePath, absoluteUrl, source: '', commands: noCommands})) : '';
}

/**
 * The page file a relative link (`./x.mdx`, `/api/x.mdx` from the docs root) of a page points to.
 * @param {string} url
 * @param {string} fromFile
 * @param {string} docsRoot
 */
export function linkedFile(url, fromFile, docsRoot) {
  const [target] = url.split('#');
  return target.startsWith('/') ? path.join(docsRoot, target) : path.resolve(path.dirname(fromFile), target);
}
