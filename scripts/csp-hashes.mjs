// The sha256 hashes of the inline scripts of the built site, as the Content-Security-Policy of the nginx
// configuration (deploy/nginx/setu-docs.conf) must list them in script-src.
// Usage: node scripts/csp-hashes.mjs [--check | --write] [--dir build] [--conf deploy/nginx/setu-docs.conf]
//   (no option)  prints the hashes and where each script occurs
//   --check      exits 1 when the configuration's hashes differ from the build's (the nginx browser test runs it)
//   --write      puts the build's hashes into the configuration
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {filesUnder, root} from '../src/build/paths.mjs';

const arg = (name, fallback) => (process.argv.includes(`--${name}`) ? process.argv[process.argv.indexOf(`--${name}`) + 1] : fallback);
const buildDir = path.resolve(arg('dir', path.join(root, 'build')));
const confFile = path.resolve(arg('conf', path.join(root, 'deploy/nginx/setu-docs.conf')));

const htmlFiles = (/** @type {string} */ dir) => filesUnder([dir], /\.html$/);

// Script elements the browser executes: no src, and no type or a JavaScript one (JSON-LD data blocks are not run).
const isExecutedInline = (attributes) => {
  if (/\bsrc\s*=/i.test(attributes)) return false;
  const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1].toLowerCase();
  return !type || ['text/javascript', 'application/javascript', 'module'].includes(type);
};

/** Map "'sha256-…'" -> {files, sample} over every HTML file of the build. */
export function inlineScriptHashes(dir = buildDir) {
  const hashes = new Map();
  for (const file of htmlFiles(dir)) {
    const html = fs.readFileSync(file, 'utf8');
    for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
      if (!isExecutedInline(attributes) || body === '') continue;
      const hash = `'sha256-${crypto.createHash('sha256').update(body, 'utf8').digest('base64')}'`;
      const entry = hashes.get(hash) ?? {files: [], sample: body.slice(0, 100)};
      entry.files.push(path.relative(dir, file));
      hashes.set(hash, entry);
    }
  }
  return hashes;
}

const scriptSrc = /(script-src 'self')((?: 'sha256-[A-Za-z0-9+/=]+')*)/;

/** The hashes the configuration lists in script-src. */
export function configuredHashes(conf = fs.readFileSync(confFile, 'utf8')) {
  const match = scriptSrc.exec(conf);
  if (!match) throw new Error(`${confFile}: no "script-src 'self' …" in the Content-Security-Policy`);
  return match[2].trim().split(/\s+/).filter(Boolean);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!fs.existsSync(path.join(buildDir, 'index.html'))) {
    console.error(`${buildDir}/index.html not found: run \`npm run build\` first.`);
    process.exit(1);
  }
  const built = inlineScriptHashes();
  const wanted = [...built.keys()].sort();
  const conf = fs.readFileSync(confFile, 'utf8');
  const have = configuredHashes(conf);
  const relConf = path.relative(root, confFile);
  if (process.argv.includes('--write')) {
    fs.writeFileSync(confFile, conf.replace(scriptSrc, `$1 ${wanted.join(' ')}`));
    console.log(`${relConf}: script-src lists the ${wanted.length} inline script hashes of the build`);
  } else if (process.argv.includes('--check')) {
    const missing = wanted.filter((h) => !have.includes(h));
    const unused = have.filter((h) => !wanted.includes(h));
    if (missing.length || unused.length) {
      console.error(`${relConf}: the Content-Security-Policy's script hashes do not match the build.`);
      for (const h of missing)
        console.error(
          `  missing ${h}: inline script in ${built.get(h).files.length} page(s), e.g. ${built.get(h).files[0]}: ${JSON.stringify(built.get(h).sample)}`,
        );
      for (const h of unused) console.error(`  no longer used ${h}`);
      console.error('Check that the new inline scripts are expected, then run: node scripts/csp-hashes.mjs --write');
      process.exit(1);
    }
    console.log(`${relConf}: the ${wanted.length} inline script hashes match the build`);
  } else {
    for (const [hash, {files, sample}] of built)
      console.log(`${hash}  ${files.length} page(s), e.g. ${files[0]}: ${JSON.stringify(sample)}`);
  }
}
