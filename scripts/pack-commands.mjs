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
import {apisWithReference} from '../src/data/registry.mjs';

/**
 * The licence the repository declares (its package.json's `license`), which the package carries: the package claims
 * none the repository does not. The repository declares none today (the site's footer says "Copyright © SETU"; the
 * specifications' own MIT licence, in their `info.license`, is SETU's for the OpenAPI files, not for this code), so the
 * package has no `license` until SETU chooses one for the repository.
 */
const repositoryLicense = /** @type {{license?: string}} */ (
  JSON.parse(fs.readFileSync(fileURLToPath(new URL('../package.json', import.meta.url)), 'utf8'))
).license;

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
    ...(repositoryLicense ? {license: repositoryLicense} : {}),
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
  /** Each command's section: its synopsis, what it does, its exit status, an example. */
  /** @type {Record<string, string>} */
  const sectionOf = {
    'setu-validate': `## setu-validate

\`\`\`
setu-validate [--type NAME] [--standard-version X.Y] [--no-rules] [--format text|json|junit] FILE...
\`\`\`

Checks SETU messages, JSON or XML, as the validator page does (${absolute('/validator')}): each file's message type
and version are detected, or fixed with \`--type\` and \`--standard-version\`; \`-\` reads standard input. It writes
\`FILE:LINE:COLUMN: error: message [rule] (path)\` per problem and a verdict per file; \`--format junit\` is a test report
for CI.

Exit status: 0 every file is valid (warnings allowed), 1 a file is not valid, 2 a usage error or a file that cannot be
read.

`,
    'setu-conform': `## setu-conform

\`\`\`
setu-conform --api ID --base-url URL [--party NAME] [--only OPERATION,...] [--header "Name: value"]...
             [--format text|json|junit] [--report FILE] [--standard-only] [--strict] [--timeout SECONDS]
             [--dry-run] [--list] [--list-parties]
\`\`\`

Checks, call by call, whether the server at \`--base-url\` implements a SETU API as its specification says: the
status of each call, every answer against its schema with the validator's engine (JSON and XML, business rules
included), that what it creates, updates and deletes is kept, and that invalid requests are refused with SETU's error
object. Each check says whether it tests the standard or our reading of what the standard leaves open; only the
standard's decide the exit status, unless \`--strict\`. \`--api\` is one of ${apisWithReference.map((a) => `\`${a.id}\``).join(', ')}.

It is safe to point at a test server: it calls nothing outside the base URL (no redirect followed), works under ids
of its own and deletes what it made at the end (also after a failure or Ctrl-C), sends one request at a time with a
timeout, and never prints a \`--header\` value in full. \`--dry-run\` prints every request it would send and sends
nothing. What each check tests, and why: ${absolute('/conformance')}.

Exit status: 0 every check of the standard passed, 1 a check failed, 2 a usage error or a server that cannot be
reached, 130 interrupted (what the run made is deleted first).

\`\`\`bash
npx setu-conform --api p2p --base-url https://test.example.com/setu \\
  --header "Authorization: Bearer $TOKEN" --report setu-conformance.xml
\`\`\`

`,
  };
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

${releases.map((r) => sectionOf[r.name] ?? '').join('')}## The same commands on the site

The site publishes each version of each command as one file, whose content never changes, and lists their SHA-256 in
${absolute('/tools/SHA256SUMS')}. The files of this package:

${releases.map((r) => `- \`${fileName(r.route)}\` ${r.version}, SHA-256 \`${r.sha256}\`; on the site: ${absolute(r.versionedRoute)}`).join('\n')}

What changed in each version, and how a pipeline pins one without npm: ${absolute('/validator#pin-a-version')} (setu-validate),
${absolute('/conformance#ci')} (setu-conform).
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
