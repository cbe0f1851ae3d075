// The commands a pipeline can pin (issue 43), over every command of publishedCommands, bundled once as a build publishes
// them (the plugin's own publishedFiles and writeFiles): each under its moving and its versioned name with SHA256SUMS;
// the validator page's GitHub Actions workflow, parsed and its shell steps run against those files served locally
// (download, checksum, a tampered file refused before it runs, validation, the JUnit report); and the npm package,
// packed, installed into an empty folder without network and run. The build's own files are checked against its
// SHA256SUMS, and the page against both, in tests/e2e/validator/page.spec.ts. The pages' Markdown twins carry the same
// workflows, byte for byte, with their URLs made as the build makes them (markdown-twins/site-urls.mjs), and one runs.
import {test, describe, before, after} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {createHash} from 'node:crypto';
import {spawn, spawnSync} from 'node:child_process';
import yaml from 'js-yaml';
import {publishedCommands, publishedFiles, writeFiles} from '../../../src/plugins/validator/command/bundle.mjs';
import {checksumsRoute, fileName, githubActionsWorkflow, pinnedActions} from '../../../src/plugins/validator/command/pipeline.mjs';
import {conformanceWorkflow} from '../../../src/plugins/conformance/pipeline.mjs';
import {pageTwins} from '../../../src/plugins/markdown-twins/page-twins.mjs';
import {siteUrls} from '../../../src/plugins/markdown-twins/site-urls.mjs';
import {conformanceWorkflowMarkdown} from '../../../src/plugins/conformance/page-markdown.mjs';
import {apis} from '../../../src/data/registry.mjs';
import {createSandboxServer} from '../../../src/plugins/sandbox/local-server.mjs';
import {validateText} from '../../../src/plugins/validator/engine/validate-text.mjs';
import {examples} from '../../../generated/validator/examples.mjs';
import {baseUrl, siteUrl} from '../../../src/data/site.mjs';
import {commandsPackage, npmPack, writePackage} from '../../../scripts/pack-commands.mjs';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'setu-published-'));
/** The build's output folder, as far as the commands go: <site>/tools/… (served under /docs/). */
const site = path.join(tmp, 'site');
const sha256 = (/** @type {Uint8Array} */ bytes) => createHash('sha256').update(bytes).digest('hex');
const toolsFile = (/** @type {string} */ route) => path.join(site, ...route.split('/').filter(Boolean));

/** @type {Awaited<ReturnType<typeof publishedFiles>>} */
let published;
/** @type {http.Server} */
let server;
let origin = '';
/** When set, the server serves each versioned command file with this appended: a file changed on its way. */
let tamperWith = '';

