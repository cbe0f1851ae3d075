// The command setu-validate: checks message files with the validator page's engine (../engine/, bound to the
// generated validators by validate-text.mjs, exactly as the page's Web Worker is), and reports as compilers do.
// Run as the package's bin in a clone (setu-validate.mjs) and as the one file the site publishes (published.mjs,
// bundled by bundle.mjs).
import fs from 'node:fs';
import {isAscii} from 'node:buffer';
import {parseArgs} from 'node:util';
import {generatedDeps, validateWith} from '../engine/validate-text.mjs';
import {blankResult} from '../engine/check.mjs';
import {specsHash} from '../../../../generated/validator/catalog.mjs';
import {siteUrl} from '../../../data/site.mjs';
import {reportOf, summaryLine} from './reports.mjs';
import {version as commandVersion} from './version.mjs';

/** @typedef {import('../../../../generated/validator/catalog.mjs').MessageType} MessageType */
/** @typedef {import('./reports.mjs').FileReport} FileReport */

/** Files above this size are not read, as on the page (whose checker stops at 50 million characters). */
const maxFileBytes = 50 * 1024 * 1024;

const usage = `Usage: setu-validate [options] FILE...

Checks SETU messages, JSON or XML, as the validator page ${siteUrl}/docs/validator does: the message type
and version of each file are detected as there, or fixed with --type and --standard-version. FILE "-" reads standard input.

Options:
  -t, --type NAME      check every file as this message type (Timecard, PlanningRequest, …; --list names them)
      --standard-version X.Y
                       the version of the standard: with --type where versions share the name (PlanningRequest);
                       alone, a file's type is detected among the messages of that version (--version X.Y, its
                       older form, still works where a version such as 1.0 follows it)
      --version        print setu-validate's own version, then exit (also when a file follows it)
      --no-rules       skip the business rules (Planning and Scheduling)
  -f, --format FORMAT  text (the default): FILE:LINE:COLUMN: error|warning|note: message [rule] (path),
                       then a verdict per file and a summary line; json; or junit (a JUnit XML test report)
      --list           list the message types and versions, then exit
  -h, --help           show this help, then exit

Exit status: 0 every file is valid (warnings allowed), 1 a file is not valid, 2 a usage error or a file that
cannot be read.`;

/**
 * @typedef {object} Io
 * @property {(text: string) => void} out standard output
 * @property {(text: string) => void} err standard error
 * @property {() => AsyncIterable<Buffer | string>} stdin
 */

/** An error in the command line: it names the problem, and the command exits with 2 without checking anything. */
class UsageError extends Error {}

const mb = (/** @type {number} */ bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** What a file name says its text is, as on the page. */
const formatOfName = (/** @type {string} */ name) => (/\.xml$/i.test(name) ? 'xml' : /\.json$/i.test(name) ? 'json' : 'auto');

/**
 * The text of a file as the page reads an opened file into its input: decoded as UTF-8 (a byte order mark dropped,
 * undecodable bytes as U+FFFD, which the check reports as binary data), with the line breaks a text field keeps (CR LF
 * and CR become LF).
 */
function textOf(/** @type {Buffer} */ bytes) {
  // ASCII (most messages) reads the same as Latin-1, which Node copies without decoding: ~3 ms less on 1 MB.
  let text = bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
}

/** Standard input, up to the size limit: beyond it nothing more is kept. */
async function readStdin(/** @type {Io['stdin']} */ stdin) {
  /** @type {Buffer[]} */
  const chunks = [];
  let size = 0;
  for await (const chunk of stdin()) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += bytes.length;
    if (size > maxFileBytes) return {tooLarge: size};
    chunks.push(bytes);
  }
  return {bytes: Buffer.concat(chunks)};
}

/**
 * The message type names a --type and --standard-version choose: a type of the catalog by its name (`PlanningRequest 1.0`),
 * or by its schema and version (`PlanningRequest` with `1.0`).
 * @param {MessageType[]} types
 * @param {string | undefined} name
 * @param {string | undefined} version
 * @param {string} versionOption the option that gave `version`, as the user named it (`--standard-version`, `--version`)
 * @returns {{type: string, types: MessageType[]}} the type to check against ("auto": detect) and the catalog to detect in
 */
