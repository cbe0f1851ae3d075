// Generates the message dictionary (the `messages` part of `npm run generate`) into generated/message-dictionary/
// (git-ignored, like all of generated/), which the docs-plugin instance `messages` of src/plugins/message-dictionary/
// serves under /docs/messages/:
//   index.mdx                                          /docs/messages/: every dictionary message and version diff
//   <standardSlug>/<version>/<Message>.mdx              one entry per field of the message
//   <standardSlug>/<version>/<Message>/{index,<part>}.mdx   the same, split in parts where one page would be too heavy
//   <standardSlug>/changes/<from>-to-<to>.mdx           what changed between two versions, field by field (in
//                                                      pages `…/<from>-to-<to>/<n>` beyond the first where it is long)
//   _files/<standardSlug>/<version>/<Message>.*         the JSON Schema and the examples (JSON, XML), published at
//                                                      /docs/messages/files/… by src/plugins/message-dictionary/
// and generated/message-dictionary-index.mjs: where each message's fields are, for the validator's links to them.
// Why generated MDX served by a docs plugin (rather than a route plugin with a React page): the pages get the sidebar,
// breadcrumbs and search indexing of every other page for free, and Docusaurus checks every link into them. The
// entries are plain HTML-like JSX with short attributes (MDX parses large JSX attributes slowly) and one small
// component (src/plugins/message-dictionary/theme/MessageField) that registers each entry's anchor for the broken-anchor check.
// What is documented comes from the registry (src/data/apis.json: `standardSlug`, `messageTypes`), specs/ and
// src/data/message-changes/; nothing here names a message or a version.
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {root} from '../../build/paths.mjs';
import {dictionaryDir, dictionaryIndexFile} from '../../generated-dir.mjs';
import {
  dictionaryApis,
  dictionaryMessagesOf,
  messageRoute,
  messageExamples,
  messageJsonSchema,
  messageFields,
  specOf,
  versionDiffs,
  xmlOfMessage,
} from './message-dictionary.mjs';
import {collectValues} from '../../build/message-fields.mjs';
import {modelToXml} from '../validator/engine/xml-model.mjs';
import {componentNameOf} from '../../spec-refs.mjs';
import {rulesOfApi, publishedRulesOf} from '../../build/business-rules.mjs';
import {rulesStatement} from '../validator/engine/rules-statement.mjs';

export const outDir = dictionaryDir;

/**
 * @typedef {import('../../data/registry.mjs').ApiVersion} ApiVersion
 * @typedef {import('../../build/message-fields.mjs').FieldEntry} FieldEntry
 * @typedef {{slug: string | null, title: string | null, entries: FieldEntry[]}} Part a page of a message's entries: the
 *   message's page (slug and title null) or a part below it, named after the fields it holds
 * @typedef {ReturnType<typeof versionDiffs>[number]['messages'][number]} MessageDiff the changes of one message
 *
 * A message of the dictionary: its fields, and what the pages are made of (`examples` to `parts`, filled in once
 * every message's fields are known).
 * @typedef {object} Plan
 * @property {ApiVersion} api
 * @property {any} spec the OpenAPI document (specOf)
 * @property {string} message
 * @property {FieldEntry[]} entries
 * @property {ReturnType<typeof messageExamples>} examples
 * @property {ReturnType<typeof xmlOfMessage>['xml']} xml
 * @property {(entry: FieldEntry, withNotes?: boolean) => string} render an entry as MDX; `@@path@@` for a link to
 *   another field (resolved once every field's route is known)
 * @property {Part[]} parts
 */

/** Bytes of entries (MDX) per page before a message is split into parts: the page's HTML, 150 KB at most, is ~2.3× this. */
const partBudget = 40_000;

// ---------- text in MDX ----------

