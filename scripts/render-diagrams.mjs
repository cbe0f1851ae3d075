// Renders every ```mermaid block of docs/ to SVG at build time, once with the light and once with the dark
// theme, so that content pages ship pictures instead of the Mermaid library (src/remark/prerendered-mermaid.mjs
// puts them into the pages). The `diagrams` part of `npm run generate`, before every build.
// Each diagram is cached in generated/diagrams/<key>.json ({light, dark}); the key changes with the
// diagram's source, the Mermaid version, the themes and scripts/lib/mermaid-browser.mjs, so only new or
// changed diagrams are rendered, all in one headless Chromium page running node_modules/mermaid.
// A diagram Mermaid cannot parse stops the script with "docs/<page>.mdx:<line>: <Mermaid's message>".
// Usage: node scripts/render-diagrams.mjs [--docs-dir docs] [--cache-dir generated/diagrams]
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import {root, listPages, shown} from '../src/build/paths.mjs';
import {defaultDiagramsDir, colourModes, renderConfig, diagramKey, svgId, cacheFile, mermaidVersion} from '../src/diagram-rendering.mjs';
import {messageOf} from '../src/build/errors.mjs';

const started = performance.now();
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? path.resolve(args[args.indexOf(name) + 1]) : fallback);
const docsDir = option('--docs-dir', path.join(root, 'docs'));
const cacheDir = option('--cache-dir', defaultDiagramsDir);

// Parsed as Docusaurus parses a page (its MDX preprocessing, directives, GFM), so that each block's text
// is exactly the `value` the remark plugin sees; front matter becomes blank lines to keep line numbers.
// Loaded only when a page has changed: parsing all pages takes most of a second.
async function mermaidBlockParser() {
  const [{unified}, {default: remarkParse}, {default: remarkMdx}, {default: remarkDirective}, {default: remarkGfm}, {visit}, utils] =
    await Promise.all([
      import('unified'),
      import('remark-parse'),
      import('remark-mdx'),
      import('remark-directive'),
      import('remark-gfm'),
      import('unist-util-visit'),
      import('@docusaurus/utils'),
    ]);
  const parser = unified().use(remarkParse).use(remarkMdx).use(remarkDirective).use(remarkGfm);
  /** The ```mermaid blocks of a page's text: [{line, source}]. */
  return (file, text) => {
    const withoutFrontMatter = text.replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n/, (fm) => '\n'.repeat(fm.split('\n').length - 1));
    let tree;
    try {
      tree = parser.parse(utils.escapeMarkdownHeadingIds(utils.unwrapMdxCodeBlocks(withoutFrontMatter)));
    } catch (error) {
      // scripts/check-mdx.mjs and the build report MDX errors in full; only the location here.
      const {line, reason} = /** @type {{line?: number, reason?: string}} */ (error);
      throw new Error(`${shown(file)}:${line ?? 1}: cannot be parsed as MDX: ${reason ?? messageOf(error)}`, {cause: error});
    }
    const blocks = [];
    visit(tree, 'code', (node) => {
      if (node.lang === 'mermaid') blocks.push({line: node.position?.start.line ?? 1, source: node.value});
    });
    return blocks;
  };
}

