// Benchmark of the command setu-validate (not a test): whole processes on this machine, in one run, against libxml2.
//  - `setu-validate --type Timecard FILE` against `xmllint --noout --schema Timecard.xsd FILE` on a valid Timecard
//    of ~1 MB and ~5 MB in XML, for the one file the site publishes (built here with src/plugins/validator/command/bundle.mjs)
//    and for the bin of a clone (src/plugins/validator/command/setu-validate.mjs); the same command on ~5 MB of JSON.
//  - Runs alternate between the programs (machine speed drifts); each figure is the median of the runs, with the
//    lowest and highest; the ratio is the command's median over xmllint's.
// The XSD is SETU's published Timecard.xsd, for this comparison only: it is read from ../shared/reference/published/
// beside the repository (or SETU_PUBLISHED_DIR); without it, or without xmllint, the comparison is skipped and said
// so, and the command is timed alone.
// Every timed process (the command and xmllint alike) runs without NODE_EXTRA_CA_CERTS: where the environment sets it
// (this sandbox points it at the system's ~200 certificates), Node parses those certificates at every start, ~70 ms
// that no process here needs (none makes a TLS connection) and xmllint does not pay. The printed JSON says so, and
// keeps one figure under the unchanged environment (the published file on 1 MB) so that the machine's own is seen.
// Prints one JSON object. Usage: node scripts/bench-command.mjs [--runs 9]
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {root} from '../src/build/paths.mjs';
import {timecardOf} from './lib/bench-messages.mjs';
import {buildValidatorCommand} from '../src/plugins/validator/command/bundle.mjs';

const argv = process.argv.slice(2);
const runsIndex = argv.indexOf('--runs');
const runs = Math.max(3, Number(runsIndex >= 0 ? argv[runsIndex + 1] : (process.env.BENCH_RUNS ?? 9)));
const publishedDir = process.env.SETU_PUBLISHED_DIR ?? path.resolve(root, '..', 'shared', 'reference', 'published');
const xsd = path.join(publishedDir, 'purchase-to-pay-2.0', 'Timecard.xsd');
const hasXmllint = spawnSync('xmllint', ['--version'], {encoding: 'utf8'}).status === 0;
const skipped = !fs.existsSync(xsd)
  ? `no published XSD at ${xsd} (set SETU_PUBLISHED_DIR to SETU's published files)`
  : !hasXmllint
    ? 'xmllint is not installed (Debian: libxml2-utils)'
    : null;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const round = (x) => Math.round(x);

/** What the timed processes run without, and why (see the top of this file). */
const removedFromEnvironment = process.env.NODE_EXTRA_CA_CERTS === undefined ? [] : ['NODE_EXTRA_CA_CERTS'];
const quietEnv = {...process.env};
for (const name of removedFromEnvironment) delete quietEnv[name];

/** Times one run of a process: wall milliseconds; its exit status must be `expected`. */
function timeRun(/** @type {string} */ command, /** @type {string[]} */ args, expected = 0, env = quietEnv) {
  const started = process.hrtime.bigint();
  const result = spawnSync(command, args, {encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env});
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== expected)
    throw new Error(`${command} ${args.join(' ')} exited with ${result.status}: ${result.stderr || result.stdout}`);
  return ms;
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'setu-bench-command-'));
try {
  const published = path.join(dir, 'setu-validate.mjs');
  await buildValidatorCommand(published);
  const bin = path.join(root, 'src', 'plugins', 'validator', 'command', 'setu-validate.mjs');
  const mb = 1024 * 1024;
  const files = {
    xml1MB: path.join(dir, 'timecard-1mb.xml'),
    xml5MB: path.join(dir, 'timecard-5mb.xml'),
    json5MB: path.join(dir, 'timecard-5mb.json'),
  };
  fs.writeFileSync(files.xml1MB, timecardOf(mb, 'xml'));
  fs.writeFileSync(files.xml5MB, timecardOf(5 * mb, 'xml'));
  fs.writeFileSync(files.json5MB, timecardOf(5 * mb, 'json'));
  // A first run of each, not timed: the bin generates what a clone lacks, the file system caches the files.
  timeRun(process.execPath, [bin, '--type', 'Timecard', files.xml1MB]);

  /** @type {Record<string, [string, string[]]>} */
  const programs = {
    publishedFile: [process.execPath, [published, '--type', 'Timecard']],
    bin: [process.execPath, [bin, '--type', 'Timecard']],
    ...(skipped ? {} : {xmllint: ['xmllint', ['--noout', '--schema', xsd]]}),
  };
  const figures = {};
  for (const [size, file] of Object.entries(files)) {
    const names = Object.keys(programs).filter((name) => name !== 'xmllint' || size.startsWith('xml'));
    /** @type {Record<string, number[]>} */
    const samples = Object.fromEntries(names.map((name) => [name, []]));
    for (let i = 0; i < runs; i++) {
      // Alternating, in an order that changes every run.
      for (const name of i % 2 ? [...names].reverse() : names) {
        const [command, args] = programs[name];
        samples[name].push(timeRun(command, [...args, file]));
      }
    }
    const row = {characters: fs.statSync(file).size};
    for (const name of names) {
      row[name] = {
        medianMs: round(median(samples[name])),
        minMs: round(Math.min(...samples[name])),
        maxMs: round(Math.max(...samples[name])),
      };
    }
    if (samples.xmllint) {
      row.ratioPublishedFile = Math.round((median(samples.publishedFile) / median(samples.xmllint)) * 100) / 100;
      row.ratioBin = Math.round((median(samples.bin) / median(samples.xmllint)) * 100) / 100;
    }
    figures[size] = row;
  }
  // The published file on 1 MB in the environment as it is, NODE_EXTRA_CA_CERTS included: the machine's own figure.
  const asIs = removedFromEnvironment.length
    ? Array.from({length: runs}, () => timeRun(programs.publishedFile[0], [...programs.publishedFile[1], files.xml1MB], 0, process.env))
    : null;
  console.log(
    JSON.stringify(
      {
        machine: `${os.cpus().length} cores, ${os.cpus()[0]?.model ?? ''}, load average ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}`,
        node: process.version,
        xmllint: skipped ? null : spawnSync('xmllint', ['--version'], {encoding: 'utf8'}).stderr.split('\n')[0],
        xsd: skipped ? null : xsd,
        comparison: skipped ? `skipped: ${skipped}` : 'ratio = median of the command / median of xmllint --noout --schema Timecard.xsd',
        runs,
        environment: removedFromEnvironment.length
          ? {
              removed: removedFromEnvironment,
              why: 'it makes Node parse the certificates it names at every start (~70 ms here); no timed process makes a TLS connection, and xmllint never reads it',
              publishedFile1MBMedianMsAsIs: round(median(/** @type {number[]} */ (asIs))),
            }
          : {removed: []},
        figures,
      },
      null,
      2,
    ),
  );
} finally {
  fs.rmSync(dir, {recursive: true, force: true});
}