before(async () => {
  published = await publishedFiles();
  writeFiles(site, published.files);
  // The site's files under /docs/, as the static host serves them.
  server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const relative = url.pathname.startsWith(baseUrl) ? url.pathname.slice(baseUrl.length) : null;
    const file = relative === null ? null : path.join(site, ...relative.split('/'));
    if (!file || !file.startsWith(site) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      response.writeHead(404).end('not found');
      return;
    }
    const versioned = published.releases.some((r) => url.pathname === `${baseUrl}${r.versionedRoute.slice(1)}`);
    const bytes = fs.readFileSync(file);
    response.writeHead(200).end(versioned && tamperWith ? Buffer.concat([bytes, Buffer.from(tamperWith)]) : bytes);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  origin = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`;
});
after(() => {
  server?.close();
  fs.rmSync(tmp, {recursive: true, force: true});
});

/** A site route as an absolute URL, as the Markdown twins' build makes it. */
const twinUrl = siteUrls(siteUrl, baseUrl).url;

/** The GitHub Actions workflows (YAML code blocks with `jobs:`) of a Markdown twin, as written. */
const workflowsOf = (/** @type {string} */ markdown) =>
  [...markdown.matchAll(/^```yaml\n([\s\S]*?)^```$/gm)].map((m) => m[1]).filter((block) => /^jobs:/m.test(block));

/** Runs a program: {status, stdout, stderr}. */
function runProgram(/** @type {string} */ program, /** @type {string[]} */ args, {cwd = tmp, env = process.env} = {}) {
  const result = spawnSync(program, args, {cwd, env, encoding: 'utf8', timeout: 120_000});
  if (result.error) throw result.error;
  return {status: result.status, stdout: result.stdout, stderr: result.stderr};
}

/**
 * Runs a program without blocking this process, whose server it may be downloading from: {status, output} (standard
 * output and error as they came).
 * @returns {Promise<{status: number | null, output: string}>}
 */
function runBeside(
  /** @type {string} */ program,
  /** @type {string[]} */ args,
  /** @type {{cwd: string, env: NodeJS.ProcessEnv}} */ {cwd, env},
) {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, {cwd, env, stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000});
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (status) => resolve({status, output}));
  });
}

/**
 * Runs a workflow's job's shell steps in `workspace` as the runner does (bash -eo pipefail, the workflow's, the job's
 * and the step's env), the site's address replaced by the local server's; stops at the first step that fails. Steps
 * that use an action are not run (checkout: the workspace is there; setup-node: this Node.js is on the PATH; upload:
 * the test reads the file). `stepEnv` stands in for what the runner would expand in a step's env (a secret).
 * @returns {Promise<{name: string, status: number | null, output: string}[]>}
 */
async function runWorkflowJob(
  /** @type {string} */ text,
  /** @type {string} */ jobName,
  /** @type {string} */ workspace,
  /** @type {Record<string, string>} */ jobEnv = {},
) {
  const siteRoot = `${siteUrl}${baseUrl}`;
  assert.ok(text.includes(siteRoot), 'the workflow downloads from the site');
  const workflow = /** @type {any} */ (yaml.load(text.replaceAll(siteRoot, `${origin}${baseUrl}`)));
  const job = workflow.jobs[jobName];
  const env = {
    ...process.env,
    PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH}`,
    ...workflow.env,
    ...job.env,
    ...jobEnv,
  };
  fs.mkdirSync(workspace, {recursive: true});
  const steps = [];
  for (const step of job.steps) {
    if (!step.run) continue;
    // Expressions are the runner's to expand: a shell step here has none.
    assert.doesNotMatch(step.run, /\$\{\{/, step.name);
    const script = path.join(workspace, '..', `${path.basename(workspace)}-step.sh`);
    fs.writeFileSync(script, step.run);
    const stepEnv = Object.fromEntries(Object.entries(step.env ?? {}).filter(([, v]) => !/\$\{\{/.test(String(v))));
    const run = await runBeside('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], {
      cwd: workspace,
      env: {...env, ...stepEnv},
    });
    steps.push({name: step.name, ...run});
    if (run.status !== 0) break;
  }
  return steps;
}

describe('every command under a moving and a versioned name, and SHA256SUMS', () => {
  test('each command of the list is published under both names, the same bytes, with its version and changelog', () => {
    assert.deepEqual(
      published.releases.map((r) => r.name),
      publishedCommands.map((c) => c.name),
    );
    for (const release of published.releases) {
      assert.match(release.version, /^\d+\.\d+\.\d+$/, release.name);
      assert.equal(release.versionedRoute, release.route.replace(/\.mjs$/, `-${release.version}.mjs`));
      const moving = fs.readFileSync(toolsFile(release.route));
      assert.ok(moving.equals(fs.readFileSync(toolsFile(release.versionedRoute))), `${release.name}: both names, the same bytes`);
      assert.equal(release.sha256, sha256(moving), `${release.name}: the checksum the page shows`);
      assert.ok(release.changelog.length > 0, `${release.name}: a changelog`);
      for (const entry of release.changelog) {
        assert.match(entry.version, /^\d+\.\d+\.\d+$/);
        assert.match(entry.date, /^\d{4}-\d{2}-\d{2}$/);
        assert.ok(entry.changes.length > 0 && entry.changes.every((c) => c.length > 10));
      }
      // The current version is the newest: never older than a release the changelog names.
      const newest = release.changelog.map((e) => e.version).sort((a, b) => a.localeCompare(b, 'en', {numeric: true}))[0];
      assert.ok(release.version.localeCompare(newest, 'en', {numeric: true}) >= 0, `${release.name} ${release.version} < ${newest}`);
    }
  });

  test('SHA256SUMS lists every published file with its SHA-256, in the form sha256sum --check reads', () => {
    const sums = toolsFile(checksumsRoute);
    const lines = fs.readFileSync(sums, 'utf8').trimEnd().split('\n');
    const listed = new Map(
      lines.map(
        (line) =>
          /** @type {[string, string]} */ (
            line
              .match(/^([0-9a-f]{64}) {2}(\S+)$/)
              ?.slice(1, 3)
              .reverse() ?? [line, '']
          ),
      ),
    );
    const files = fs.readdirSync(path.dirname(sums)).filter((name) => name !== 'SHA256SUMS');
    assert.deepEqual([...listed.keys()].sort(), files.sort(), 'every file, and nothing else');
    assert.equal(files.length, 2 * publishedCommands.length);
    for (const [name, sum] of listed) assert.equal(sum, sha256(fs.readFileSync(path.join(path.dirname(sums), name))), name);
    const check = runProgram('sha256sum', ['--check', '--strict', 'SHA256SUMS'], {cwd: path.dirname(sums)});
    assert.equal(check.status, 0, check.stdout + check.stderr);
    assert.equal(check.stdout.match(/: OK$/gm)?.length, files.length);
  });

  test('--version of each file prints the command and its version', () => {
    for (const release of published.releases) {
      const {status, stdout} = runProgram(process.execPath, [toolsFile(release.versionedRoute), '--version']);
      assert.equal(status, 0);
      assert.equal(stdout, `${release.name} ${release.version}\n`);
    }
  });
});

describe("the validator page's GitHub Actions workflow", () => {
  const release = () =>
    /** @type {import('../../../src/plugins/validator/command/pipeline.mjs').PublishedRelease} */ (
      published.releases.find((r) => r.name === 'setu-validate')
    );
  const siteRoot = `${siteUrl}${baseUrl}`;
  const workflowText = () =>
    // As the page makes it (validator/page/ValidatorCommand).
    githubActionsWorkflow({
      release: release(),
      url: (route) => `${siteRoot}${route.slice(1)}`,
      pageUrl: `${siteRoot}validator#pin-a-version`,
    });

  test('a complete job: checkout, Node.js, download and checksum, validation, the JUnit report; actions pinned by commit', () => {
    const text = workflowText();
    const workflow = /** @type {any} */ (yaml.load(text));
    assert.deepEqual(Object.keys(workflow.jobs), ['validate']);
    assert.deepEqual(workflow.permissions, {contents: 'read'});
    const job = workflow.jobs.validate;
    assert.equal(job.env.SETU_VALIDATE_VERSION, release().version);
    assert.equal(job.env.SETU_VALIDATE_SHA256, release().sha256);
    assert.equal(job.defaults.run.shell, 'bash');
    const actions = job.steps.filter((/** @type {any} */ s) => s.uses).map((/** @type {any} */ s) => s.uses.replace(/@.*/, ''));
    assert.deepEqual(actions, ['actions/checkout', 'actions/setup-node', 'actions/upload-artifact']);
    // Each action by a commit SHA with its release beside it, in the text (YAML drops the comment).
    const usesLines = text.split('\n').filter((line) => /^\s*(- )?uses:/.test(line));
    assert.equal(usesLines.length, actions.length);
    for (const line of usesLines) assert.match(line, /^\s*(- )?uses: [\w-]+\/[\w-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+$/);
    for (const action of Object.values(pinnedActions)) assert.ok(text.includes(`${action.uses}@${action.sha} # ${action.release}`));
    // The report is uploaded also when a message is not valid (the validation step fails), not when nothing ran.
    const upload = job.steps.at(-1);
    assert.equal(upload.with.path, 'setu-validate-report.xml');
    assert.match(upload.if, /!cancelled\(\) && steps\.validate\.outcome != 'skipped'/);
    assert.equal(job.steps.find((/** @type {any} */ s) => s.id === 'validate')?.name, 'Validate the messages');
  });

  /** The workflow of the page's Markdown twin (/docs/validator.md), its URLs made as the build makes them. */
  const twinWorkflowText = () => {
    const twin = pageTwins({apis, releases: published.releases, url: twinUrl})['/validator'];
    const workflows = workflowsOf(twin?.markdown ?? '');
    assert.equal(workflows.length, 1);
    return workflows[0];
  };

  test("the Markdown twin's workflow is the page's, byte for byte", () => {
    assert.equal(twinWorkflowText(), workflowText());
  });

  /** The job's shell steps run in `workspace` (runWorkflowJob): the page's workflow, or the twin's. */
  const runJob = (/** @type {string} */ workspace, text = workflowText()) => runWorkflowJob(text, 'validate', workspace);

  /** A repository with messages under messages/ (in a subfolder too): its folder. */
  function workspaceWith(/** @type {string} */ name, /** @type {Record<string, string>} */ messages) {
    const workspace = path.join(tmp, name);
    for (const [file, text] of Object.entries(messages)) {
      fs.mkdirSync(path.dirname(path.join(workspace, 'messages', file)), {recursive: true});
      fs.writeFileSync(path.join(workspace, 'messages', file), text);
    }
    return workspace;
  }

  const timecard = /** @type {{text: string, xml: string}} */ (examples.find((e) => e.type === 'Timecard'));

  test('run against the served files: it downloads, checks, validates, fails on an invalid message and writes the JUnit report', async () => {
    const broken = timecard.xml.replace(/<\/(\w+:)?Timecard>\s*$/, '<unknownElement/>$&');
    assert.notEqual(broken, timecard.xml);
    const workspace = workspaceWith('job', {'timecard.json': timecard.text, 'xml/timecard.xml': broken});
    const steps = await runJob(workspace);
    assert.deepEqual(
      steps.map((s) => [s.name, s.status]),
      [
        ['Download setu-validate and check its SHA-256', 0],
        ['Validate the messages', 1],
      ],
      steps.map((s) => s.output).join('\n'),
    );
    assert.match(steps[0].output, /^setu-validate\.mjs: OK$/m);
    // The verdicts of the page, in the log and in the report.
    for (const [file, text, format] of [
      ['messages/timecard.json', timecard.text, 'json'],
      ['messages/xml/timecard.xml', broken, 'xml'],
    ]) {
      const verdict = validateText(text, 'auto', {format});
      assert.ok(steps[1].output.includes(`${file}: ${verdict.summary}`), `${file}: ${verdict.summary}`);
      for (const e of verdict.errors) assert.ok(steps[1].output.includes(`${file}:${e.line}:${e.column}: error: ${e.message}`), e.message);
    }
    const report = fs.readFileSync(path.join(workspace, 'setu-validate-report.xml'), 'utf8');
    assert.match(report, /^<\?xml[^>]*\?>\n<testsuites [^>]*tests="2" failures="1"/);
    assert.equal(report.match(/<testcase /g)?.length, 2);
    assert.match(report, /Unknown element `unknownElement`/);
  });

  test("every message valid: the job passes (the twin's job, run as written there)", async () => {
    const workspace = workspaceWith('job-valid', {'a/timecard.json': timecard.text, 'b/timecard.xml': timecard.xml});
    const steps = await runJob(workspace, twinWorkflowText());
    assert.deepEqual(
      steps.map((s) => s.status),
      [0, 0],
      steps.map((s) => s.output).join('\n'),
    );
    assert.match(steps[1].output, /2 files checked: 2 valid/);
  });

  test('a tampered file is refused before it runs: the checksum step fails and no later step runs', async () => {
    // Run, the tampered file would leave a mark: it does so when run directly, and not in the job.
    tamperWith = "\nimport('node:fs').then((fs) => fs.writeFileSync('tampered-file-ran', ''));\n";
    try {
      const workspace = workspaceWith('job-tampered', {'timecard.json': timecard.text});
      const steps = await runJob(workspace);
      assert.equal(steps.length, 1, 'stops at the checksum');
      assert.notEqual(steps[0].status, 0);
      assert.match(steps[0].output, /setu-validate\.mjs: FAILED/);
      assert.ok(!fs.existsSync(path.join(workspace, 'tampered-file-ran')));
      assert.ok(!fs.existsSync(path.join(workspace, 'setu-validate-report.xml')));
      runProgram(process.execPath, ['setu-validate.mjs', '--version'], {cwd: workspace});
      assert.ok(fs.existsSync(path.join(workspace, 'tampered-file-ran')), 'the tampered file, run, leaves its mark');
    } finally {
      tamperWith = '';
    }
  });
});

describe("the conformance page's GitHub Actions workflow", () => {
  const release = () =>
    /** @type {import('../../../src/plugins/validator/command/pipeline.mjs').PublishedRelease} */ (
      published.releases.find((r) => r.name === 'setu-conform')
    );
  const siteRoot = `${siteUrl}${baseUrl}`;
  const workflowText = () =>
    conformanceWorkflow({release: release(), url: (route) => `${siteRoot}${route.slice(1)}`, pageUrl: `${siteRoot}conformance#ci`});

  test('a complete job: Node.js, download and checksum, the kit with a secret header, the JUnit report; actions pinned by commit', () => {
    const text = workflowText();
    const job = /** @type {any} */ (yaml.load(text)).jobs.conformance;
    assert.equal(job.env.SETU_CONFORM_VERSION, release().version);
    assert.equal(job.env.SETU_CONFORM_SHA256, release().sha256);
    const usesLines = text.split('\n').filter((line) => /^\s*(- )?uses:/.test(line));
    assert.deepEqual(
      usesLines.map((line) => line.replace(/^\s*(- )?uses: /, '')),
      [pinnedActions.setupNode, pinnedActions.uploadArtifact].map((a) => `${a.uses}@${a.sha} # ${a.release}`),
    );
    const conform = job.steps.find((/** @type {any} */ s) => s.id === 'conform');
    assert.equal(conform.env.SETU_TOKEN, '${{ secrets.SETU_TEST_SERVER_TOKEN }}');
    assert.match(conform.run, /--header "Authorization: Bearer \$\{SETU_TOKEN\}"/);
    assert.match(job.steps.at(-1).if, /!cancelled\(\) && steps\.conform\.outcome != 'skipped'/);
    assert.equal(job.steps.at(-1).with.path, 'setu-conformance.xml');
  });

  test("the Markdown twin's workflow (<ConformanceWorkflow/> written as Markdown) is the page's, byte for byte", () => {
    // The twin's code block as written into the page's Markdown is held to the page's by tests/e2e/markdown-twins/.
    const blocks = conformanceWorkflowMarkdown(release(), twinUrl).filter((node) => node.type === 'code');
    // The page's code block holds the workflow without its last line break, as the twin's does.
    assert.deepEqual(
      blocks.map((node) => node.value),
      [workflowText().trimEnd()],
    );
  });

  test('run against the served files and the local sandbox: it downloads, checks, passes every check and writes the JUnit report', async () => {
    const {server: sandbox} = createSandboxServer({log: () => {}});
    await new Promise((resolve) => sandbox.listen(0, '127.0.0.1', () => resolve(undefined)));
    try {
      const sandboxUrl = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (sandbox.address()).port}/p2p`;
      const workspace = path.join(tmp, 'conformance-job');
      const steps = await runWorkflowJob(workflowText(), 'conformance', workspace, {
        SETU_BASE_URL: sandboxUrl,
        SETU_TOKEN: 'a-secret-token',
      });
      assert.deepEqual(
        steps.map((s) => [s.name, s.status]),
        [
          ['Download setu-conform and check its SHA-256', 0],
          ['Check the test server against the SETU standard', 0],
        ],
        steps.map((s) => s.output).join('\n'),
      );
      assert.match(steps[0].output, /^setu-conform\.mjs: OK$/m);
      assert.doesNotMatch(steps[1].output, /a-secret-token/);
      const report = fs.readFileSync(path.join(workspace, 'setu-conformance.xml'), 'utf8');
      assert.match(report, /^<\?xml[^>]*\?>\n<testsuites [^>]*failures="0"/);
      assert.ok((report.match(/<testcase /g)?.length ?? 0) > 50);
    } finally {
      await new Promise((resolve) => sandbox.close(resolve));
    }
  });
});

describe('the npm package', () => {
  test('npm pack makes a tarball of only what runs, which installs into an empty folder without network and runs each command with the verdicts of the page', async () => {
    const dir = path.join(tmp, 'package');
    writePackage(dir, published);
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    assert.equal(manifest.name, commandsPackage.name);
    // The package claims the licence the repository declares, and no other (today none: see pack-commands.mjs).
    const repository = JSON.parse(fs.readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'));
    assert.equal(manifest.license, repository.license);
    // Its README: a section per command with its synopsis, exit status and, for setu-conform, an example.
    const readme = fs.readFileSync(path.join(dir, 'README.md'), 'utf8');
    const sectionOf = (/** @type {string} */ name) => readme.split(/^## /m).find((part) => part.startsWith(`${name}\n`)) ?? '';
    for (const release of published.releases) {
      assert.match(sectionOf(release.name), new RegExp(`\`\`\`\n${release.name} [^\`]+\`\`\``), `${release.name}: a synopsis`);
      assert.match(sectionOf(release.name), /^Exit status: 0 .*, 1 .*, 2 /m, `${release.name}: its exit status`);
    }
    assert.match(sectionOf('setu-conform'), /```bash\nnpx setu-conform --api p2p --base-url /);
    assert.equal(manifest.dependencies, undefined);
    assert.equal(manifest.scripts, undefined);
    assert.deepEqual(manifest.bin, Object.fromEntries(published.releases.map((r) => [r.name, fileName(r.route)])));
    const tarball = npmPack(dir, tmp);
    const listed = runProgram('tar', ['-tzf', tarball]).stdout.trim().split('\n').sort();
    assert.deepEqual(
      listed,
      ['package/README.md', 'package/package.json', ...published.releases.map((r) => `package/${fileName(r.route)}`)].sort(),
    );

    // An empty folder, an empty cache and a registry that refuses every connection: nothing can come from the network.
    const project = path.join(tmp, 'project');
    fs.mkdirSync(project);
    const install = runProgram(
      'npm',
      [
        'install',
        '--offline',
        '--registry',
        'http://127.0.0.1:9',
        '--cache',
        path.join(tmp, 'empty-cache'),
        '--no-audit',
        '--no-fund',
        '--ignore-scripts',
        tarball,
      ],
      {cwd: project, env: {...process.env, npm_config_update_notifier: 'false'}},
    );
    assert.equal(install.status, 0, install.stdout + install.stderr);
    for (const release of published.releases) {
      const bin = path.join(project, 'node_modules', '.bin', release.name);
      assert.equal(sha256(fs.readFileSync(bin)), release.sha256, `${release.name}: the file the site publishes`);
      const version = runProgram(bin, ['--version'], {cwd: project});
      assert.equal(version.stdout, `${release.name} ${release.version}\n`);
      // Every option the README's synopsis names is one the command takes.
      const help = runProgram(bin, ['--help'], {cwd: project}).stdout;
      const synopsis = /```\n([^`]+)```/.exec(sectionOf(release.name))?.[1] ?? '';
      for (const option of synopsis.match(/--[a-z-]+/g) ?? []) assert.ok(help.includes(option), `${release.name} --help names ${option}`);
    }

    // setu-conform from the package, against the local sandbox: one operation's checks, all passed.
    const {server: sandbox} = createSandboxServer({log: () => {}});
    await new Promise((resolve) => sandbox.listen(0, '127.0.0.1', () => resolve(undefined)));
    try {
      const sandboxUrl = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (sandbox.address()).port}/p2p`;
      const report = path.join(project, 'conformance.json');
      const conform = await runBeside(
        path.join(project, 'node_modules', '.bin', 'setu-conform'),
        ['--api', 'p2p', '--base-url', sandboxUrl, '--only', 'get-timecard', '--report', report],
        {cwd: project, env: process.env},
      );
      assert.equal(conform.status, 0, conform.output);
      assert.match(conform.output, /Conforms\.\n$/);
      const {checks, summary} = JSON.parse(fs.readFileSync(report, 'utf8'));
      assert.ok(checks.length >= 5 && checks.every((/** @type {any} */ c) => c.operationId === 'get-timecard'));
      assert.deepEqual(
        checks.filter((/** @type {any} */ c) => c.result !== 'pass').map((/** @type {any} */ c) => c.id),
        [],
      );
      assert.equal(summary.exitStatus, 0);
    } finally {
      await new Promise((resolve) => sandbox.close(resolve));
    }

    // setu-validate from the package: the verdicts, errors and positions of the page on a handful of messages.
    const messages = [];
    const add = (/** @type {string} */ name, /** @type {string} */ text) => {
      fs.writeFileSync(path.join(project, name), text);
      messages.push({name, text, format: name.endsWith('.xml') ? 'xml' : 'json'});
    };
    const order = /** @type {{text: string}} */ (examples.find((e) => e.type === 'StaffingOrder'));
    const request = /** @type {{text: string, xml: string}} */ (examples.find((e) => e.type === 'PlanningRequest 1.0'));
    add('order.json', order.text);
    add('order-broken.json', order.text.replace(/"orderType"/, '"orderTypo"'));
    add('request.xml', request.xml);
    add('request-broken.xml', request.xml.replace(/<\/(\w+:)?PlanningRequest>\s*$/, '<unknownElement/>$&'));
    const run = runProgram(
      path.join(project, 'node_modules', '.bin', 'setu-validate'),
      ['--format', 'json', ...messages.map((m) => m.name)],
      {cwd: project},
    );
    assert.equal(run.status, 1, run.stderr);
    const files = JSON.parse(run.stdout).files;
    for (const [i, m] of messages.entries()) {
      const page = validateText(m.text, 'auto', {format: m.format});
      const command = files[i];
      assert.deepEqual(
        {
          valid: command.valid,
          type: command.type,
          errors: command.errors.map((/** @type {any} */ e) => [e.line, e.column, e.message, e.rule, e.path]),
        },
        {valid: page.valid, type: page.type, errors: page.errors.map((e) => [e.line, e.column, e.message, e.rule, e.pointer])},
        m.name,
      );
    }
    assert.deepEqual(
      files.map((/** @type {any} */ f) => f.valid),
      [true, false, true, false],
    );
  });
});
