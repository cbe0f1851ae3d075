// Remark plugin (docs `beforeDefaultRemarkPlugins`): replaces each ```mermaid block with the SVG that
// scripts/render-diagrams.mjs rendered at build time, so the page needs no Mermaid library. Both colour modes are
// drawn by one SVG and the style sheets described at pageDiagrams below.
// In `docusaurus start` the blocks stay as they are: @docusaurus/theme-mermaid renders them in the
// browser while an editor changes them.
import path from 'node:path';
import {root, defaultDiagramsDir, diagramKey, readRendered, svgId} from '../diagram-rendering.mjs';

/**
 * The parts of the Markdown syntax tree this plugin reads and writes (mdast, with MDX's JSX elements).
 * @typedef {{type: string, value?: string, lang?: string | null, children?: MdNode[], name?: string,
 *   attributes?: object[], position?: {start: {line: number}}}} MdNode
 * @typedef {{id: string, svg: string}} Rendering one colour mode's SVG and its id
 * @typedef {{node: MdNode & {attributes: object[]}, light: Rendering, dark: Rendering}} PageDiagram
 */

/**
 * A JSX attribute whose value is the expression `{__html: html}`, with the syntax tree MDX compiles.
 * @param {string} html
 */
function innerHtmlAttribute(html) {
  const expression = {
    type: 'ObjectExpression',
    properties: [
      {
        type: 'Property',
        kind: 'init',
        method: false,
        shorthand: false,
        computed: false,
        key: {type: 'Identifier', name: '__html'},
        value: {type: 'Literal', value: html},
      },
    ],
  };
  return {
    type: 'mdxJsxAttribute',
    name: 'dangerouslySetInnerHTML',
    value: {
      type: 'mdxJsxAttributeValueExpression',
      value: `{__html: ${JSON.stringify(html)}}`,
      data: {estree: {type: 'Program', sourceType: 'module', body: [{type: 'ExpressionStatement', expression}]}},
    },
  };
}

/**
 * Each SVG of Mermaid carries a style sheet of ~5 KB scoped to its own id (`#mermaid-…-light .node{…}`), and the light
 * and the dark rendering of a diagram differ only in those sheets and in a few colour attributes. So a page gets one
 * SVG per diagram, the light rendering without its sheet, and before its first diagram the sheets, written once per
 * distinct text, each scoped to all the SVGs that share it (`:is(#a-light,#b-light) .node{…}`, the specificity of an
 * id): the light ones under `:root:not([data-theme=dark])` (so also without JavaScript, which sets data-theme), the
 * dark ones under `[data-theme=dark]`, with rules for the colour attributes the dark rendering draws differently
 * (`feDropShadow[flood-color="#000000"]{flood-color:#FFFFFF}`). A diagram whose renderings differ in anything else
 * keeps both SVGs, and CSS shows the one of the colour mode (custom.css). On a page of diagrams: half its HTML.
 */
const styleElement = /<style>([\s\S]*?)<\/style>/;
const lightScope = ':root:not([data-theme=dark])';
const darkScope = '[data-theme=dark]';
// Attributes that are also CSS properties, so that a style rule can set them for dark mode.
const colourAttributes = new Set(['fill', 'stroke', 'flood-color', 'stop-color', 'color', 'lighting-color']);

