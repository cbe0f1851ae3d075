// Remark plugin (docs `beforeDefaultRemarkPlugins`): replaces each ```mermaid block with the SVGs that
// scripts/render-diagrams.mjs rendered at build time, light and dark, so the page needs no Mermaid
// library. CSS (src/css/custom.css) shows the one of the current colour mode; the other is display: none,
// which also hides it from assistive technology.
// In `docusaurus start` the blocks stay as they are: @docusaurus/theme-mermaid renders them in the
// browser while an editor changes them.
import path from 'node:path';
import {root, defaultDiagramsDir, diagramKey, readRendered, svgId, colourModes} from './mermaid-diagrams.mjs';

/** A JSX attribute whose value is the expression `{__html: html}`, with the syntax tree MDX compiles. */
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

/** Options: diagramsDir, the cache of render-diagrams.mjs (the unit tests give another). */
export default function prerenderedMermaid({diagramsDir = defaultDiagramsDir} = {}) {
  return (tree, file) => {
    if (process.env.NODE_ENV === 'development') return;
    const seen = new Map(); // a diagram repeated on one page gets ids of its own
    const replace = (node, index, parent) => {
      const key = diagramKey(node.value);
      const rendered = readRendered(key, diagramsDir);
      if (!rendered) {
        throw new Error(`${path.relative(root, file.path)}:${node.position?.start.line}: this Mermaid diagram has not been rendered to SVG; run \`npm run generate diagrams\` (scripts/render-diagrams.mjs)`);
      }
      const copy = seen.get(node.value) ?? 0;
      seen.set(node.value, copy + 1);
      const variants = colourModes.map((mode) => {
        const svg = rendered[mode];
        const id = svgId(key, mode);
        return `<div class="mermaid-${mode}">${copy ? svg.replaceAll(id, `${id}-${copy}`) : svg}</div>`;
      });
      parent.children[index] = {
        type: 'mdxJsxFlowElement',
        name: 'div',
        attributes: [{type: 'mdxJsxAttribute', name: 'className', value: 'docusaurus-mermaid-container'}, innerHtmlAttribute(variants.join(''))],
        children: [],
        position: node.position,
      };
    };
    (function walk(node) {
      node.children?.forEach((child, index) => {
        if (child.type === 'code' && child.lang === 'mermaid') replace(child, index, node);
        else walk(child);
      });
    })(tree);
  };
}
