// Generates what Docusaurus needs and git does not hold, in named parts:
//   api-reference  the reference pages of every API, from specs/            (src/plugins/api-reference/generate.mjs)
//   validators     the message validator's compiled schemas, from specs/    (src/plugins/validator/generate.mjs)
//   messages       the message dictionary (/docs/messages/), from specs/     (src/plugins/message-dictionary/generate.mjs)
//   diagrams       every Mermaid diagram of docs/ as light and dark SVG      (scripts/render-diagrams.mjs; needs Chromium)
// Usage: node scripts/generate.mjs [part ...]   (no part: all of them)
// The parts are independent and run side by side; the first one that fails stops the others, and the command
// fails with its message.
import {spawn} from 'node:child_process';
import path from 'node:path';
import {root} from '../src/build/paths.mjs';
import {messageOf} from '../src/build/errors.mjs';

/** @type {Record<string, string>} */
const parts = {
  'api-reference': 'src/plugins/api-reference/generate.mjs',
  validators: 'src/plugins/validator/generate.mjs',
  messages: 'src/plugins/message-dictionary/generate.mjs',
  diagrams: 'scripts/render-diagrams.mjs',
};

const requested = process.argv.slice(2);
const unknown = requested.filter((name) => !parts[name]);
if (unknown.length) {
  console.error(`[generate] unknown part ${unknown.join(', ')}; the parts are ${Object.keys(parts).join(', ')}`);
  process.exit(2);
}

const children = new Set();
const run = (/** @type {string} */ name) =>
  /** @type {Promise<void>} */ (
    new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [path.join(root, parts[name])], {cwd: root, stdio: 'inherit'});
      children.add(child);
      child.on('error', reject);
      child.on('exit', (code, signal) => {
        children.delete(child);
        if (code === 0) resolve();
        else reject(new Error(`${name} failed (${signal ?? `exit code ${code}`})`));
      });
    })
  );

try {
  await Promise.all((requested.length ? requested : Object.keys(parts)).map(run));
} catch (error) {
  for (const child of children) child.kill();
  console.error(`[generate] ${messageOf(error)}`);
  process.exit(1);
}
