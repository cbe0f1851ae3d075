// Lints every spec of the API registry with Redocly CLI (recommended rules, configured in redocly.yaml), offline.
// Redocly exits 0 on warnings; this script fails on any error or warning, so that examples that break their schema
// (no-invalid-media-type-examples) stop `npm test`. Prints each problem with its place, then one summary line.
import {spawnSync} from 'node:child_process';
import path from 'node:path';
import {root} from '../src/build/paths.mjs';
import {specFiles} from '../src/data/registry.mjs';

const redocly = path.join(root, 'node_modules', '.bin', 'redocly');
const env = {...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true'};
let errors = 0;
let warnings = 0;
const files = specFiles;
for (const file of files) {
  const run = spawnSync(redocly, ['lint', `specs/${file}`, '--format=json', '--max-problems=10000'], {cwd: root, env, encoding: 'utf8'});
  let report;
  try {
    report = JSON.parse(run.stdout);
  } catch {
    console.error(`specs/${file}: Redocly gave no report (exit ${run.status}):\n${run.stderr}`);
    process.exit(1);
  }
  for (const problem of report.problems ?? []) {
    if (problem.ignored) continue;
    if (problem.severity === 'error') errors++;
    else warnings++;
    const where = problem.location?.[0]?.pointer ?? '';
    console.error(`specs/${file}${where}: ${problem.severity} ${problem.ruleId}: ${problem.message}`);
  }
}
console.log(`redocly lint: ${files.length} specs, ${errors} error(s), ${warnings} warning(s)`);
process.exit(errors + warnings > 0 ? 1 : 0);
