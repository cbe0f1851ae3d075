// Where the site publishes its one-file commands, their checksums, and the GitHub Actions workflow that the validator page
// and its Markdown twin show: in one place, so that the plugin that writes the files and the pages that link to them
// agree. No Node module here: the page imports it.

/** The route of the published file, under the site's base URL (/docs/tools/setu-validate.mjs). */
export const publishedRoute = '/tools/setu-validate.mjs';

/** The route of the checksums of every published command file, moving and versioned names alike. */
export const checksumsRoute = '/tools/SHA256SUMS';

/**
 * The route under which a command's file of one version is published, beside its moving name: `/tools/setu-validate.mjs`
 * of version 1.0.0 is `/tools/setu-validate-1.0.0.mjs`. Its content never changes (command/version.mjs).
 * @param {string} route the moving name's route
 * @param {string} version
 */
export const versionedRoute = (route, version) => route.replace(/(\.[a-z]+)$/, `-${version}$1`);

/** The file name of a route: what SHA256SUMS lists, and what a download is saved as. */
export const fileName = (/** @type {string} */ route) => route.slice(route.lastIndexOf('/') + 1);

/**
 * A command as a build publishes it, which the validator page and its Markdown twin show (from the build: the plugin
 * bundles the commands before the pages are rendered, ../index.ts).
 * @typedef {object} PublishedRelease
 * @property {string} name the command, `setu-validate`
 * @property {string} version its own version (command/version.mjs)
 * @property {string} route the moving name's route, `/tools/setu-validate.mjs`
 * @property {string} versionedRoute the versioned name's route, `/tools/setu-validate-1.0.0.mjs`
 * @property {string} sha256 the SHA-256 of the file (both names), in hexadecimal
 * @property {{version: string, date: string, changes: string[]}[]} changelog its releases that changed verdicts, newest first
 */

/**
 * SHA256SUMS: a line per file, `<SHA-256>  <file name>`, as `sha256sum` writes it and `sha256sum --check` reads it
 * (two spaces: text mode, which on Linux is the same as binary), the moving and the versioned name of every command.
 * @param {PublishedRelease[]} releases
 */
export const checksumsText = (releases) =>
  releases.flatMap((r) => [r.route, r.versionedRoute].map((route) => `${r.sha256}  ${fileName(route)}\n`)).join('');

/**
 * The third-party actions of the workflow, each pinned by the commit SHA of a release (a tag can be moved to other code;
 * a commit cannot), with the release as a comment, the form Dependabot and Renovate update. The SHAs could not be
 * checked against GitHub where this was written: the page asks readers to check them, and so should whoever changes them
 * (`git ls-remote https://github.com/actions/checkout 'refs/tags/v4.2.2*'` lists the tag, and the commit of an annotated
 * one on its line ending `^{}`).
 */
export const pinnedActions = {
  checkout: {uses: 'actions/checkout', sha: '11bd71901bbe5b1630ceea73d27597364c9af683', release: 'v4.2.2'},
  setupNode: {uses: 'actions/setup-node', sha: '49933ea5288caeca8642d1e84afbd3f7d6820020', release: 'v4.4.0'},
  uploadArtifact: {uses: 'actions/upload-artifact', sha: 'ea165f8d65b6e75b540449e92b4886f43607fa02', release: 'v4.6.2'},
};

/** A `uses:` value of a pinned action: the commit, then its release as a comment. */
export const uses = (/** @type {{uses: string, sha: string, release: string}} */ action) =>
  `${action.uses}@${action.sha} # ${action.release}`;

/** The prefix of a command's pin variables in a workflow: `SETU_VALIDATE` for setu-validate (`SETU_VALIDATE_VERSION`, `_SHA256`). */
export const pinVariable = (/** @type {PublishedRelease} */ release) => release.name.toUpperCase().replace(/-/g, '_');

/**
 * A workflow's step (at a job's step indentation) that downloads one version of a command and checks the file against
 * the SHA-256 written in the workflow (the job's `<PIN>_VERSION` and `<PIN>_SHA256`), failing the job there if it differs.
 * @param {PublishedRelease} release
 * @param {(route: string) => string} url
 */
export const downloadStep = (release, url) => {
  const pin = pinVariable(release);
  const versioned = versionedRoute(release.route, `\${${pin}_VERSION}`);
  // The shell variable is appended to the folder's URL, never passed through `url`: a `url` that makes a URL object
  // (the Markdown twins') percent-encodes `${…}`, and bash would no longer expand it.
  const folder = versioned.slice(0, versioned.lastIndexOf('/') + 1);
  return `      - name: Download ${release.name} and check its SHA-256
        run: |
          curl --fail --silent --show-error --location --output ${fileName(release.route)} \\
            "${url(folder)}${fileName(versioned)}"
          echo "\${${pin}_SHA256}  ${fileName(release.route)}" | sha256sum --check --strict
`;
};

/**
 * A complete GitHub Actions workflow that checks every message under `messages/` with one version of setu-validate:
 * it checks out the repository, installs Node.js, downloads the versioned file, checks it against the SHA-256 written
 * in the workflow (not one fetched with it: a site that served another file would have to change the adopter's
 * repository too) and stops there if it differs, runs it, and uploads its JUnit report, also when a message is not valid.
 * Node.js is the current LTS release (`lts/*`), not a fixed one: Node.js 20, the oldest the file runs on, reached its end
 * of life in April 2026, and a workflow copied from the page should not pin it.
 * @param {{release: PublishedRelease, url: (route: string) => string, pageUrl: string}} options `url` makes a site
 *   route (under /docs) an absolute URL; `pageUrl` is where the reader finds newer versions
 */
export const githubActionsWorkflow = ({release, url, pageUrl}) => `# .github/workflows/setu-messages.yml
name: SETU messages
on: [push, pull_request]
permissions:
  contents: read
jobs:
  validate:
    runs-on: ubuntu-latest
    env:
      # The version of ${release.name} and the SHA-256 of its file: ${pageUrl}
      ${pinVariable(release)}_VERSION: ${release.version}
      ${pinVariable(release)}_SHA256: ${release.sha256}
    defaults:
      run:
        shell: bash
    steps:
      - uses: ${uses(pinnedActions.checkout)}
        with:
          persist-credentials: false
      - uses: ${uses(pinnedActions.setupNode)}
        with:
          node-version: lts/* # ${release.name} runs on Node.js 20 or later
${downloadStep(release, url)}      - name: Validate the messages
        id: validate
        run: |
          shopt -s globstar nullglob
          messages=(messages/**/*.xml messages/**/*.json)
          # The JUnit report for the upload below; the log and the exit status come from the second run.
          node ${fileName(release.route)} --format junit "\${messages[@]}" > setu-validate-report.xml || true
          node ${fileName(release.route)} "\${messages[@]}"
      - name: Upload the JUnit report
        if: \${{ !cancelled() && steps.validate.outcome != 'skipped' }}
        uses: ${uses(pinnedActions.uploadArtifact)}
        with:
          name: setu-validate-report
          path: setu-validate-report.xml
`;
