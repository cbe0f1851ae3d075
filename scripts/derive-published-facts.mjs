// Derives the facts of every message's form from SETU's published files (the XSDs and JSON Schemas of
// setu-standards/xml-specifications, see their SOURCES.md) and commits them as data in src/data/published-forms/:
//
//   <standardSlug>-<version>/<Message>.xml-form.json   the XSD's elements: path, place in the sequence, occurrences,
//                                                      datatype (through restrictions), codes; namespace
//   <standardSlug>-<version>/<Message>.json-form.json  the JSON Schema's fields: type, required, list bounds, format,
//                                                      pattern, codes; one form per distinct published JSON Schema,
//                                                      the one the spec follows first
//   xsd-verdicts.json                                  the XSD's verdict (xmllint) on every message of the corpus of
//                                                      scripts/lib/xsd-corpus.mjs
//   business-rules.json                                per version, its Schematron files (`*_BRs_v*.xml`) and the
//                                                      business rules each of its messages and line bodies is under
//
// Facts only: no annotation or description text. Each file names its source files and SETU's commit. The output is
// stable: a second run changes nothing. Run it when SETU publishes a new version, or when the corpus changed (an
// example or a spec): `node scripts/derive-published-facts.mjs [--from DIR]`, DIR being the folder of the published
// files (default: ../shared/reference/published beside the repository). Needs xmllint (Debian libxml2-utils).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {execFileSync} from 'node:child_process';
import yaml from 'js-yaml';
import {apis} from '../src/data/registry.mjs';
import {root, shown} from '../src/build/paths.mjs';
import {messageOf} from '../src/build/errors.mjs';
import {
  xsdFactsOf,
  bundleJsonSchema,
  jsonFactsOf,
  factsDir,
  factsFolderOf,
  schematronRulesOf,
  rulesFor,
} from '../src/build/published-forms.mjs';
import {xsdCorpus, corpusDigest} from './lib/xsd-corpus.mjs';

const repository = 'setu-standards/xml-specifications';

/**
 * Where a message has several published JSON Schemas whose facts differ, the one the spec follows (its x-deviations are
 * written against it) comes first. Inquiry Pay Equity 1.0 publishes the message schema in two layouts, each as JSON and
 * YAML; the published OpenAPI file refers to the "venetian blind" YAML file.
 */
const followed = {'inquiry-pay-equity-1.0/InquiryPayEquity': 'InquiryPayEquity-venetian-blind-v1.0.yml'};

/** The file of a published message schema, by its name: `PlanningRequest_v1.0.yml` -> PlanningRequest. */
const messageOfFile = (/** @type {string} */ file) =>
  path
    .basename(file)
    .replace(/\.(ya?ml|json)$/, '')
    .replace(/[-_]v\d+(\.\d+)*$/, '')
    .replace(/-venetian-blind$/, '');

/** @param {string[]} argv */
function optionsOf(argv) {
  let from = path.resolve(root, '..', 'shared', 'reference', 'published');
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--from' && argv[i + 1]) from = path.resolve(argv[++i]);
    else throw new Error(`unknown argument ${argv[i]} (usage: node scripts/derive-published-facts.mjs [--from DIR])`);
  }
  return {from};
}

/** The commit and the source path of every file, from SOURCES.md. */
function sourcesOf(/** @type {string} */ from) {
  const file = path.join(from, 'SOURCES.md');
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: it names SETU's commit and the source path of each file`);
  const text = fs.readFileSync(file, 'utf8');
  const commit = /commit `([0-9a-f]{40})`/.exec(text)?.[1];
  if (!commit) throw new Error(`${file}: no commit \`<40 hex digits>\``);
  /** @type {Map<string, string>} */
  const paths = new Map();
  for (const m of text.matchAll(/^\| `([^`]+)` \| `([^`]+)` \|$/gm)) paths.set(m[1], m[2]);
  return {commit, paths};
}