function chooseType(types, name, version, versionOption) {
  const versions = [...new Set(types.map((t) => t.version))].sort();
  if (version !== undefined && !versions.includes(version))
    throw new UsageError(`${versionOption} ${version}: no standard has version ${version} (the versions are ${versions.join(', ')})`);
  if (name === undefined) return {type: 'auto', types: version === undefined ? types : types.filter((t) => t.version === version)};
  const exact = types.find((t) => t.name === name);
  if (exact) {
    if (version !== undefined && exact.version !== version)
      throw new UsageError(`--type ${name} is a message of version ${exact.version}, not ${version}`);
    return {type: exact.name, types};
  }
  const bySchema = types.filter((t) => t.schema.toLowerCase() === name.toLowerCase() || t.name.toLowerCase() === name.toLowerCase());
  const chosen = (version === undefined ? bySchema : bySchema.filter((t) => t.version === version)).sort((a, b) =>
    a.version.localeCompare(b.version, 'en', {numeric: true}),
  );
  if (chosen.length === 1) return {type: chosen[0].name, types};
  if (chosen.length > 1)
    throw new UsageError(
      `--type ${name} exists in several versions (${chosen.map((t) => `${t.standard} ${t.version}`).join(', ')}): add --standard-version ${chosen.map((t) => t.version).join(' or --standard-version ')}`,
    );
  if (bySchema.length > 0)
    throw new UsageError(`--type ${name} has no version ${version} (it has ${bySchema.map((t) => t.version).join(', ')})`);
  const close = types.filter(
    (t) => t.schema.toLowerCase().includes(name.toLowerCase()) || name.toLowerCase().includes(t.schema.toLowerCase()),
  );
  throw new UsageError(
    `--type ${name} is not a message type${close.length ? ` (did you mean ${[...new Set(close.map((t) => t.schema))].join(' or ')}?)` : ''}; --list names them`,
  );
}

/** The message types, one per line, for --list. */
function listOf(/** @type {MessageType[]} */ types) {
  const width = Math.max(...types.map((t) => t.name.length));
  return types
    .map(
      (t) =>
        `${t.name.padEnd(width)}  ${t.standard} ${t.version}${t.alternatives.length ? ` (either of ${t.alternatives.join(', ')})` : ''}${t.xml ? '' : ', JSON only'}`,
    )
    .join('\n');
}

/**
 * Runs the command.
 * @param {string[]} args the arguments, without node and the script
 * @param {Io} io
 * @returns {Promise<number>} the exit status
 */
