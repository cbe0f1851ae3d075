// npm run pack:commands: the site's commands (publishedCommands of src/plugins/validator/command/bundle.mjs) as one npm
// package ready for the registry, in generated/: the package's folder (generated/package/) and its tarball, made by
// `npm pack`. Publishing is then `npm publish generated/setu-standards-tools-<version>.tgz`, by SETU.
//
// Each bin is the one-file command the site publishes (bundle.mjs), built the same way from the same sources: nothing to
// install beside it, no dependency on the site's build at run time. The package's name is scoped to SETU's organisation,
// the one that publishes the site (setu-standards on GitHub): only the scope's members can publish under it, so no one
// else can publish a package that passes for SETU's, and `tools` is the folder the same files are published in
// (/docs/tools/). The scope must be SETU's on npm before the first publish.
import fs from 'node:fs';
import path from 'node:path';
import {spawnSync} from 'node:child_process';
import {fileURLToPath} from 'node:url';
import {publishedCommands, publishedFiles} from '../src/plugins/validator/command/bundle.mjs';
import {fileName} from '../src/plugins/validator/command/pipeline.mjs';
import {baseUrl, repositoryUrl, siteUrl} from '../src/data/site.mjs';

/** @typedef {import('../src/plugins/validator/command/pipeline.mjs').PublishedRelease} PublishedRelease */

/**
 * The package's name and version. Bump the version whenever a command's version changes (the largest of their
 * changes: a command's major change is the package's); npm refuses to publish a version twice, so a forgotten bump
 * stops the publish instead of changing what a version is.
 */
export const commandsPackage = {name: '@setu-standards/tools', version: '1.1.0'};

const siteRoot = `${siteUrl}${baseUrl}`;
const absolute = (/** @type {string} */ route) => `${siteRoot}${route.replace(/^\//, '')}`;

/**
 * The package's manifest: a bin per command, `files` only the commands (npm adds package.json and README.md itself).
 * @param {PublishedRelease[]} releases
 */
export function packageManifest(releases) {
  return {
    name: commandsPackage.name,
    version: commandsPackage.version,
    description: `The command-line tools of the SETU documentation site: ${releases.map((r) => r.name).join(', ')}. Each is one file for Node.js 20 or later, with no dependencies.`,
    keywords: ['setu', 'validator', 'openapi', 'staffing', 'ci'],
    homepage: siteRoot,
    repository: {type: 'git', url: `git+${repositoryUrl}.git`},
    bin: Object.fromEntries(releases.map((r) => [r.name, fileName(r.route)])),
    files: releases.map((r) => fileName(r.route)),
    engines: {node: '>=20'},
    publishConfig: {access: 'public'},
  };
}

/**
 * The package's README: what each command is, its version and checksum, and where the same file is published.
 * @param {PublishedRelease[]} releases
 */
export function packageReadme(releases) {
  // What each does: the first line of its file's comment, without the name.
  const summary = (/** @type {string} */ name) => publishedCommands.find((c) => c.name === name)?.about[0].replace(/^[\w-]+: /, '') ?? '';
  return `# ${commandsPackage.name}

The command-line tools of the [SETU documentation site](${siteRoot}). Each is one file that runs on Node.js 20 or later
and needs nothing else: the package has no dependencies and runs no install script.

| Command | Version | What it does |
| --- | --- | --- |
${releases.map((r) => `| \`${r.name}\` | ${r.version} | ${summary(r.name)} |`).join('\n')}

## Use

\`\`\`bash
npm install --save-dev ${commandsPackage.name}   # your lockfile pins the version and its integrity
npx setu-validate messages/*.xml messages/*.json
\`\`\`

\`<command> --help\` lists a command's options, \`<command> --version\` prints its version.

## The same commands on the site

The site publishes each version of each command as one file, whose content never changes, and lists their SHA-256 in
${absolute('/tools/SHA256SUMS')}. The files of this package:

${releases.map((r) => `- \`${fileName(r.route)}\` ${r.version}, SHA-256 \`${r.sha256}\`; on the site: ${absolute(r.versionedRoute)}`).join('\n')}

What changed in each version, and how a pipeline pins one without npm: ${absolute('/validator#pin-a-version')}.
`;
}

/**
 * Writes the package's folder: package.json, README.md and each command's file (executable).
 * @param {string} dir emptied first
 * @param {{releases: PublishedRelease[], files: {route: string, bytes: Uint8Array}[]}} published as publishedFiles gives it
 */
export function writePackage(dir, {releases, files}) {
  fs.rmSync(dir, {recursive: true, force: true});
  fs.mkdirSync(dir, {recursive: true});
  for (const release of releases) {
    const file = files.find((f) => f.route === release.route);
    if (!file) throw new Error(`pack-commands: no file of ${release.name} (${release.route})`);
    fs.writeFileSync(path.join(dir, fileName(release.route)), file.bytes, {mode: 0o755});
  }
  fs.writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify(packageManifest(releases), null, 2)}\n`);
  fs.writeFileSync(path.join(dir, 'README.md'), packageReadme(releases));
}

/**
 * `npm pack` of a package folder into `destination`.
 * @param {string} dir
 * @param {string} destination
 * @returns {string} the tarball's path
 */
export function npmPack(dir, destination) {
  const npm = spawnSync('npm', ['pack', '--json', '--pack-destination', destination], {cwd: dir, encoding: 'utf8'});
  if (npm.status !== 0) throw new Error(`npm pack failed (${npm.status}): ${npm.stderr}`);
  const [{filename}] = JSON.parse(npm.stdout);
  return path.join(destination, filename);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const generated = fileURLToPath(new URL('../generated/', import.meta.url));
  const published = await publishedFiles();
  const dir = path.join(generated, 'package');
  writePackage(dir, published);
  const tarball = npmPack(dir, generated);
  process.stdout.write(
    `${path.relative(process.cwd(), tarball)}: ${commandsPackage.name} ${commandsPackage.version} (${published.releases
      .map((r) => `${r.name} ${r.version}`)
      .join(', ')})\nPublish it with: npm publish ${path.relative(process.cwd(), tarball)}\n`,
  );
}