/** Every file under a folder, relative to it, in name order. */
function filesIn(/** @type {string} */ dir, prefix = '') {
  return fs
    .readdirSync(path.join(dir, prefix), {withFileTypes: true})
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((d) => (d.isDirectory() ? filesIn(dir, path.join(prefix, d.name)) : [path.join(prefix, d.name)]));
}

/** JSON with one line per value that fits in 400 characters: one per element or field, so that a change shows as a line. */
function json(/** @type {unknown} */ value) {
  const write = (/** @type {unknown} */ v, /** @type {string} */ indent) => {
    const flat = JSON.stringify(v);
    if (flat.length <= 400 || v === null || typeof v !== 'object') return flat;
    const inner = `${indent} `;
    if (Array.isArray(v)) return `[\n${v.map((x) => inner + write(x, inner)).join(',\n')}\n${indent}]`;
    return `{\n${Object.entries(v)
      .map(([k, x]) => `${inner}${JSON.stringify(k)}: ${write(x, inner)}`)
      .join(',\n')}\n${indent}}`;
  };
  return `${write(value, '')}\n`;
}

function derive(/** @type {string} */ from) {
  if (!fs.existsSync(from) || !fs.statSync(from).isDirectory())
    throw new Error(
      `no folder ${from}: SETU's published files (XSDs and JSON Schemas, with SOURCES.md) are not there. Give their folder with --from DIR.`,
    );
  const {commit, paths} = sourcesOf(from);
  /** @type {Map<string, string>} file under src/data/published-forms -> content */
  const out = new Map();
  /** @type {Map<string, string>} `<folder>/<Message>` -> its XSD */
  const xsdFiles = new Map();
  /** @type {Record<string, any>} per folder, its Schematron files and the rules of its messages (business-rules.json) */
  const businessRules = {};
  const source = (/** @type {string} */ local) => {
    const file = paths.get(local);
    if (!file) throw new Error(`${path.join(from, 'SOURCES.md')} does not name the source of ${local}`);
    return {repository, commit, file};
  };
  const folders = fs
    .readdirSync(from, {withFileTypes: true})
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  for (const folder of folders) {
    const api = apis.find((a) => factsFolderOf(a) === folder);
    if (!api) throw new Error(`${path.join(from, folder)}: no API version with standardSlug-version "${folder}" in src/data/apis.json`);
    const dir = path.join(from, folder);
    const files = filesIn(dir);
    const known = (/** @type {string} */ message, /** @type {string} */ file) => {
      if (!api.messageTypes.includes(message))
        throw new Error(`${path.join(dir, file)}: "${message}" is not a message type of ${api.id} in src/data/apis.json`);
    };
    /** @type {Map<string, {sources: any[], fields: any[], followed: boolean}[]>} */
    const jsonForms = new Map();
    const cache = new Map();
    const load = (/** @type {string} */ file) => {
      if (!cache.has(file)) {
        const text = fs.readFileSync(path.join(dir, file), 'utf8');
        cache.set(file, file.endsWith('.json') ? JSON.parse(text) : yaml.load(text));
      }
      return cache.get(file);
    };
    const addJson = (/** @type {string} */ message, /** @type {string} */ file, /** @type {string} */ pointer) => {
      known(message, file);
      const bundle = bundleJsonSchema(load, file, pointer);
      const fields = jsonFactsOf(bundle.components, bundle.message);
      const forms = jsonForms.get(message) ?? [];
      const same = forms.find((f) => JSON.stringify(f.fields) === JSON.stringify(fields));
      const isFollowed = followed[/** @type {keyof typeof followed} */ (`${folder}/${message}`)] === path.basename(file);
      const local = path.join(folder, file);
      if (same) {
        same.sources.push(source(local));
        same.followed ||= isFollowed;
      } else forms.push({sources: [source(local)], fields, followed: isFollowed});
      jsonForms.set(message, forms);
    };
    for (const file of files) {
      const full = path.join(dir, file);
      if (file.endsWith('.xsd')) {
        const facts = xsdFactsOf(fs.readFileSync(full, 'utf8'), shown(full));
        known(facts.root, file);
        xsdFiles.set(`${folder}/${facts.root}`, full);
        out.set(
          path.join(folder, `${facts.root}.xml-form.json`),
          json({
            $comment:
              "Facts of the XML form of the message, derived from SETU's published XSD by scripts/derive-published-facts.mjs; do not edit.",
            source: source(path.join(folder, file)),
            message: facts.root,
            ...facts,
          }),
        );
      } else if (/\.(ya?ml|json)$/.test(file) && !file.startsWith(`components${path.sep}`)) {
        const document = load(file);
        if (document.openapi) {
          // An OpenAPI file: its message schemas are the components that are message types.
          for (const name of Object.keys(document.components?.schemas ?? {})
            .filter((n) => api.messageTypes.includes(n))
            .sort())
            addJson(name, file, `/components/schemas/${name}`);
        } else addJson(messageOfFile(file), file, '');
      } else if (!/\.(ya?ml|json)$/.test(file) && !/_BRs_v[\d.]+\.xml$/.test(file)) {
        throw new Error(`${full}: not an XSD, a JSON Schema or a Schematron file; the derivation does not know what it is`);
      }
    }
    businessRules[folder] = rulesOfFolder(dir, files, source, load, known);
    for (const [message, forms] of jsonForms) {
      if (forms.length > 1 && !forms.some((f) => f.followed))
        throw new Error(
          `${folder}/${message}: ${forms.length} published JSON Schemas differ; name the one the spec follows in \`followed\``,
        );
      forms.sort((a, b) => Number(b.followed) - Number(a.followed));
      out.set(
        path.join(folder, `${message}.json-form.json`),
        json({
          $comment:
            "Facts of the JSON form of the message, derived from SETU's published JSON Schemas by scripts/derive-published-facts.mjs; do not edit. One form per distinct set of facts; the first is the one the spec follows.",
          message,
          forms: forms.map(({sources, fields}) => ({sources, fields})),
        }),
      );
    }
  }
  out.set(
    'business-rules.json',
    json({
      $comment:
        "Which of SETU's published business rules (its Schematron files, `*_BRs_v*.xml`) each message of each version is under, derived by scripts/derive-published-facts.mjs; do not edit. Per version: `schematron`, the files it publishes (none: SETU publishes no business rules for it); `messages`, each message or line body under rules, with the file and the rules (number and the flag of their assertions). A line body is under the rules of its message whose context is its line element (`element`), or inside it.",
      versions: businessRules,
    }),
  );
  return {commit, out, xsdFiles};
}

