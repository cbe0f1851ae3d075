// Finds the fenced code blocks of the MDX/Markdown pages, with their language, meta and line.
import fs from 'node:fs';
import {docsDir, shown, listPages} from '../../src/build/paths.mjs';

export const pageFiles = (dir = docsDir) => listPages([dir]);

/** [{file, line, lang, meta, code}] for every fenced block (``` or ~~~, any indentation). */
export function codeBlocks(file) {
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const blocks = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,}|~{3,})\s*([\w-]*)\s*(.*)$/.exec(lines[i]);
    if (!open) continue;
    const [, indent, fence, lang, meta] = open;
    const body = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const close = lines[j].trimStart();
      if (close.startsWith(fence) && close.slice(fence.length).trim() === '') break;
      body.push(lines[j].startsWith(indent) ? lines[j].slice(indent.length) : lines[j]);
    }
    blocks.push({file: shown(file), line: i + 1, lang, meta, code: body.join('\n')});
    i = j;
  }
  return blocks;
}

/** The value of key="..." in a code-block meta string. */
export const metaValue = (meta, key) => new RegExp(`\\b${key}="([^"]*)"`).exec(meta)?.[1];