const parts = (/** @type {string} */ svg) => svg.match(/<[^>]+>|[^<]+/g) ?? [];
const attributesOf = (/** @type {string} */ tag) => new Map([...tag.matchAll(/\s([\w:-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
const tagName = (/** @type {string} */ tag) => /^<\/?([\w:-]+)/.exec(tag)?.[1] ?? '';
const cssString = (/** @type {string} */ value) => value.replace(/["\\]/g, '\\$&');
// Inside an SVG the sheet is XML text (`text.actor&gt;tspan`); an HTML <style> element takes its text as it stands.
/** @type {Record<string, string>} */
const xmlEntities = {lt: '<', gt: '>', amp: '&', quot: '"', apos: "'"};
const xmlText = (/** @type {string} */ text) =>
  text.replace(/&(lt|gt|amp|quot|apos|#\d+|#x[0-9a-f]+);/gi, (_, /** @type {string} */ name) =>
    name[0] === '#'
      ? String.fromCodePoint(Number(name[1].toLowerCase() === 'x' ? `0${name.slice(1)}` : name.slice(1)))
      : xmlEntities[name.toLowerCase()],
  );

/**
 * The dark rendering as rules for the light one: [selector, declaration] per colour attribute that differs, or null
 * when the renderings differ in anything else. Ids differ by Mermaid's counters; the light rendering's stay.
 * @param {Rendering} light
 * @param {Rendering} dark
 * @returns {[string, string][] | null}
 */
function darkAttributeRules(light, dark) {
  const a = parts(light.svg.replace(styleElement, ''));
  const b = parts(dark.svg.replace(styleElement, '').replaceAll(dark.id, light.id));
  if (a.length !== b.length) return null;
  /** @type {Map<string, string>} */
  const rules = new Map();
  for (let i = 0; i < a.length; i++) {
    if (a[i] === b[i]) continue;
    if (!a[i].startsWith('<') || tagName(a[i]) !== tagName(b[i])) return null;
    const [x, y] = [attributesOf(a[i]), attributesOf(b[i])];
    for (const name of new Set([...x.keys(), ...y.keys()])) {
      const [from, to] = [x.get(name), y.get(name)];
      if (from === to || (from?.includes(light.id) && to?.includes(light.id))) continue;
      if (!colourAttributes.has(name) || from === undefined || to === undefined) return null;
      const selector = `${tagName(a[i])}[${name}="${cssString(from)}"]`;
      if (rules.has(selector) && rules.get(selector) !== `${name}:${to}`) return null;
      rules.set(selector, `${name}:${to}`);
    }
  }
  return [...rules];
}

/**
 * The diagrams of a page, each {light, dark} as {id, svg}: the HTML of each, and the page's style sheets.
 * @param {PageDiagram[]} diagrams
 */
function pageDiagrams(diagrams) {
  /** @type {Map<string, string[]>} */
  const groups = new Map(); // a sheet, \u0000 where its ids go -> the ids it applies to
  const share = (/** @type {string} */ text, /** @type {string} */ id) => {
    const ids = groups.get(text) ?? [];
    groups.set(text, [...ids, id]);
  };
  const shareSheet = (/** @type {Rendering} */ {id, svg}, /** @type {string} */ scope) => {
    const sheet = styleElement.exec(svg)?.[1];
    if (sheet) share(xmlText(sheet).replaceAll(`#${id}`, `${scope} \u0000`), id);
  };
  const html = diagrams.map(({light, dark}) => {
    const rules = darkAttributeRules(light, dark);
    shareSheet(light, lightScope);
    if (!rules) {
      shareSheet(dark, darkScope);
      return `<div class="mermaid-light">${light.svg.replace(styleElement, '')}</div><div class="mermaid-dark">${dark.svg.replace(styleElement, '')}</div>`;
    }
    shareSheet({id: light.id, svg: dark.svg.replaceAll(dark.id, light.id)}, darkScope);
    if (rules.length) share(rules.map(([selector, declaration]) => `${darkScope} \u0000 ${selector}{${declaration}}`).join(''), light.id);
    return light.svg.replace(styleElement, '');
  });
  const scoped = (/** @type {string[]} */ ids) => (ids.length === 1 ? `#${ids[0]}` : `:is(${ids.map((id) => `#${id}`).join(',')})`);
  const sheets = [...groups].map(([text, ids]) => `<style>${text.replaceAll('\u0000', scoped(ids))}</style>`).join('');
  return {html, sheets};
}

/**
 * Options: diagramsDir, the cache of render-diagrams.mjs (the unit tests give another).
 * @param {{diagramsDir?: string}} [options]
 */
export default function prerenderedMermaid({diagramsDir = defaultDiagramsDir} = {}) {
  return (/** @type {MdNode} */ tree, /** @type {{path: string}} */ file) => {
    if (process.env.NODE_ENV === 'development') return;
    const seen = new Map(); // a diagram repeated on one page gets ids of its own
    /** @type {PageDiagram[]} */
    const diagrams = [];
    const replace = (
      /** @type {MdNode & {value: string}} */ node,
      /** @type {number} */ index,
      /** @type {MdNode & {children: MdNode[]}} */ parent,
    ) => {
      const key = diagramKey(node.value);
      const rendered = readRendered(key, diagramsDir);
      if (!rendered) {
        throw new Error(
          `${path.relative(root, file.path)}:${node.position?.start.line}: this Mermaid diagram has not been rendered to SVG; run \`npm run generate diagrams\` (scripts/render-diagrams.mjs)`,
        );
      }
      const copy = seen.get(node.value) ?? 0;
      seen.set(node.value, copy + 1);
      const [light, dark] = /** @type {const} */ (['light', 'dark']).map((mode) => {
        const id = svgId(key, mode);
        return copy ? {id: `${id}-${copy}`, svg: rendered[mode].replaceAll(id, `${id}-${copy}`)} : {id, svg: rendered[mode]};
      });
      const container = {
        type: 'mdxJsxFlowElement',
        name: 'div',
        /** @type {object[]} */
        attributes: [{type: 'mdxJsxAttribute', name: 'className', value: 'docusaurus-mermaid-container'}],
        children: [],
        position: node.position,
      };
      parent.children[index] = container;
      diagrams.push({node: container, light, dark});
    };
    (function walk(/** @type {MdNode} */ node) {
      node.children?.forEach((child, index) => {
        // A code node has a value; a node with children has its children.
        if (child.type === 'code' && child.lang === 'mermaid')
          replace(/** @type {MdNode & {value: string}} */ (child), index, /** @type {MdNode & {children: MdNode[]}} */ (node));
        else walk(child);
      });
    })(tree);
    if (diagrams.length === 0) return;
    const {html, sheets} = pageDiagrams(diagrams);
    diagrams.forEach((diagram, i) => diagram.node.attributes.push(innerHtmlAttribute(i === 0 ? sheets + html[i] : html[i])));
  };
}
