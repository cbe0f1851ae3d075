// Remark plugin (docs `remarkPlugins`): replaces the leaf directive `::spec-deviations{spec="planning.json"}` with
// the list of differences between that spec and the published SETU specification, read at build time from the
// spec's root extension `x-deviations` (format: README.md, "Changing a spec"). The list is plain Markdown output,
// so the page ships no extra JavaScript and cannot fall out of step with the spec.
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

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

const methods = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']);
/** Above this many places, the places of one difference are folded away. */
const foldAbove = 4;

const tokensOf = (pointer) =>
  pointer === ''
    ? []
    : pointer
        .slice(1)
        .split('/')
        .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));

/** A readable name for the node a JSON Pointer names: `POST /a/{id} › responses › 201`, `components/schemas/X`. */
export function describeLocation(pointer) {
  const tokens = tokensOf(pointer);
  if (tokens[0] === 'paths' && tokens.length > 1) {
    const [, route, method, ...rest] = tokens;
    const head = method && methods.has(method) ? `${method.toUpperCase()} ${route}` : [route, method].filter(Boolean).join(' › ');
    const tail = method && methods.has(method) ? rest : [];
    return [head, ...tail].join(' › ');
  }
  return tokens.join('/') || '(the whole document)';
}

/** Places that differ only in their last step, written once: `POST /a › responses › 400, 401`. */
function compactLocations(pointers) {
  const groups = new Map();
  for (const pointer of pointers) {
    const text = describeLocation(pointer);
    const cut = text.lastIndexOf(' › ');
    const [head, last] = cut > 0 ? [text.slice(0, cut), text.slice(cut + 3)] : [text, null];
    if (!groups.has(head)) groups.set(head, []);
    if (last !== null) groups.get(head).push(last);
  }
  return [...groups].map(([head, lasts]) => (lasts.length ? `${head} › ${lasts.join(', ')}` : head));
}

const text = (value) => ({type: 'text', value});

/** Inline Markdown of a summary: `code` and *emphasis*; everything else is text. */
function inlineNodes(summary) {
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

const jsx = (name, children) => ({type: 'mdxJsxFlowElement', name, attributes: [], children});

function whereNodes(pointers) {
  const places = compactLocations(pointers);
  if (places.length <= foldAbove) {
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

/** The Markdown nodes listing the x-deviations of one spec. */
export function deviationNodes(spec, specFile) {
  const entries = spec['x-deviations'] ?? [];
  const version = spec.info?.version ? ` (version ${spec.info.version})` : '';
  const distinct = new Set(entries.map((e) => `${e.kind}\u0000${e.summary}`)).size;
  const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;
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
    const bySummary = new Map();
    for (const entry of ofKind) {
      if (!bySummary.has(entry.summary)) bySummary.set(entry.summary, []);
      bySummary.get(entry.summary).push(entry.at);
    }
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

/** Options: specsDir, the folder the `spec` attribute names a file of (default specs/). */
export default function specDeviations({specsDir = defaultSpecsDir} = {}) {
  return (tree, file) => {
    (function visit(node) {
      if (!node.children) return;
      node.children = node.children.flatMap((child) => {
        if (child.type !== 'leafDirective' || child.name !== directiveName) {
          visit(child);
          return [child];
        }
        const specFile = child.attributes?.spec;
        const at = `${file?.path ?? 'page'}:${child.position?.start.line ?? '?'}`;
        if (!specFile || specFile.includes('/')) throw new Error(`${at}: ::${directiveName} needs spec="<file in specs/>"`);
        const full = path.join(specsDir, specFile);
        if (!fs.existsSync(full)) throw new Error(`${at}: ::${directiveName}: there is no specs/${specFile}`);
        return deviationNodes(JSON.parse(fs.readFileSync(full, 'utf8')), specFile);
      });
    })(tree);
  };
}
