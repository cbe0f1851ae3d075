// Markdown forms of the React components that docs pages use, built from the same data the components render.
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {defaultVersionOf} from '../../data/registry.mjs';

/**
 * @typedef {import('../../data/registry.mjs').ApiVersion} ApiVersion
 * @typedef {import('../validator/engine/rules.mjs').BusinessRule} BusinessRule
 * @typedef {{type: string, value?: string, align?: null[], children?: MdNode[]}} MdNode a node of the Markdown syntax tree
 */

const dataDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../data');

/** @returns {MdNode} */
const text = (/** @type {string} */ value) => ({type: 'text', value});
/** @returns {MdNode} */
const cell = (/** @type {MdNode[]} */ children) => ({type: 'tableCell', children});
const capital = (/** @type {string} */ s) => `${s.charAt(0).toUpperCase()}${s.slice(1)}`;

const checked = {error: 'yes, as an error', warning: 'yes, as a warning', note: 'no: shown as a note'};

/**
 * `<BusinessRulesTable/>` (src/components/BusinessRules): the planning business rules as a table.
 * @returns {MdNode}
 */
export function businessRulesTable() {
  /** @type {{rules: BusinessRule[]}} */
  const {rules} = JSON.parse(fs.readFileSync(path.join(dataDir, 'planning-business-rules.json'), 'utf8'));
  const header = ['Rule', 'The rule', 'Applies to', 'Checked by the validator'];
  /** @type {MdNode[][][]} */
  const rows = rules.map((r) => [
    [text(`BR ${r.number}`)],
    [text(`${capital(r.rule)}.${r.sourceNote ? ` As published: ${r.sourceNote}` : ''}`)],
    [
      text(`${capital(r.where)}, in `),
      ...r.messages.flatMap((m, i) => [
        ...(i > 0 ? [text(i === r.messages.length - 1 ? ' and ' : ', ')] : []),
        {type: 'inlineCode', value: m},
      ]),
      text('.'),
    ],
    [text(checked[r.severity])],
  ]);
  return {
    type: 'table',
    align: [],
    children: [header.map((h) => [text(h)]), ...rows].map((cells) => ({type: 'tableRow', children: cells.map(cell)})),
  };
}

/**
 * `<StandardLink standard="…" kind="docs|reference">` (a link that follows the reader's chosen version): in the twin, to
 * the standard's current version, from the API registry. A site route; the twin makes it absolute.
 * @param {string | undefined} standard the `standard` attribute (undefined where the page leaves it out: an error)
 * @param {string} [kind] the `kind` attribute: `docs` or `reference`
 * @returns {string}
 */
export function standardLinkRoute(standard, kind = 'docs') {
  // As the pages without a chosen version lead.
  const api = defaultVersionOf(standard);
  const route = kind === 'reference' ? api?.referenceRoute : api?.docsRoute;
  if (!route) throw new Error(`<StandardLink standard="${standard}" kind="${kind}">: the API registry has no such route`);
  return route;
}
