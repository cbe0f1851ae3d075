// Quick MDX syntax check for editors: compiles each page as Docusaurus would parse it and
// prints file:line:column and the reason for every page that does not compile.
// Usage: node scripts/check-mdx.mjs [files or folders...]   (default: docs/)
import fs from 'node:fs';
import path from 'node:path';
import {compile} from '@mdx-js/mdx';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import {escapeMarkdownHeadingIds} from '@docusaurus/utils';

const targets = process.argv.slice(2).length ? process.argv.slice(2) : ['docs'];
const files = targets.flatMap(function walk(target) {
  if (fs.statSync(target).isDirectory()) return fs.readdirSync(target).flatMap((name) => walk(path.join(target, name)));
  return /\.mdx?$/.test(target) ? [target] : [];
});

let failed = 0;
for (const file of files) {
  // Front matter becomes blank lines (keeping line numbers); `## Title {#id}` is Docusaurus syntax, escaped as Docusaurus does.
  const source = escapeMarkdownHeadingIds(
    fs.readFileSync(file, 'utf8').replace(/^---\n[\s\S]*?\n---\n/, (fm) => '\n'.repeat(fm.split('\n').length - 1)),
  );
  try {
    await compile({path: file, value: source}, {format: file.endsWith('.md') ? 'md' : 'mdx', remarkPlugins: [remarkGfm, remarkDirective]});
  } catch (error) {
    failed++;
    const place = error.place?.start ?? error.place ?? error.position?.start;
    console.error(`${file}:${place?.line ?? '?'}:${place?.column ?? '?'}: ${error.reason ?? error.message}`);
  }
}
console.log(`${files.length - failed} of ${files.length} pages compile`);
process.exit(failed ? 1 : 0);