export async function main(args, io) {
  try {
    return await run(args, io);
  } catch (error) {
    if (error instanceof UsageError || (error instanceof Error && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))) {
      io.err(`setu-validate: ${error.message}\nTry 'setu-validate --help'.\n`);
      return 2;
    }
    // Never a stack trace: the command says what failed.
    io.err(`setu-validate: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
}

/** A version of a standard as --version took it before --standard-version: digits and dots (`1.0`, `2.0`). */
const standardVersionLike = /^\d+(\.\d+)*$/;

/**
 * The arguments with `--version` read as other commands read it: the command's own version, unless a version of a
 * standard follows it (`--version 1.0`, or `--version=1.0`), the older form of --standard-version, which it becomes.
 * A file after it (`--version tc.json`), or nothing, asks for the command's version.
 * @param {string[]} args
 * @returns {{args: string[], ownVersion: boolean, versionOption: string}} `versionOption`: how the user named the
 *   standard's version, for the messages that name it
 */
function readVersionOption(args) {
  const out = [];
  let ownVersion = false;
  let versionOption = '--standard-version';
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--') {
      out.push(...args.slice(i));
      break;
    }
    if (arg === '--version' && standardVersionLike.test(args[i + 1] ?? '')) {
      out.push('--standard-version', args[++i]);
      versionOption = '--version';
    } else if (arg === '--version') ownVersion = true;
    else if (arg.startsWith('--version=')) {
      out.push(`--standard-version=${arg.slice('--version='.length)}`);
      versionOption = '--version';
    } else out.push(arg);
  }
  return {args: out, ownVersion, versionOption};
}

/** @param {string[]} commandLine @param {Io} io */
async function run(commandLine, io) {
  const {args, ownVersion, versionOption} = readVersionOption(commandLine);
  if (ownVersion) {
    io.out(`setu-validate ${commandVersion}\n`);
    return 0;
  }
  const {values, positionals} = parseArgs({
    args,
    allowPositionals: true,
    options: {
      type: {type: 'string', short: 't'},
      'standard-version': {type: 'string'},
      'no-rules': {type: 'boolean'},
      format: {type: 'string', short: 'f', default: 'text'},
      list: {type: 'boolean'},
      help: {type: 'boolean', short: 'h'},
    },
  });
  if (values.help) {
    io.out(`${usage}\n\nsetu-validate ${commandVersion}; validators generated from the specifications with hash ${specsHash}.\n`);
    return 0;
  }
  const format = /** @type {string} */ (values.format);
  if (!['text', 'json', 'junit'].includes(format)) throw new UsageError(`--format ${format}: the formats are text, json and junit`);
  if (values.list) {
    io.out(`${listOf(generatedDeps.messageTypes)}\n`);
    return 0;
  }
  if (positionals.length === 0) throw new UsageError('no file to check: name one or more files, or - for standard input');
  const {type, types} = chooseType(generatedDeps.messageTypes, values.type, values['standard-version'], versionOption);
  const deps = {...generatedDeps, messageTypes: types, rules: values['no-rules'] ? undefined : generatedDeps.rules};

  // Every file must exist and be a file before anything is checked.
  const problems = [];
  let stdinCount = 0;
  for (const file of positionals) {
    if (file === '-') {
      stdinCount++;
      continue;
    }
    try {
      const stat = fs.statSync(file);
      if (stat.isDirectory()) problems.push(`${file} is a directory: name the message files in it (for example ${file}/*.xml)`);
      else if (!stat.isFile()) problems.push(`${file} is not a regular file`);
    } catch (error) {
      const code = error instanceof Error && 'code' in error ? error.code : '';
      problems.push(code === 'ENOENT' ? `${file}: no such file` : `${file}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (stdinCount > 1) problems.push('- (standard input) can be named once');
  if (problems.length) throw new UsageError(problems.join('\nsetu-validate: '));

  /** @type {FileReport[]} */
  const reports = [];
  for (const file of positionals) {
    const report = await checkFile(file, type, deps, io);
    reports.push(report);
    if (format === 'text') io.out(reportOf([report], 'text'));
  }
  if (format === 'text') io.out(`${summaryLine(reports)}\n`);
  else io.out(reportOf(reports, format));
  return reports.some((r) => r.unreadable) ? 2 : reports.some((r) => !r.result?.valid) ? 1 : 0;
}

/**
 * Reads and checks one file (or standard input).
 * @param {string} file
 * @param {string} type
 * @param {import('../engine/check.mjs').CheckDeps} deps
 * @param {Io} io
 * @returns {Promise<FileReport>}
 */
async function checkFile(file, type, deps, io) {
  const name = file === '-' ? '<stdin>' : file;
  /** @type {Buffer} */
  let bytes;
  try {
    if (file === '-') {
      const read = await readStdin(io.stdin);
      if (read.tooLarge) return tooLarge(name, `more than ${mb(maxFileBytes)}`, type);
      bytes = /** @type {Buffer} */ (read.bytes);
    } else {
      // The size first: a file too large to check is never read.
      const size = fs.statSync(file).size;
      if (size > maxFileBytes) return tooLarge(name, mb(size), type);
      if (size < overlappedFrom) bytes = fs.readFileSync(file);
      else {
        const reading = readWhile(file, size);
        if (type !== 'auto') prepare(deps, type);
        bytes = await reading;
      }
    }
  } catch (error) {
    return {file: name, result: null, unreadable: `cannot be read: ${error instanceof Error ? error.message : String(error)}`};
  }
  try {
    const result = validateWith(deps, textOf(bytes), type, {format: file === '-' ? 'auto' : formatOfName(file)});
    return {file: name, result, unreadable: null};
  } catch (error) {
    return {file: name, result: null, unreadable: `could not be checked: ${error instanceof Error ? error.message : String(error)}`};
  }
}

/** From this size on, a file is read on Node's thread pool while the check is prepared (see readWhile). */
const overlappedFrom = 256 * 1024;

/**
 * Reads a file of `size` bytes on Node's thread pool: the read is under way when this returns, and the caller can go on
 * working until it awaits the bytes. A file that has grown since its size was taken is read again, whole.
 * @param {string} file
 * @param {number} size
 * @returns {Promise<Buffer>}
 */
export function readWhile(file, size) {
  // Opened here, not on the thread pool: the read must be sent before the caller's work, not after it.
  const fd = fs.openSync(file, 'r');
  const bytes = Buffer.allocUnsafe(size);
  return new Promise((resolve, reject) => {
    const done = (/** @type {unknown} */ error, /** @type {Buffer} */ result) => {
      fs.closeSync(fd);
      if (error) reject(error);
      else resolve(result);
    };
    const readFrom = (/** @type {number} */ at) =>
      fs.read(fd, bytes, at, size - at, at, (error, count) => {
        if (error) return done(error, bytes);
        if (count > 0 && at + count < size) return readFrom(at + count);
        const end = at + count;
        // Shorter than its size (it shrank), or longer (one more byte is there): as it is now.
        if (end < size || fs.readSync(fd, Buffer.alloc(1), 0, 1, size) > 0) return done(null, fs.readFileSync(file));
        done(null, bytes);
      });
    readFrom(0);
  });
}

/**
 * Makes what checking a message as `type` needs before its text is there, while readWhile reads it: the type's
 * validator and its alternatives' (inflated and compiled, in the one file) and its spec's schemas (parsed). In a run
 * that checks 1 MB, that is 5–10 ms that no longer wait for the read.
 * @param {import('../engine/check.mjs').CheckDeps} deps
 * @param {string} type
 */
function prepare(deps, type) {
  const chosen = deps.messageTypes.find((t) => t.name === type);
  if (!chosen) return;
  for (const name of [chosen.name, ...chosen.alternatives]) void deps.validators[name];
  void deps.schemas[chosen.file];
}

/**
 * The verdict on a file too large to read, in the words of the page's own limit.
 * @param {string} file
 * @param {string} size
 * @param {string} type
 * @returns {FileReport}
 */
function tooLarge(file, size, type) {
  return {
    file,
    unreadable: null,
    result: {
      ...blankResult({format: formatOfName(file) === 'xml' ? 'xml' : 'json', detected: type === 'auto', characters: 0}),
      status: 'too-large',
      summary: `The file is ${size}; the validator checks messages of up to ${mb(maxFileBytes)}.`,
      fieldLinks: [],
    },
  };
}
