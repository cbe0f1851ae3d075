// The site's own GitHub Actions workflows pin every third-party action by commit SHA, as the jobs the validator and
// conformance pages give readers do (src/plugins/validator/command/pipeline.mjs): a tag can be moved to other code, and
// the deploy job holds the right to publish the site.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {pinnedActions} from '../../src/plugins/validator/command/pipeline.mjs';

const dir = path.join(import.meta.dirname, '../../.github/workflows');
const workflows = fs.readdirSync(dir).filter((f) => /\.ya?ml$/.test(f));

test('every action a workflow uses is pinned to a commit, with its release beside it, as the pages pin them', () => {
  assert.ok(workflows.length > 0);
  const found = [];
  for (const file of workflows) {
    fs.readFileSync(path.join(dir, file), 'utf8')
      .split('\n')
      .forEach((line, i) => {
        const use = /^\s*(?:-\s+)?uses:\s*(\S+)(.*)$/.exec(line);
        if (!use) return;
        const where = `.github/workflows/${file}:${i + 1}`;
        const [action, ref] = use[1].split('@');
        assert.match(ref ?? '', /^[0-9a-f]{40}$/, `${where}: ${use[1]} is not pinned to a commit SHA`);
        const release = /^\s*#\s*(v\d+(?:\.\d+)*)\s*$/.exec(use[2])?.[1];
        assert.ok(release, `${where}: the release of ${action} belongs in a comment after the SHA`);
        found.push({action, sha: ref, release, where});
      });
  }
  assert.ok(found.length >= 5, `${found.length} actions`);
  // One action, one pin: the site's workflow and the pages' jobs do not drift apart.
  for (const pinned of Object.values(pinnedActions)) {
    for (const f of found.filter((x) => x.action === pinned.uses))
      assert.deepEqual([f.sha, f.release], [pinned.sha, pinned.release], `${f.where}: ${pinned.uses} as the pages pin it`);
  }
});