/**
 * The business rules of a version's messages, from its Schematron files: a message `<M>_BRs_v*.xml` names is under
 * the rules whose context is the message or inside it; a line body published below a message's folder
 * (`…/PlanningRequest/PlanningRequestLines/RequestedPeriodicPlanningLine.yml`) is under that message's rules whose
 * context is its line element (its schema's one property) or inside it.
 * @param {string} dir the version's folder of published files
 * @param {string[]} files its files
 * @param {(local: string) => {repository: string, commit: string, file: string}} source
 * @param {(file: string) => any} load a JSON Schema file, parsed
 * @param {(message: string, file: string) => void} known throws unless the message is one of the version's
 */
function rulesOfFolder(dir, files, source, load, known) {
  const folder = path.basename(dir);
  const schematron = files.filter((f) => /_BRs_v[\d.]+\.xml$/.test(f));
  /** @type {Map<string, {source: any, rules: import('../src/build/published-forms.mjs').SchematronRule[]}>} */
  const byMessage = new Map();
  for (const file of schematron) {
    const message = path.basename(file).replace(/_BRs_v[\d.]+\.xml$/, '');
    known(message, file);
    byMessage.set(message, {
      source: source(path.join(folder, file)),
      rules: schematronRulesOf(fs.readFileSync(path.join(dir, file), 'utf8'), shown(path.join(dir, file))),
    });
  }
  const listed = (/** @type {import('../src/build/published-forms.mjs').SchematronRule[]} */ rules) =>
    rules.map((r) => ({number: r.number, flags: r.flags}));
  /** @type {Record<string, any>} */
  const messages = {};
  for (const [message, {source: from, rules}] of byMessage) messages[message] = {source: from, rules: listed(rulesFor(rules, message))};
  for (const file of files.filter((f) => /\.ya?ml$/.test(f) && !f.startsWith(`components${path.sep}`))) {
    const message = messageOfFile(file);
    if (byMessage.has(message)) continue;
    const parent = path.basename(path.dirname(path.dirname(source(path.join(folder, file)).file)));
    const of = byMessage.get(parent);
    if (!of) continue;
    known(message, file);
    const properties = Object.keys(load(file).properties ?? {});
    if (properties.length !== 1)
      throw new Error(`${path.join(dir, file)}: a line body of ${parent} with ${properties.length} properties, not its one line element`);
    const [element] = properties;
    messages[message] = {source: of.source, message: parent, element, rules: listed(rulesFor(of.rules, parent, element))};
  }
  return {
    schematron: schematron.map((f) => source(path.join(folder, f))),
    messages: Object.fromEntries(Object.entries(messages).sort(([a], [b]) => (a < b ? -1 : 1))),
  };
}

