// Remark plugin (docs `remarkPlugins`): replaces the leaf directive `::spec-deviations{spec="planning.json"}` with
// the list of differences between that spec and the published SETU specification, read at build time from the
// spec's root extension `x-deviations` (format: README.md, "Changing a spec"). The list is plain Markdown output,
// so the page ships no extra JavaScript and cannot fall out of step with the spec.
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import jsonPointer from 'json-pointer';
import {httpMethods} from '../data/http-methods.mjs';

/**
 * A node of the Markdown syntax tree (mdast, with MDX's JSX elements and remark-directive's directives).
 * @typedef {{type: string, value?: string, name?: string, children?: MdNode[], attributes?: object,
 *   ordered?: boolean, spread?: boolean, position?: {start: {line: number}}}} MdNode
 * @typedef {{kind: string, at: string, summary: string}} Deviation an entry of `x-deviations`
 */

const defaultSpecsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../specs');

export const directiveName = 'spec-deviations';

const kinds = [
  {
    kind: 'repair',
    label: 'Repairs',
    explanation: 'a defect of the published specification, repaired the way the standard evidently intends.',
  },
  {
    kind: 'addition',
    label: 'Our additions',
    explanation: 'not in the published specification; our recommendation, not a rule of the standard.',
  },
  {kind: 'omission', label: 'Left out', explanation: 'in the published specification, but not in ours.'},
  {
    kind: 'change',
    label: 'Our changes',
    explanation: 'a published value we give another one, for the reason stated; not a rule of the standard.',
  },
];

/** Above this many places, the places of one difference are folded away. */
const foldAbove = 4;

/**
 * A readable name for the node a JSON Pointer names: `POST /a/{id} › responses › 201`, `components/schemas/X`.
 * @param {string} pointer
 */
export function describeLocation(pointer) {
  const tokens = jsonPointer.parse(pointer);
  if (tokens[0] === 'paths' && tokens.length > 1) {
    const [, route, method, ...rest] = tokens;
    const head = method && httpMethods.includes(method) ? `${method.toUpperCase()} ${route}` : [route, method].filter(Boolean).join(' › ');
    const tail = method && httpMethods.includes(method) ? rest : [];
    return [head, ...tail].join(' › ');
  }
  return tokens.join('/') || '(the whole document)';
}

/**
 * Places that differ only in their last step, written once: `POST /a › responses › 400, 401`.
 * @param {string[]} pointers
 */
function compactLocations(pointers) {
  /** @type {Map<string, string[]>} */
  const groups = new Map();
  for (const pointer of pointers) {
    const text = describeLocation(pointer);
    const cut = text.lastIndexOf(' › ');
    const [head, last] = cut > 0 ? [text.slice(0, cut), text.slice(cut + 3)] : [text, null];
    const lasts = groups.get(head) ?? [];
    groups.set(head, last === null ? lasts : [...lasts, last]);
  }
  return [...groups].map(([head, lasts]) => (lasts.length ? `${head} › ${lasts.join(', ')}` : head));
}

/** @returns {MdNode} */
const text = (/** @type {string} */ value) => ({type: 'text', value});

/**
 * Inline Markdown of a summary: `code` and *emphasis*; everything else is text.
 * @param {string} summary
 */
function inlineNodes(summary) {
  /** @type {MdNode[]} */
  const nodes = [];
  for (const [i, part] of summary.split('`').entries()) {
    if (i % 2 === 1) {
      nodes.push({type: 'inlineCode', value: part});
      continue;
    }
    for (const [j, piece] of part.split(/(?<![\w*])\*(?=\S)([^*]+?)\*(?![\w*])/).entries()) {
      if (!piece) continue;
      nodes.push(j % 2 === 1 ? {type: 'emphasis', children: [text(piece)]} : text(piece));
    }
  }
  return nodes;
}

/** @returns {MdNode} */
const jsx = (/** @type {string} */ name, /** @type {MdNode[]} */ children) => ({type: 'mdxJsxFlowElement', name, attributes: [], children});