// pages.json remembers each page's diagrams (line and key) by the hash of the page, so that a run with
// nothing new parses nothing. It is void when the Mermaid version, the themes or the renderer change; a new
// renderer (how the SVGs are drawn and tidied, lib/mermaid-browser.mjs) also voids every rendered diagram.
const indexFile = path.join(cacheDir, 'pages.json');
const rendererCode = fs.readFileSync(path.join(root, 'scripts', 'lib', 'mermaid-browser.mjs'), 'utf8');
const fingerprint = crypto.createHash('sha256').update(diagramKey('')).update(rendererCode).digest('hex');
const previous = fs.existsSync(indexFile) ? JSON.parse(fs.readFileSync(indexFile, 'utf8')) : {};
const knownPages = previous.fingerprint === fingerprint ? previous.pages : {};
if (previous.fingerprint && previous.fingerprint !== fingerprint && fs.existsSync(cacheDir)) {
  for (const name of fs.readdirSync(cacheDir)) if (/^[0-9a-f]{64}\.json$/.test(name)) fs.rmSync(path.join(cacheDir, name));
}
const pages = {};
let parse;
const blocks = []; // {file, line, key, source?}: source only where the page was parsed
try {
  for (const file of listPages([docsDir])) {
    const text = fs.readFileSync(file, 'utf8');
    const hash = crypto.createHash('sha256').update(text).digest('hex');
    const name = path.relative(docsDir, file);
    const known = knownPages[name];
    if (known?.hash === hash && known.blocks.every((b) => fs.existsSync(cacheFile(b.key, cacheDir)))) {
      pages[name] = known;
      blocks.push(...known.blocks.map((b) => ({file, ...b})));
      continue;
    }
    parse ??= await mermaidBlockParser();
    const found = text.includes('mermaid') ? parse(file, text).map((b) => ({...b, key: diagramKey(b.source)})) : [];
    pages[name] = {hash, blocks: found.map(({line, key}) => ({line, key}))};
    blocks.push(...found.map((b) => ({file, ...b})));
  }
} catch (error) {
  console.error(`\n[render-diagrams] ${messageOf(error)}\n`);
  process.exit(1);
}

// One rendering per distinct source: the same diagram may appear on several pages.
const todo = new Map();
for (const block of blocks) {
  if (!fs.existsSync(cacheFile(block.key, cacheDir)) && !todo.has(block.key)) todo.set(block.key, block);
}

fs.mkdirSync(cacheDir, {recursive: true});
const problems = [];
if (todo.size) {
  const {renderAll} = await import('./lib/mermaid-browser.mjs');
  const jobs = [...todo].map(([key, block]) => ({
    key,
    source: block.source,
    ids: Object.fromEntries(colourModes.map((m) => [m, svgId(key, m)])),
  }));
  const configs = Object.fromEntries(colourModes.map((m) => [m, renderConfig(m)]));
  let results;
  try {
    results = await renderAll(jobs, configs);
  } catch (error) {
    console.error(`\n[render-diagrams] ${messageOf(error)}\n`);
    process.exit(1);
  }
  for (const [i, result] of results.entries()) {
    const {key} = jobs[i];
    const block = todo.get(key);
    if (result.error) {
      // Mermaid counts lines from the start of the diagram; the editor needs the line in the page.
      const lineInDiagram = Number(/\bon line (\d+)/.exec(result.error)?.[1] ?? 0);
      problems.push(`${shown(block.file)}:${block.line + lineInDiagram}: ${result.error}`);
    } else {
      fs.writeFileSync(cacheFile(key, cacheDir), JSON.stringify({light: result.light, dark: result.dark}));
    }
  }
}

// Diagrams no page has any more (edited or removed) would otherwise pile up.
if (!args.includes('--docs-dir')) {
  const wanted = new Set(blocks.map((b) => `${b.key}.json`));
  for (const name of fs.readdirSync(cacheDir))
    if (/^[0-9a-f]{64}\.json$/.test(name) && !wanted.has(name)) fs.rmSync(path.join(cacheDir, name));
}

if (JSON.stringify(pages) !== JSON.stringify(knownPages)) fs.writeFileSync(indexFile, JSON.stringify({fingerprint, pages}));

if (problems.length) {
  console.error(`\n[render-diagrams] ${problems.length} diagram(s) Mermaid ${mermaidVersion} cannot render:\n${problems.join('\n')}\n`);
  process.exit(1);
}
const seconds = ((performance.now() - started) / 1000).toFixed(2);
const distinct = new Set(blocks.map((b) => b.key)).size;
console.log(
  `[render-diagrams] ${blocks.length} diagrams in ${shown(docsDir)}: ${todo.size} rendered, ${distinct - todo.size} from the cache (${seconds} s)`,
);