/**
 * An XSD with the defects repaired that the specs repair too (each is an x-deviations entry of the spec, which
 * tests/unit/published-forms.test.mjs finds for every difference between the spec and the XSD facts):
 * - a code list that ends in a placeholder (`[other]`, `[Any other value]`): a validator takes the placeholder
 *   literally, so no other code passes; the specs accept any text there;
 * - a wildcard (`xs:any`) without processContents, so strict: it accepts only elements declared globally, of which
 *   the XSD has one, the root; the specs accept any elements of the message's namespace there, with any content, as the
 *   JSON form accepts any properties.
 * @param {string} text
 */
function repairedXsd(text) {
  return text
    .replace(/<xs:restriction base="([^"]+)">((?:\s*<xs:enumeration value="[^"]*"\s*\/>)+)\s*<\/xs:restriction>/g, (all, base, codes) =>
      /value="\[[^"]*\]"/.test(codes) ? `<xs:restriction base="${base}"/>` : all,
    )
    .replace(/<xs:any(?![^>]*(?:processContents|namespace))/g, '<xs:any namespace="##targetNamespace" processContents="lax"');
}

/** xmllint's verdict on each file under an XSD: [valid, its first error]. */
function judge(/** @type {string} */ xsd, /** @type {string[]} */ files, /** @type {string[]} */ ids) {
  let output = '';
  try {
    output = execFileSync('xmllint', ['--noout', '--schema', xsd, ...files], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 1 << 28,
    });
  } catch (error) {
    const e = /** @type {{stderr?: string, status?: number, code?: string}} */ (error);
    if (e.code === 'ENOENT') throw new Error('xmllint is not installed (Debian: apt-get install libxml2-utils)', {cause: error});
    output = e.stderr ?? '';
    // 3: a file fails to validate; anything else is xmllint's own failure.
    if (e.status !== 3) throw new Error(`xmllint failed (${e.status}) on ${xsd}: ${output.slice(0, 400)}`, {cause: error});
  }
  const lines = output.split('\n');
  return files.map((file, i) => {
    const failed = lines.includes(`${file} fails to validate`);
    if (!failed && !lines.includes(`${file} validates`)) throw new Error(`xmllint gave no verdict on ${ids[i]}:\n${output.slice(0, 400)}`);
    const first = lines.find((l) => l.startsWith(`${file}:`)) ?? '';
    const error = first
      .replace(`${file}:`, 'line ')
      .replace(/\{https?:[^}]*\}/g, '')
      .replace(/ element \S+: Schemas validity error :/, '');
    return /** @type {[boolean, string]} */ ([!failed, error.length > 200 ? `${error.slice(0, 199)}…` : error]);
  });
}

