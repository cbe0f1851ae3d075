// node scripts/published-versions.mjs LIVE_TOOLS_URL BUILD_TOOLS_DIR: holds a build's command files to what the live site
// already publishes, before the build replaces it (.github/workflows/deploy.yml, on every push and pull request).
//
// A versioned file (setu-validate-1.0.0.mjs) is what pipelines pin by SHA-256 (the validator page's workflow), so:
// - its content never changes: where the live site's SHA256SUMS lists a versioned name that the build has too, with
//   another SHA-256, this fails and says to bump the command's version (a pull request learns it before its merge);
// - it stays published: each versioned file the live site lists and the build does not have (an older version) is
//   downloaded, checked against the live SHA256SUMS, and added to the build and its SHA256SUMS.
// The moving names (setu-validate.mjs) are the build's. A live site without SHA256SUMS (the first deploy) has nothing
// to keep. Kept files are as trustworthy as the live site; a pipeline that pinned one checks it against its own copy
// of the SHA-256 in any case.
import fs from 'node:fs';
import path from 'node:path';
import {createHash} from 'node:crypto';
import {fileURLToPath} from 'node:url';

/** A versioned command file's name: `<command>-<major>.<minor>.<patch>.<extension>`. */
const versionedName = /^[a-z][\w-]*-\d+\.\d+\.\d+\.[a-z]+$/;

/**
 * SHA256SUMS as a map from file name to SHA-256; a line of any other form fails.
 * @param {string} text
 * @param {string} where for the error
 */
export function parseChecksums(text, where) {
  /** @type {Map<string, string>} */
  const sums = new Map();
  for (const line of text.split('\n').filter(Boolean)) {
    const match = line.match(/^([0-9a-f]{64}) [ *]([^/\s]+)$/);
    if (!match) throw new Error(`${where}: not a line of SHA256SUMS: ${JSON.stringify(line)}`);
    sums.set(match[2], match[1]);
  }
  return sums;
}

const sha256 = (/** @type {Uint8Array} */ bytes) => createHash('sha256').update(bytes).digest('hex');

/**
 * Checks the build's versioned files against the live site's and adds the live site's older versions to the build.
 * @param {string} liveTools the live site's tools folder, as a URL ending in `/`
 * @param {string} buildTools the build's tools folder
 * @param {(line: string) => void} [log]
 * @returns {Promise<{kept: string[]}>} the versioned files added to the build
 * @throws {Error} a versioned file that would change, or a live file that does not match the live SHA256SUMS
 */
export async function keepPublishedVersions(liveTools, buildTools, log = () => {}) {
  const buildSumsFile = path.join(buildTools, 'SHA256SUMS');
  const buildSums = parseChecksums(fs.readFileSync(buildSumsFile, 'utf8'), buildSumsFile);
  const response = await fetch(new URL('SHA256SUMS', liveTools));
  if (response.status === 404) {
    log(`${liveTools}SHA256SUMS: none yet (a first deploy): no version to keep`);
    return {kept: []};
  }
  if (!response.ok) throw new Error(`${liveTools}SHA256SUMS: HTTP ${response.status}; without it no version can be checked`);
  const liveSums = parseChecksums(await response.text(), `${liveTools}SHA256SUMS`);

  const changed = [...liveSums].filter(([name, sum]) => versionedName.test(name) && buildSums.has(name) && buildSums.get(name) !== sum);
  if (changed.length)
    throw new Error(
      changed
        .map(
          ([name, sum]) =>
            `${name} would change (the site serves SHA-256 ${sum}, this build made ${buildSums.get(name)}): pipelines pin it by that checksum. Bump the command's version (for setu-validate, src/plugins/validator/command/version.mjs) and say in its changelog whether verdicts changed.`,
        )
        .join('\n'),
    );

  const kept = [];
  for (const [name, sum] of liveSums) {
    if (!versionedName.test(name) || buildSums.has(name)) continue;
    const file = await fetch(new URL(name, liveTools));
    if (!file.ok) throw new Error(`${liveTools}${name}: HTTP ${file.status}, though SHA256SUMS lists it`);
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (sha256(bytes) !== sum)
      throw new Error(`${liveTools}${name}: its SHA-256 is ${sha256(bytes)}, not ${sum} as the live SHA256SUMS says`);
    fs.writeFileSync(path.join(buildTools, name), bytes);
    buildSums.set(name, sum);
    kept.push(name);
    log(`kept ${name} (SHA-256 ${sum})`);
  }
  fs.writeFileSync(buildSumsFile, [...buildSums].map(([name, sum]) => `${sum}  ${name}\n`).join(''));
  return {kept};
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [liveTools, buildTools] = process.argv.slice(2);
  if (!liveTools || !buildTools) {
    process.stderr.write('Usage: node scripts/published-versions.mjs LIVE_TOOLS_URL BUILD_TOOLS_DIR\n');
    process.exit(2);
  }
  try {
    const {kept} = await keepPublishedVersions(liveTools.endsWith('/') ? liveTools : `${liveTools}/`, buildTools, (line) =>
      process.stdout.write(`${line}\n`),
    );
    process.stdout.write(`published-versions: every versioned file as the site serves it; ${kept.length} earlier kept\n`);
  } catch (error) {
    process.stderr.write(`published-versions: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