/** Text safe inside MDX JSX (no Markdown, no expressions). A URL in it still becomes a link (GFM autolinks). */
const esc = (text) => String(text).replace(/[&<>{}[\]*_`\\|~#!]/g, (c) => `&#${c.charCodeAt(0)};`);
/** An attribute value in double quotes. */
const attr = (text) => String(text).replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * Text to copy as it is, such as a namespace or an example URL: GFM makes a link of a URL in text (`https://…`, even
 * in code and written with character references), so one is written as a JSX string expression, which is no text.
 * The pages' twins write the string (src/plugins/markdown-twins/mdx-to-markdown.mjs).
 */
const literal = (text) => (/^[a-z][a-z\d+.-]*:\/\/[^{}]*$/i.test(String(text)) ? `{${JSON.stringify(String(text))}}` : esc(text));

/** One paragraph of the spec's (or a data file's) inline Markdown (code, links, bold) as JSX. */
function inline(para) {
  let out = '';
  let last = 0;
  const re = /`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\)|\*\*([^*]+)\*\*/g;
  for (const m of String(para).matchAll(re)) {
    out += esc(para.slice(last, m.index));
    if (m[1] !== undefined) out += `<code>${esc(m[1])}</code>`;
    else if (m[2] !== undefined) out += `<a href="${attr(m[3])}">${esc(m[2])}</a>`;
    else out += `<strong>${esc(m[4])}</strong>`;
    last = m.index + m[0].length;
  }
  return out + esc(para.slice(last));
}

/** A description with the spec's inline Markdown (code, links, bold) as JSX, paragraph by paragraph. */
function prose(text) {
  if (!text) return '';
  return String(text)
    .split(/\n\s*\n/)
    .map((para) => {
      const out = inline(para);
      return /^\s*[-|]/.test(para) ? `<p>${out.replace(/\n/g, '<br/>')}</p>` : `<p>${out.replace(/\n/g, ' ')}</p>`;
    })
    .join('');
}

/** A namespace as the dictionary writes it: as code, to copy; or that the element is in none. */
const inNamespace = (namespace) => (namespace ? `in the namespace <code>${literal(namespace)}</code>` : 'in no namespace');

const short = (value) => {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
};

// ---------- business rules ----------

/** The business rules of an API version that concern each field of a message (by the field names the rules use). */
function rulesOf(api, spec, message, entries) {
  const file = path.join(root, 'src', 'data', `${api.standardSlug}-business-rules.json`);
  if (!fs.existsSync(file)) return new Map();
  const data = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (data.version !== api.version) return new Map();
  const components = spec.components.schemas;
  const forms = [message, ...(components[message]?.oneOf ?? []).map((alt) => componentNameOf(alt.$ref))];
  const byField = new Map();
  for (const rule of data.rules) {
    if (!rule.messages.some((m) => forms.includes(m))) continue;
    const words = new Set(`${rule.where} ${rule.rule}`.match(/[A-Za-z][A-Za-z0-9]+/g) ?? []);
    for (const e of entries) {
      const name = e.name.replace('[]', '');
      if (!words.has(name) || !(/[A-Z]/.test(name) || name.length >= 8)) continue;
      if (!byField.has(e.path)) byField.set(e.path, []);
      byField.get(e.path).push(rule.number);
    }
  }
  return byField;
}

/**
 * Which of SETU's published business rules apply to the message, or that it publishes none, in the words of the
 * validator's verdicts (rules-statement.mjs), with a link to the rules where any apply.
 * @param {ApiVersion} api
 * @param {any} spec
 * @param {string} message
 */
function businessRulesParagraph(api, spec, message) {
  const components = spec.components.schemas;
  const forms = [message, ...(components[message]?.oneOf ?? []).map((alt) => componentNameOf(alt.$ref))];
  const checked = rulesOfApi(api).filter((r) => r.messages.some((m) => forms.includes(m)));
  const published = publishedRulesOf(api, message, components);
  const sentence = rulesStatement({
    schema: message,
    version: api.version,
    published,
    checked,
    checkedWords: 'checked by the message validator',
  });
  const link = checked.length ? ' <a href="/docs/planning/business-rules">The business rules</a> explains each.' : '';
  return `<p data-business-rules="${published ? published.numbers.join(' ') : ''}">${inline(sentence)}${link}</p>`;
}

// ---------- pages ----------

/**
 * The page (route) of each field of a message, once the message is split into parts.
 * @param {FieldEntry[]} entries
 * @param {(entry: FieldEntry) => string} render
 * @returns {Part[]}
 */
function partition(entries, render) {
  const sizes = new Map(entries.map((e) => [e.path, render(e).length]));
  /** The size of an entry's MDX (`sizes` has every entry of the message). */
  const sizeOf = (/** @type {FieldEntry} */ e) => /** @type {number} */ (sizes.get(e.path));
  const subtree = (p) => entries.filter((e) => e.path === p || e.path.startsWith(`${p}.`) || e.path.startsWith(`${p}(`));
  const weigh = (p) => subtree(p).reduce((n, e) => n + sizeOf(e), 0);
  const total = entries.reduce((n, e) => n + sizeOf(e), 0);
  if (total <= partBudget * 1.25) return [{slug: null, title: null, entries}];
  /** @type {Part[]} */
  const parts = [];
  // The children of a node, as whole subtrees, in buckets of at most partBudget; a child too big for one is split in turn.
  const split = (node, nodeEntries, slug, title) => {
    const children = nodeEntries.filter((e) => e.parent === node);
    let bucket = {slug, title, entries: nodeEntries.filter((e) => e.path === node), weight: 0};
    bucket.weight = bucket.entries.reduce((n, e) => n + sizeOf(e), 0);
    const buckets = [bucket];
    for (const child of children) {
      const w = weigh(child.path);
      if (w > partBudget) {
        const childSlug = child.path
          .replace(/\[\]/g, '')
          .replace(/\((\w+)\)/g, '-$1')
          .replace(/\./g, '-');
        split(child.path, subtree(child.path), childSlug, child.path);
        continue;
      }
      if (bucket.weight + w > partBudget && bucket.entries.length) {
        const first = child.path
          .replace(/\[\]/g, '')
          .replace(/\((\w+)\)/g, '-$1')
          .replace(/\./g, '-');
        bucket = {slug: first, title: child.path, entries: [], weight: 0};
        buckets.push(bucket);
      }
      bucket.entries.push(...subtree(child.path));
      bucket.weight += w;
    }
    // A part is named after the fields it holds (the roots of its subtrees).
    for (const b of buckets) {
      if (b.slug === null) continue;
      const roots = b.entries.filter((e) => !b.entries.some((x) => x.path === e.parent)).map((e) => e.path);
      b.title = roots.length > 3 ? `${roots.slice(0, 3).join(', ')}, …` : roots.join(', ');
    }
    parts.push(...buckets.filter((b) => b.entries.length || b.slug === null));
  };
  split('', entries, null, null);
  // Parts in document order of their first entry; the message page (slug null) first.
  const order = new Map(entries.map((e, i) => [e.path, i]));
  /** Where a part's first entry is in the message (`order` has every entry; a part other than the message's page has entries). */
  const start = (/** @type {Part} */ part) => /** @type {number} */ (order.get(part.entries[0].path));
  return parts.sort((a, b) => (a.slug === null ? -1 : b.slug === null ? 1 : start(a) - start(b)));
}

/**
 * What a dictionary page says of its message's XML form: the root, the namespace, and which fields' elements are not
 * named as the field (from the XSD where the message has one, else the spec's `xml.name`).
 * @param {NonNullable<Plan['xml']>} xml
 * @param {FieldEntry[]} entries
 * @param {(path: string) => string | undefined} routeOf the page of an entry (a message split into parts has several)
 */
function xmlIntro(xml, entries, routeOf) {
  const renamed = entries
    .filter((e) => !e.alternative)
    .map((e) => ({path: e.path, field: e.name.replace('[]', ''), element: xml.elements.get(e.path)?.name ?? e.xmlName}))
    .filter((e) => e.element && e.element !== e.field);
  const names = renamed.length
    ? `named as the field except ${renamed.length === 1 ? 'one' : renamed.length}: ${renamed.map((e) => `<code>${esc(e.element)}</code> for <a href="${routeOf(e.path) ? `/docs${routeOf(e.path)}` : ''}#${attr(e.path)}"><code>${esc(e.path)}</code></a>`).join(', ')}`
    : 'named as the field';
  const source = xml.elements.size
    ? "as the message's XSD defines it (each entry gives its element's occurrences and datatype there)"
    : "as the site's validator reads and writes it: SETU publishes no XSD with this root element";
  return `<p>In XML the root element is <code>${esc(`<${xml.root}>`)}</code> ${inNamespace(xml.namespace)}, ${source}. Each field is an element ${xml.namespace ? 'in the same namespace' : 'in no namespace either'}, ${names}; a list is a repeated element.</p>`;
}

/**
 * What a page of a message with an XML form says of the order of its entries: it is the XSD's (or, without one, the
 * message model's, which the validator's XML form keeps), normative for XML, where an element's children follow in
 * that order; JSON objects are unordered. The unit test checks that the entries follow the XSD's positions.
 * @param {NonNullable<Plan['xml']>} xml
 */
function orderNote(xml) {
  return xml.elements.size
    ? "The entries are in the order of the XSD's elements, and in XML that order is normative: a parent's elements must appear in the order in which their entries follow it here, else the message is not valid against the XSD (and the validator says so). In JSON the members of an object may come in any order."
    : "The entries are in the order of the message model, which its XML form keeps: a parent's elements must appear in the order in which their entries follow it here, else the validator rejects the message. In JSON the members of an object may come in any order.";
}

/** Front matter. */
const frontMatter = (fields) =>
  `---\n${Object.entries(fields)
    .map(([k, v]) => `${k}: ${typeof v === 'string' ? JSON.stringify(v) : v}`)
    .join('\n')}\n---\n\n`;

/**
 * What the generation of the dictionary collects as it goes: its API versions and version diffs, the messages of each
 * version, the route of every field, and the files, pages and validator index it makes.
 * @typedef {object} Dictionary
 * @property {ApiVersion[]} apis the API versions with a dictionary (dictionaryApis)
 * @property {ReturnType<typeof versionDiffs>} diffs
 * @property {Map<string, string[]>} messagesOf registry id -> the dictionary's messages of that version
 * @property {Map<string, Map<string, string>>} fieldRoutes `${api.id}#${message}` -> Map(field path -> route), once the
 *   message is partitioned (prepareMessage)
 * @property {(rel: string, content: string) => void} write adds a file below the output folder
 * @property {Map<string, string>} files every file written, by its path below the output folder
 * @property {{route: string, file: string}[]} pages
 * @property {Record<string, import('../validator/engine/field-links.mjs').DictionaryMessage>} index where each message's
 *   fields are, for the validator's links
 */

/** The dictionary's messages of an API version (every version of `dict.apis` has its list). */
const messagesIn = (/** @type {Dictionary} */ dict, /** @type {ApiVersion} */ api) => /** @type {string[]} */ (dict.messagesOf.get(api.id));

/**
 * The dictionary's messages, each with its fields; what its pages are made of is filled in by prepareMessage.
 * @param {Dictionary} dict
 * @returns {Plan[]}
 */
function planMessages(dict) {
  /** @type {Plan[]} */
  const plans = [];
  for (const api of dict.apis) {
    const spec = specOf(api);
    for (const message of messagesIn(dict, api)) {
      const {entries} = messageFields(api, message);
      // The other fields of the plan are set by prepareMessage, before anything reads them.
      plans.push(/** @type {Plan} */ ({api, spec, message, entries}));
    }
  }
  return plans;
}

/** A field's entry as a link to its page, or its path alone where the dictionary has no entry for it. */
function fieldLink(
  /** @type {Dictionary} */ dict,
  /** @type {ApiVersion} */ api,
  /** @type {string} */ message,
  /** @type {string} */ fieldPath,
) {
  const route = dict.fieldRoutes.get(`${api.id}#${message}`)?.get(fieldPath) ?? null;
  return route ? `<a href="/docs${route}#${attr(fieldPath)}"><code>${esc(fieldPath)}</code></a>` : `<code>${esc(fieldPath)}</code>`;
}

/**
 * For an entry, what it was or became in the other version of each diff it is part of (nothing where the field is the
 * same in both: the page links the other version).
 * @param {Dictionary} dict
 * @param {ApiVersion} api
 * @param {string} message
 * @param {FieldEntry} entry
 * @returns {string[]}
 */
function versionNotes(dict, api, message, entry) {
  const {diffs} = dict;
  const notes = [];
  for (const d of diffs) {
    for (const m of d.messages) {
      const diffRoute = `/docs/messages/${d.toApi.standardSlug}/changes/${d.fromApi.version}-to-${d.toApi.version}`;
      if (d.toApi.id === api.id && m.toMessage === message) {
        const changes = m.changes.filter((c) => c.toPath === entry.path);
        const counterpart = messageFields(d.fromApi, m.fromMessage).entries.find(
          (e) => m.changes.some((c) => c.change === 'moved' && c.toPath === entry.path && c.fromPath === e.path) || e.path === entry.path,
        );
        if (changes.some((c) => c.change === 'added'))
          notes.push(`New in ${api.version} (not in <a href="${diffRoute}">${d.fromApi.version}</a>).`);
        else if (counterpart && (counterpart.path !== entry.path || changes.length))
          notes.push(
            `In ${d.fromApi.version}: ${fieldLink(dict, d.fromApi, m.fromMessage, counterpart.path)}${changes.length ? ` (changed: ${changes.map((c) => c.change).join(', ')}; <a href="${diffRoute}">all changes</a>)` : ''}.`,
          );
      }
      if (d.fromApi.id === api.id && m.fromMessage === message) {
        const changes = m.changes.filter((c) => c.fromPath === entry.path);
        const removed = changes.find((c) => c.change === 'removed');
        const moved = changes.find((c) => c.change === 'moved');
        if (removed) notes.push(`Removed in ${d.toApi.version} (<a href="${diffRoute}">what changed</a>).`);
        else {
          const target = moved ? moved.toPath : entry.path;
          if ((target !== entry.path || changes.length) && messageFields(d.toApi, m.toMessage).entries.some((e) => e.path === target))
            notes.push(
              `In ${d.toApi.version}: ${fieldLink(dict, d.toApi, m.toMessage, /** @type {string} */ (target))}${changes.length ? ` (changed: ${changes.map((c) => c.change).join(', ')})` : ''}.`,
            );
        }
      }
    }
  }
  return notes;
}

/**
 * A message's examples, XML form and renderer, and its parts: the pages its entries are split into, which give each
 * field its route (the entries of other versions link each other, so every message is prepared before any page is
 * written).
 * @param {Dictionary} dict
 * @param {Plan} plan
 */
function prepareMessage(dict, plan) {
  const {api, spec, message, entries} = plan;
  const components = spec.components.schemas;
  const examples = messageExamples(spec, message);
  const values = new Map();
  for (const ex of examples) collectValues(components, message, ex.value, values);
  const xml = xmlOfMessage(api, spec, message).xml;
  const rules = rulesOf(api, spec, message, entries);
  plan.examples = examples;
  plan.xml = xml;
  const byPath = new Map(entries.map((e) => [e.path, e]));
  // Render with a placeholder for links to other fields (their routes are known once every message is partitioned).
  plan.render = (e, withNotes = true) => {
    const s = e.itemSchema ?? e.schema ?? {};
    const facts = [`<b>${esc(`${e.min}..${e.max}`)}</b>`, esc(e.itemType ? `list of ${e.itemType}` : e.type)];
    // A required list without minItems: its cardinality starts at 0 like an optional one's, but it must be present.
    if (e.required && e.min === 0) facts.push('required, may be empty');
    if (e.component) facts.push(`schema ${esc(e.component)}`);
    if (s.format) facts.push(`format <code>${esc(s.format)}</code>`);
    if (s.pattern) facts.push(`pattern <code>${esc(s.pattern)}</code>`);
    for (const k of ['minLength', 'maxLength', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'])
      if (s[k] !== undefined) facts.push(`${k} ${esc(s[k])}`);
    const noindex = [`<p className="dict-facts">${facts.join(' · ')}</p>`];
    if (e.description) noindex.push(prose(e.description));
    const allowed = s.const !== undefined ? [s.const] : s.enum;
    // The codes as they are written (a string without its quotes), with a button that copies them one per line
    // (theme/MessageCodes). Parts are sized with the line the pages were first split with, so that no field moves.
    if (allowed)
      noindex.push(
        withNotes
          ? `<Codes>${allowed.map((v) => `<code>${esc(typeof v === 'string' ? v : JSON.stringify(v))}</code>`).join('')}</Codes>`
          : `<p>Allowed: ${allowed.map((v) => `<code>${esc(JSON.stringify(v))}</code>`).join(', ')}</p>`,
      );
    // Each alternative is an entry of the message too (fieldsOf), so byPath has it.
    if (e.alternatives.length)
      noindex.push(
        `<p>One of: ${e.alternatives.map((p) => `<a href="#${attr(p)}">${esc(/** @type {FieldEntry} */ (byPath.get(p)).name)}</a>`).join(', ')}</p>`,
      );
    if (e.recursionOf !== null)
      noindex.push(
        `<p>Contains itself: its fields are those of ${e.recursionOf === '' ? 'the message' : `<a href="@@${attr(e.recursionOf)}@@">${esc(e.recursionOf)}</a>`}, nested to any depth.</p>`,
      );
    // The element as the XSD gives it (its name, occurrences and datatype; the namespace is the page's), where the
    // message has one. Parts are sized with the plain line, so that the facts of the XSD move no field to another page.
    // The line parts are sized with is the one the pages were first split with (the element named as the field, in
    // the namespace written out): no wording of the line moves a field to another page either. The namespace is the
    // page's, given once in its introduction.
    const x = withNotes ? xml?.elements.get(e.path) : undefined;
    if (xml && !e.alternative)
      noindex.push(
        !withNotes
          ? `<p>XML: element <code>${esc(e.name.replace('[]', ''))}</code>${e.max !== 1 ? ', repeated' : ''} in <code>${esc(xml.namespace)}</code></p>`
          : x
            ? `<p>XML: element <code>${esc(x.name)}</code>, ${esc(`${x.minOccurs}..${x.maxOccurs === 'unbounded' ? '*' : x.maxOccurs}`)}${x.datatype ? `, <code>${esc(x.datatype)}</code>` : ''} in the XSD</p>`
            : `<p>XML: element <code>${esc(e.xmlName ?? e.name.replace('[]', ''))}</code>${e.max !== 1 ? ', repeated' : ''}</p>`,
      );
    const r = rules.get(e.path);
    if (r) noindex.push(`<p>Business rules: ${r.map((n) => `<a href="/docs/planning/business-rules#br-${n}">BR ${n}</a>`).join(', ')}</p>`);
    if (values.has(e.path)) noindex.push(`<p>Example: <code>${literal(short(values.get(e.path)))}</code></p>`);
    if (withNotes) for (const note of versionNotes(dict, api, message, e)) noindex.push(`<p>${note}</p>`);
    // Only the heading (the path) goes into the search index: the rest is left out (docusaurus.config.ts).
    return `<Field id="${attr(e.path)}" n="${attr(e.name)}" c="${e.min}..${e.max}" t="${attr(e.type)}" d="${Math.min(e.depth, 6)}"><div className="dict-noindex">${noindex.join('')}</div></Field>\n`;
  };
  // Parts are sized without the notes on other versions, so that a new version of the standard does not move a
  // field to another page (links into the dictionary stay valid); the unit test checks the pages' size with them.
  plan.parts = partition(entries, (e) => plan.render(e, false));
  const routes = new Map();
  const base = messageRoute(api, message);
  for (const part of plan.parts) for (const e of part.entries) routes.set(e.path, part.slug ? `${base}/${part.slug}` : base);
  dict.fieldRoutes.set(`${api.id}#${message}`, routes);
}

/**
 * The pages of one message (split in parts where it is large), with its downloads, and its entry in the validator's
 * index.
 * @param {Dictionary} dict
 * @param {Plan} plan
 */
function writeMessagePages(dict, plan) {
  const {api, spec, message, entries, xml, parts} = plan;
  const {apis, diffs} = dict;
  const routes = /** @type {Map<string, string>} */ (dict.fieldRoutes.get(`${api.id}#${message}`));
  const base = messageRoute(api, message);
  const split = parts.length > 1;
  const fileBase = `${api.standardSlug}/${api.version}/${message}`;
  const downloads = writeDownloads(dict, plan);
  const title = `${message} ${api.version}`;
  const others = apis.filter((a) => a.standard === api.standard && a.id !== api.id && messagesIn(dict, a).includes(message));
  const diffLinks = diffs
    .filter(
      (d) =>
        (d.fromApi.id === api.id || d.toApi.id === api.id) && d.messages.some((m) => m.fromMessage === message || m.toMessage === message),
    )
    .map(
      (d) =>
        `<a href="/docs/messages/${api.standardSlug}/changes/${d.fromApi.version}-to-${d.toApi.version}">what changed from ${d.fromApi.version} to ${d.toApi.version}</a>`,
    );
  const description = String(messageFields(api, message).root.description ?? '').split(/(?<=\.)\s/)[0];
  const intro = [
    `<p>Every field of the <strong>${esc(message)}</strong> message of ${esc(api.standard)} ${esc(api.version)}, generated from <a href="/docs/specs/${api.specFile}">its specification</a>: ${entries.length} entries, each with its path, how often it occurs, its type and values${xml ? ', its XML element' : ''} and an example.${api.referenceRoute ? ` The operations that carry it are in the <a href="/docs${api.referenceRoute}">API reference</a>.` : ''}</p>`,
    description ? prose(description) : '',
    businessRulesParagraph(api, spec, message),
    others.length || diffLinks.length
      ? `<p>Other versions: ${[...others.map((a) => `<a href="/docs${messageRoute(a, message)}">${esc(message)} ${esc(a.version)}</a>`), ...diffLinks].join(' · ')}.</p>`
      : '',
    xml
      ? `${xmlIntro(xml, entries, (path) => routes.get(path))}\n<p>${orderNote(xml)}</p>`
      : `<p>This version has no XML form: ${esc(xmlOfMessage(api, spec, message).xmlReason ?? 'JSON only')}.</p>`,
    `<p>Check a message against it with the <a href="/docs/validator">message validator</a>. A path names a list's items with <code>${esc('[]')}</code> and an alternative of a choice (<code>oneOf</code>) with its schema in parentheses.</p>`,
  ].join('\n');
  const resolveLinks = (text) =>
    text.replace(/@@([^@]*)@@/g, (_, p) => `${routes.get(p.replace(/&amp;/g, '&')) ? `/docs${routes.get(p)}` : ''}#${p}`);
  const header = "import Field from '@theme/MessageField';\nimport Codes from '@theme/MessageCodes';\n\n";
  for (const part of parts) {
    const isMain = part.slug === null;
    const body = part.entries.map((e) => resolveLinks(plan.render(e))).join('');
    const partList = split
      ? `<nav aria-label="Parts of ${attr(message)}">${isMain ? '<p>The message is large, so its fields are on several pages:</p>' : `<details><summary>The other parts of ${esc(title)}</summary>`}<ul>${parts
          .filter((p) => p !== part)
          .map(
            (p) =>
              `<li><a href="/docs${p.slug ? `${base}/${p.slug}` : base}">${p.slug ? `<code>${esc(p.title)}</code>` : 'the message and its top-level fields'}</a> (${p.entries.length} fields)</li>`,
          )
          .join('')}</ul>${isMain ? '' : '</details>'}</nav>\n\n`
      : '';
    const fm = frontMatter({
      title: isMain ? `${title} — message dictionary` : `${title}: ${part.title}`,
      sidebar_label: isMain ? `${message}` : part.title,
      description: `The fields of the ${message} message of SETU ${api.standard} ${api.version}: paths, cardinality, types, values, XML and examples.`,
      hide_table_of_contents: true,
      ...(isMain ? {} : {sidebar_class_name: 'dict-part'}),
      slug: isMain ? base.replace('/messages', '') : `${base.replace('/messages', '')}/${part.slug}`,
      pagination_next: null,
      pagination_prev: null,
    });
    const content =
      fm +
      header +
      (isMain
        ? `${intro}\n\n`
        : // The heading (which search shows as the page's title) names the fields and the version, not the message: a
          // search for a message's name should offer its documentation before each part of its dictionary page.
          `# Fields under ${esc(part.title)} (${esc(api.standard)} ${esc(api.version)})\n\n<p>Part of the fields of <a href="/docs${base}">${esc(title)}</a>.${xml ? ` ${orderNote(xml)}` : ''}</p>\n\n`) +
      // The downloads before the entries: a long message's page would otherwise end with them, 15,000 px down.
      (isMain ? `## Downloads {#downloads}\n\n<ul>${downloads.join('')}</ul>\n\n` : '') +
      partList +
      `${body}\n`;
    const rel = split ? `${fileBase}/${isMain ? 'index' : part.slug}.mdx` : `${fileBase}.mdx`;
    dict.write(rel, content);
    dict.pages.push({route: isMain ? base : `${base}/${part.slug}`, file: rel});
  }
  addToValidatorIndex(dict, plan);
}

/**
 * A message's downloads, written beside its pages: the JSON Schema and each example, in JSON and (where the message has
 * an XML form) XML. Returns the page's list items that link them.
 * @param {Dictionary} dict
 * @param {Plan} plan
 * @returns {string[]}
 */
function writeDownloads(dict, plan) {
  const {api, spec, message, examples, xml} = plan;
  const fileBase = `${api.standardSlug}/${api.version}/${message}`;
  const downloads = [];
  dict.write(`_files/${fileBase}.schema.json`, `${JSON.stringify(messageJsonSchema(api, spec, message), null, 2)}\n`);
  downloads.push(
    `<li><a href="/docs/messages/files/${fileBase}.schema.json" download>JSON Schema</a> (2020-12, self-contained) for code generation</li>`,
  );
  examples.forEach((ex, i) => {
    const name = `${message}.example-${i + 1}`;
    dict.write(`_files/${api.standardSlug}/${api.version}/${name}.json`, `${JSON.stringify(ex.value, null, 2)}\n`);
    let xmlLink = '';
    if (xml) {
      const text = modelToXml(ex.value, {
        typeName: message,
        components: spec.components.schemas,
        root: xml.root,
        namespace: xml.namespace,
      });
      dict.write(`_files/${api.standardSlug}/${api.version}/${name}.xml`, text);
      xmlLink = `, <a href="/docs/messages/files/${api.standardSlug}/${api.version}/${name}.xml" download>XML</a>`;
    }
    downloads.push(
      `<li>Example ${i + 1}, ${esc(ex.label)}: <a href="/docs/messages/files/${api.standardSlug}/${api.version}/${name}.json" download>JSON</a>${xmlLink}</li>`,
    );
  });
  return downloads;
}

/**
 * The validator's links into the dictionary: the message's route and, where it is split, the part of each subtree
 * (longest prefix wins); a form of a line body's oneOf links its line body's page.
 * @param {Dictionary} dict
 * @param {Plan} plan
 */
function addToValidatorIndex(dict, plan) {
  const {api, spec, message, parts} = plan;
  const base = messageRoute(api, message);
  const partRoots =
    parts.length > 1
      ? parts
          .filter((p) => p.slug)
          .flatMap((p) =>
            p.entries
              .filter((e) => !p.entries.some((x) => x.path === e.parent))
              .map((e) => /** @type {[string, string]} */ ([e.path, p.slug])),
          )
      : [];
  dict.index[`${api.specFile}#${message}`] = {route: base, prefix: '', parts: partRoots};
  for (const alt of spec.components.schemas[message]?.oneOf ?? []) {
    const name = componentNameOf(alt.$ref);
    if (name) dict.index[`${api.specFile}#${name}`] = {route: base, prefix: `(${name})`, parts: partRoots};
  }
}

/**
 * The pages of what changed between two versions of a standard, field by field, grouped by explanation.
 * @param {Dictionary} dict
 * @param {ReturnType<typeof versionDiffs>[number]} d
 */
function writeDiffPages(dict, d) {
  const slug = d.toApi.standardSlug;
  const route = `/messages/${slug}/changes/${d.fromApi.version}-to-${d.toApi.version}`;
  const counts = {};
  const clip = (text) => (text.length > 90 ? `${text.slice(0, 87)}…` : text);
  const sections = d.messages.map((m) => {
    // Changes grouped by their explanation, in the order of the first change each explains (one text per group).
    const groups = new Map();
    for (const c of m.changes) {
      counts[c.change] = (counts[c.change] ?? 0) + 1;
      const key = c.explanation ?? null;
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(c);
    }
    const items = [...groups].map(([explanation, changes]) => {
      const note = explanation?.source ? d.data.sourceNotes?.[explanation.source] : undefined;
      const why = explanation
        ? `<p>${inline(explanation.why ?? explanation.text)}${note ? ` <em>(${inline(note)})</em>` : ''}</p>`
        : '<p>Not explained.</p>';
      const list = changes.map((c) => {
        const from = c.fromPath !== null ? fieldLink(dict, d.fromApi, m.fromMessage, c.fromPath) : '';
        const to = c.toPath !== null ? fieldLink(dict, d.toApi, m.toMessage, c.toPath) : '';
        const detail = c.before !== null || c.after !== null ? ` ${esc(clip(c.before ?? '—'))} → ${esc(clip(c.after ?? '—'))}` : '';
        return `<li data-change="${c.change}" data-from-path="${attr(c.fromPath ?? '')}" data-to-path="${attr(c.toPath ?? '')}"><b>${c.change}</b> ${[from, to].filter(Boolean).join(' → ')}${detail}</li>`;
      });
      return `<li>${why}<ul>${list.join('')}</ul></li>`;
    });
    return {m, items};
  });
  // Pages of at most partBudget bytes of changes: the first at the route, the others below it (`…/2`, `…/3`).
  /** @type {{m: MessageDiff, items: string[]}[][]} the pages, each a list of messages with their changes' items */
  const chunks = [[]];
  let weight = 0;
  for (const {m, items} of sections) {
    for (const item of items) {
      if (weight + item.length > partBudget && weight > 0) {
        chunks.push([]);
        weight = 0;
      }
      // chunks is never empty, and its last chunk holds a section of m once it is pushed here.
      const chunk = /** @type {{m: MessageDiff, items: string[]}[]} */ (chunks.at(-1));
      if (chunk.at(-1)?.m !== m) chunk.push({m, items: []});
      /** @type {{m: MessageDiff, items: string[]}} */ (chunk.at(-1)).items.push(item);
      weight += item.length;
    }
  }
  const base = `${slug}/changes/${d.fromApi.version}-to-${d.toApi.version}`;
  const routeOf = (i) => (i === 0 ? route : `${route}/${i + 1}`);
  const summary = Object.entries(counts)
    .map(([k, n]) => `${n} ${k}`)
    .join(', ');
  chunks.forEach((chunk, i) => {
    const fm = frontMatter({
      title: `${d.fromApi.standard}: what changed from ${d.fromApi.version} to ${d.toApi.version}${i ? ` (${i + 1} of ${chunks.length})` : ''}`,
      sidebar_label: `Changes ${d.fromApi.version} → ${d.toApi.version}${i ? ` (${i + 1})` : ''}`,
      description: `Field by field, what changed in the messages of SETU ${d.fromApi.standard} from version ${d.fromApi.version} to ${d.toApi.version}.`,
      hide_table_of_contents: true,
      slug: routeOf(i).replace('/messages', ''),
      pagination_next: null,
      pagination_prev: null,
    });
    const nav =
      chunks.length > 1
        ? `<nav aria-label="Pages of the changes"><p>The changes are on ${chunks.length} pages: ${chunks.map((_, k) => (k === i ? `<b>${k + 1}</b>` : `<a href="/docs${routeOf(k)}">${k + 1}</a>`)).join(' · ')}</p></nav>\n\n`
        : '';
    const intro =
      i === 0
        ? `<p>Computed from the specifications of both versions (<a href="/docs/specs/${d.fromApi.specFile}">${esc(d.fromApi.version)}</a>, <a href="/docs/specs/${d.toApi.specFile}">${esc(d.toApi.version)}</a>); moves and renames come from <code>src/data/message-changes/${esc(d.file)}</code>. ${inline(d.data.explanations)} A test fails when a change is not explained, or when an explanation matches no change. In all: ${summary}. An added or removed structure is listed once, at its top.</p>\n\n`
        : '';
    const body = chunk
      .map(
        ({m, items}) =>
          `<section data-message="${attr(m.toMessage)}">\n\n## ${esc(m.toMessage)} {#${m.toMessage}}\n\n<p>${esc(m.fromMessage)} ${esc(d.fromApi.version)} → ${esc(m.toMessage)} ${esc(d.toApi.version)}: ${m.changes.length} changes in all, grouped by their reason.</p>\n\n<ul className="dict-changes dict-noindex">${items.join('\n')}</ul>\n\n</section>\n`,
      )
      .join('\n');
    const rel = chunks.length > 1 ? `${base}/${i === 0 ? 'index' : i + 1}.mdx` : `${base}.mdx`;
    dict.write(rel, fm + intro + nav + body);
    dict.pages.push({route: routeOf(i), file: rel});
  });
}

/**
 * /docs/messages/: every message of every version, and the pages of what changed.
 * @param {Dictionary} dict
 */
function writeIndexPage(dict) {
  const {apis, diffs} = dict;
  const standards = [...new Set(apis.map((a) => a.standard))];
  const indexBody = standards
    .map((standard) => {
      const versions = apis.filter((a) => a.standard === standard);
      const rows = versions
        .map(
          (api) =>
            `<li><b>${esc(api.version)}</b>: ${messagesIn(dict, api)
              .map((m) => `<a href="/docs${messageRoute(api, m)}">${esc(m)}</a>`)
              .join(', ')}</li>`,
        )
        .join('');
      const changes = diffs
        .filter((d) => d.toApi.standard === standard)
        .map(
          (d) =>
            `<li><a href="/docs/messages/${d.toApi.standardSlug}/changes/${d.fromApi.version}-to-${d.toApi.version}">What changed from ${d.fromApi.version} to ${d.toApi.version}</a></li>`,
        )
        .join('');
      return `## ${esc(standard)} {#${versions[0].standardSlug}}\n\n<ul>${rows}${changes}</ul>\n`;
    })
    .join('\n');
  dict.write(
    'index.mdx',
    frontMatter({
      title: 'Message dictionary',
      sidebar_label: 'Overview',
      sidebar_position: 0,
      description:
        'Every field of every SETU message, per version: path, cardinality, type, values, XML element, examples, and what changed between versions.',
      slug: '/',
      pagination_next: null,
      pagination_prev: null,
    }) +
      `<p>One page per message and version, with an entry for every field: where it sits (its path), how often it occurs, its type, format and allowed values, its description, its XML element, the business rules that concern it, an example value and what it was or became in another version. Each entry has its own address, such as <code>${esc('…/PlanningRequest#positionProfile.workingPeriods')}</code>. Generated from the specifications the API reference and the validator use.</p>\n\n${indexBody}`,
  );
}

/**
 * The sidebar's categories (it is generated from the folders): a category per standard, version and split message.
 * @param {Dictionary} dict
 * @param {Plan[]} plans
 */
function writeCategories(dict, plans) {
  const {apis, diffs} = dict;
  const standards = [...new Set(apis.map((a) => a.standard))];
  const category = (rel, label, position) =>
    dict.write(`${rel}/_category_.json`, `${JSON.stringify({label, position, collapsed: true})}\n`);
  for (const api of apis) {
    category(api.standardSlug, api.standard, standards.indexOf(api.standard) + 1);
    category(`${api.standardSlug}/${api.version}`, `${api.version}`, 1);
  }
  for (const d of diffs) category(`${d.toApi.standardSlug}/changes`, 'What changed', 9);
  for (const plan of plans.filter((p) => p.parts.length > 1))
    category(`${plan.api.standardSlug}/${plan.api.version}/${plan.message}`, plan.message, 1);
}

/**
 * Writes the files to `dir`, leaving unchanged files alone (a running dev server), and removes files no longer generated.
 * @param {string} dir
 * @param {Map<string, string>} files
 */
function syncFolder(dir, files) {
  const existing = [];
  const walk = (d) => {
    if (!fs.existsSync(d)) return;
    for (const name of fs.readdirSync(d)) {
      const full = path.join(d, name);
      if (fs.statSync(full).isDirectory()) walk(full);
      else existing.push(path.relative(dir, full));
    }
  };
  walk(dir);
  for (const rel of existing) if (!files.has(rel)) fs.rmSync(path.join(dir, rel));
  for (const [rel, content] of files) {
    const full = path.join(dir, rel);
    fs.mkdirSync(path.dirname(full), {recursive: true});
    if (!fs.existsSync(full) || fs.readFileSync(full, 'utf8') !== content) fs.writeFileSync(full, content);
  }
}

/**
 * The index the validator links each error to its field's entry with (src/plugins/validator/page/MessageValidator).
 * @param {Dictionary['index']} index
 */
function writeDictionaryIndex(index) {
  const generated = {
    [dictionaryIndexFile]: `// Generated by src/plugins/message-dictionary/generate.mjs from specs/ — do not edit.\nexport const dictionary = ${JSON.stringify(index)};\n`,
    [dictionaryIndexFile.replace(/\.mjs$/, '.d.mts')]:
      `// Generated by src/plugins/message-dictionary/generate.mjs — do not edit.\nexport declare const dictionary: Record<string, import('../src/plugins/validator/engine/field-links.mjs').DictionaryMessage>;\n`,
  };
  for (const [full, text] of Object.entries(generated)) {
    fs.mkdirSync(path.dirname(full), {recursive: true});
    if (!fs.existsSync(full) || fs.readFileSync(full, 'utf8') !== text) fs.writeFileSync(full, text);
  }
}

/**
 * The dictionary, written to `dir`: every message is prepared (its parts, so its fields' routes) before any page is
 * written, because the entries of one version link those of another.
 */
export function generate(dir = outDir) {
  const apis = dictionaryApis();
  const files = new Map();
  /** @type {Dictionary} */
  const dict = {
    apis,
    diffs: versionDiffs(),
    messagesOf: new Map(apis.map((api) => [api.id, dictionaryMessagesOf(api, specOf(api))])),
    fieldRoutes: new Map(),
    write: (rel, content) => files.set(rel, content),
    files,
    pages: [],
    index: {},
  };
  const plans = planMessages(dict);
  for (const plan of plans) prepareMessage(dict, plan);
  for (const plan of plans) writeMessagePages(dict, plan);
  for (const d of dict.diffs) writeDiffPages(dict, d);
  writeIndexPage(dict);
  writeCategories(dict, plans);
  syncFolder(dir, files);
  writeDictionaryIndex(dict.index);
  return {files, pages: dict.pages, plans, diffs: dict.diffs};
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    const {pages, plans, diffs} = generate();
    const fields = plans.reduce((n, p) => n + p.entries.length, 0);
    console.log(
      `[generate messages] ${plans.length} messages, ${fields} field entries, ${pages.length} pages, ${diffs.length} version diffs -> generated/message-dictionary/`,
    );
  } catch (error) {
    console.error(`\n[generate messages] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  }
}