/**
 * Where a difference is: its places, folded away when there are many.
 * @param {string[]} pointers
 * @returns {MdNode[]}
 */
function whereNodes(pointers) {
  const places = compactLocations(pointers);
  if (places.length <= foldAbove) {
    /** @type {MdNode[]} */
    const children = [text('Where: ')];
    places.forEach((place, i) => children.push(...(i ? [text('; ')] : []), {type: 'inlineCode', value: place}));
    return [{type: 'paragraph', children}];
  }
  return [
    jsx('details', [
      jsx('summary', [text(`Where: ${places.length} places`)]),
      {
        type: 'list',
        ordered: false,
        spread: false,
        children: places.map((place) => ({
          type: 'listItem',
          spread: false,
          children: [{type: 'paragraph', children: [{type: 'inlineCode', value: place}]}],
        })),
      },
    ]),
  ];
}

/**
 * The Markdown nodes listing the x-deviations of one spec.
 * @param {{'x-deviations'?: Deviation[], info?: {version?: string, title?: string}}} spec
 * @param {string} specFile
 */
export function deviationNodes(spec, specFile) {
  const entries = spec['x-deviations'] ?? [];
  const version = spec.info?.version ? ` (version ${spec.info.version})` : '';
  const distinct = new Set(entries.map((e) => `${e.kind}\u0000${e.summary}`)).size;
  const plural = (/** @type {number} */ n, /** @type {string} */ word) => `${n} ${word}${n === 1 ? '' : 's'}`;
  /** @type {MdNode[]} */
  const out = [
    {
      type: 'paragraph',
      children: [
        text(`${plural(distinct, 'difference')}, in ${plural(entries.length, 'place')}, between `),
        {type: 'inlineCode', value: `specs/${specFile}`},
        text(` and the published ${spec.info?.title ?? 'specification'}${version}, generated from its `),
        {type: 'inlineCode', value: 'x-deviations'},
        text('.'),
      ],
    },
  ];
  for (const {kind, label, explanation} of kinds) {
    const ofKind = entries.filter((e) => e.kind === kind);
    if (!ofKind.length) continue;
    // Entries with the same summary are one difference found in several places.
    /** @type {Map<string, string[]>} */
    const bySummary = new Map();
    for (const entry of ofKind) bySummary.set(entry.summary, [...(bySummary.get(entry.summary) ?? []), entry.at]);
    out.push({type: 'paragraph', children: [{type: 'strong', children: [text(`${label} (${bySummary.size})`)]}, text(`: ${explanation}`)]});
    out.push({
      type: 'list',
      ordered: false,
      spread: true,
      children: [...bySummary].map(([summary, pointers]) => ({
        type: 'listItem',
        spread: true,
        children: [{type: 'paragraph', children: inlineNodes(summary)}, ...whereNodes(pointers)],
      })),
    });
  }
  return out;
}

/**
 * Options: specsDir, the folder the `spec` attribute names a file of (default specs/).
 * @param {{specsDir?: string}} [options]
 */
export default function specDeviations({specsDir = defaultSpecsDir} = {}) {
  return (/** @type {MdNode} */ tree, /** @type {{path?: string} | undefined} */ file) => {
    (function visit(/** @type {MdNode} */ node) {
      if (!node.children) return;
      node.children = node.children.flatMap((child) => {
        if (child.type !== 'leafDirective' || child.name !== directiveName) {
          visit(child);
          return [child];
        }
        const specFile = /** @type {{spec?: string} | undefined} */ (child.attributes)?.spec;
        const at = `${file?.path ?? 'page'}:${child.position?.start.line ?? '?'}`;
        if (!specFile || specFile.includes('/')) throw new Error(`${at}: ::${directiveName} needs spec="<file in specs/>"`);
        const full = path.join(specsDir, specFile);
        if (!fs.existsSync(full)) throw new Error(`${at}: ::${directiveName}: there is no specs/${specFile}`);
        return deviationNodes(JSON.parse(fs.readFileSync(full, 'utf8')), specFile);
      });
    })(tree);
  };
}
