// A copy of the source without git history (a downloaded ZIP) must build: the configuration then asks Docusaurus for
// no last-updated dates and no version-control data, which it could only get from git. The configuration is loaded
// as Docusaurus loads it (loadFreshModule of @docusaurus/utils), with git pointed at a repository that does not exist; a
// full build of such a copy took two minutes of the suite and tested nothing more, as nothing else in the build reads git.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {root} from '../../src/build/paths.mjs';

const probe = `
  require('@docusaurus/utils').loadFreshModule(process.cwd() + '/docusaurus.config.ts').then((config) => {
    const classic = config.presets.find((p) => Array.isArray(p) && p[0] === 'classic');
    process.stdout.write(JSON.stringify({vcs: config.future.experimental_vcs, lastUpdate: classic[1].docs.showLastUpdateTime}));
  });
`;

test('without git history the configuration loads and asks for no dates from git', () => {
  const result = spawnSync(process.execPath, ['-e', probe], {
    cwd: root,
    encoding: 'utf8',
    env: {...process.env, GIT_DIR: '/nonexistent/.git', GIT_CEILING_DIRECTORIES: '/'},
    timeout: 60_000,
  });
  assert.equal(result.status, 0, result.stderr);
  assert.deepEqual(JSON.parse(result.stdout), {vcs: false, lastUpdate: false});
});

test('in a git worktree the pages get their last-updated dates', () => {
  const inGit = spawnSync('git', ['rev-parse', '--is-inside-work-tree'], {cwd: root}).status === 0;
  const result = spawnSync(process.execPath, ['-e', probe], {cwd: root, encoding: 'utf8', timeout: 60_000});
  assert.equal(result.status, 0, result.stderr);
  assert.deepEqual(JSON.parse(result.stdout), {vcs: inGit, lastUpdate: inGit});
});
