// Quick check for editors, without a build: compiles each page as Docusaurus would parse it and checks
// its links to other pages (the file exists, the #anchor is a heading there). Prints file:line:column
// and the reason for every problem; exits 1 if there is one.
// Usage: node scripts/check-mdx.mjs [--docs-dir docs] [--no-links] [files or folders...]   (default: the docs dir)
// --docs-dir is the folder absolute links (`/api/x.mdx`) resolve against.
import path from 'node:path';
import {listPages, checkPages, defaultDocsDir} from './lib/mdx-pages.mjs';

const args = process.argv.slice(2);
let docsDir = defaultDocsDir;
let links = true;
const targets = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--docs-dir') docsDir = path.resolve(args[++i]);
  else if (args[i] === '--no-links') links = false;
  else targets.push(args[i]);
}

const files = listPages(targets.length ? targets : [docsDir]);
const {problems} = await checkPages(files, {docsDir, links});
for (const problem of problems) console.error(problem);
console.log(`${files.length} pages checked, ${problems.length} problem(s)`);
process.exit(problems.length ? 1 : 0);