/** The XSD's verdict on every message of the corpus, by xmllint, with the facts just derived. */
function verdicts(/** @type {string} */ commit, /** @type {Map<string, string>} */ out, /** @type {Map<string, string>} */ xsdFiles) {
  const factsOf = (/** @type {any} */ api, /** @type {string} */ message) => {
    const text = out.get(path.join(factsFolderOf(api), `${message}.xml-form.json`));
    return text ? JSON.parse(text) : null;
  };
  const items = xsdCorpus(factsOf);
  /** @type {Map<string, typeof items>} */
  const groups = new Map();
  for (const item of items) {
    const key = `${item.api}/${item.message}`;
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  /** @type {Map<string, {valid: boolean, error?: string, repaired?: boolean}>} */
  const verdictOf = new Map();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'setu-xsd-corpus-'));
  try {
    for (const group of groups.values()) {
      const api = /** @type {import('../src/data/registry.mjs').ApiVersion} */ (apis.find((a) => a.id === group[0].api));
      const xsd = /** @type {string} */ (xsdFiles.get(`${factsFolderOf(api)}/${group[0].message}`));
      const repaired = path.join(work, 'repaired.xsd');
      fs.writeFileSync(repaired, repairedXsd(fs.readFileSync(xsd, 'utf8')));
      const files = group.map((item, i) => {
        const file = path.join(work, `${i}.xml`);
        fs.writeFileSync(file, item.xml);
        return file;
      });
      const ids = group.map((item) => item.id);
      const published = judge(xsd, files, ids);
      const afterRepairs = judge(repaired, files, ids);
      group.forEach((item, i) => {
        const [valid, error] = published[i];
        const [validAfterRepairs, errorAfterRepairs] = afterRepairs[i];
        verdictOf.set(item.id, {
          valid,
          ...(valid ? {} : {error}),
          ...(validAfterRepairs !== valid ? {repaired: validAfterRepairs} : {}),
          // The first error where it is another once the defects are repaired: an error the repairs remove came first.
          ...(!validAfterRepairs && errorAfterRepairs !== error ? {repairedError: errorAfterRepairs} : {}),
        });
      });
    }
  } finally {
    fs.rmSync(work, {recursive: true, force: true});
  }
  return json({
    $comment:
      "The verdict of SETU's published XSDs (xmllint --schema) on each XML message of the corpus of scripts/lib/xsd-corpus.mjs, recorded by scripts/derive-published-facts.mjs; do not edit. `valid`: the verdict; `error`: the first error; `repaired`: the verdict of the XSD with the defects repaired that the specs repair too (repairedXsd), where it differs; `repairedError`: that XSD's first error, where it is another. `sha`: the first 16 hex digits of the SHA-256 of the message; `digest`: of all ids and shas.",
    commit,
    digest: corpusDigest(items),
    items: items.map((item) => ({id: item.id, sha: item.sha, ...verdictOf.get(item.id)})),
  });
}

try {
  const {from} = optionsOf(process.argv.slice(2));
  const {commit, out, xsdFiles} = derive(from);
  out.set('xsd-verdicts.json', verdicts(commit, out, xsdFiles));
  // Only the derived files: stale ones (a message SETU no longer publishes) go.
  const existing = fs.existsSync(factsDir) ? filesIn(factsDir) : [];
  for (const file of existing) if (!out.has(file)) fs.rmSync(path.join(factsDir, file));
  let changed = 0;
  for (const [file, content] of out) {
    const full = path.join(factsDir, file);
    fs.mkdirSync(path.dirname(full), {recursive: true});
    if (!fs.existsSync(full) || fs.readFileSync(full, 'utf8') !== content) {
      fs.writeFileSync(full, content);
      changed++;
    }
  }
  const corpus = JSON.parse(/** @type {string} */ (out.get('xsd-verdicts.json'))).items;
  console.log(
    `[derive-published-facts] ${out.size} files in ${shown(factsDir)} (${changed} changed) from ${shown(from)} at ${commit.slice(0, 7)}; ` +
      `${corpus.length} XML messages judged by the XSDs, ${corpus.filter((/** @type {any} */ i) => i.valid).length} valid`,
  );
} catch (error) {
  console.error(`\n[derive-published-facts] ${messageOf(error)}\n`);
  process.exit(1);
}
