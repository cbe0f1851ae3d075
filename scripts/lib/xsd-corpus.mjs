// The XML messages on which the validator's verdict is compared with the verdict of SETU's XSDs (xmllint): every
// example of a message type that has an XSD, in its XML form; the broken variants of mutations.mjs (a required
// element left out, an unknown element, a code outside the list, a list too long, a malformed date), written as XML;
// one variant per object with two of its elements swapped; and probes of every typed or coded field of the XSD facts
// (forms that the XSD and the JSON form judge differently). scripts/derive-published-facts.mjs records the XSD's
// verdicts (src/data/published-forms/xsd-verdicts.json); tests/unit/published-forms.test.mjs builds the same corpus
// and checks the validator's verdicts against them.
import crypto from 'node:crypto';
import jsonPointer from 'json-pointer';
import {apis} from '../../src/data/registry.mjs';
import {modelToXml, resolveSchema} from '../../src/plugins/validator/engine/xml-model.mjs';
import {resolveField} from '../../src/plugins/validator/engine/field-path.mjs';
import {componentNameOf} from '../../src/spec-refs.mjs';
import {readSpec, examplesOf, createAjv, compileSchemas, dialectOf} from '../../src/build/specs.mjs';
import {mutations} from './mutations.mjs';
import {xsdFactsFor} from '../../src/build/published-forms.mjs';

/** Lexical forms tried in each datatype: the XSD and the JSON form judge some of them differently. */
const probes = {
  'xs:date': ['2024-06-13Z', '13-06-2024', '2024-02-30'],
  'xs:time': ['08:00:00', '8:00', '24:00:00'],
  'xs:dateTime': ['2024-06-13T08:00:00', '2024-06-13 08:00:00'],
  'xs:decimal': ['+3.50', '1e3'],
  'xs:integer': ['-2', '3.0'],
  'xs:boolean': ['1', 'yes'],
  'xs:string': ['13-06-2024', 'free text'],
  'xs:anyURI': ['free text'],
};

/**
 * @typedef {object} CorpusItem
 * @property {string} id what the message is, e.g. "Timecard | POST /… request example | required \"id\" removed at /…"
 * @property {string} type the validator's message type (`PlanningRequest 2.0`)
 * @property {string} api the registry id of its API version
 * @property {string} message the message (component and XSD root)
 * @property {string} xml
 * @property {string} sha the first 16 hex digits of the SHA-256 of the XML
 */

const sha = (/** @type {string} */ text) => crypto.createHash('sha256').update(text).digest('hex').slice(0, 16);

/** A copy of a message with `value` at the model pointer's keys. */
function withValue(/** @type {any} */ message, /** @type {(string | number)[]} */ keys, /** @type {unknown} */ value) {
  const copy = structuredClone(message);
  let node = copy;
  for (const key of keys.slice(0, -1)) node = node[key];
  node[/** @type {string | number} */ (keys.at(-1))] = value;
  return copy;
}

/**
 * The leaves of a message value with their element path (below the root, without positions: `timeInterval/id/value`)
 * and their keys in the value.
 * @param {any} value
 * @param {any} schemaNode
 * @param {Record<string, any>} components
 */
function leavesOf(value, schemaNode, components) {
  /** @type {{path: string, keys: (string | number)[]}[]} */
  const out = [];
  const walk = (/** @type {any} */ v, /** @type {any} */ node, /** @type {string} */ p, /** @type {(string | number)[]} */ keys) => {
    const schema = resolveSchema(node, components);
    if (Array.isArray(v)) return v.forEach((item, i) => walk(item, schema?.items, p, [...keys, i]));
    if (v && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        const property = schema?.properties?.[k];
        const name = property?.xml?.name ?? k;
        walk(child, property, p ? `${p}/${name}` : name, [...keys, k]);
      }
      return;
    }
    out.push({path: p, keys});
  };
  walk(value, schemaNode, '', []);
  return out;
}

/**
 * The corpus. `facts(api, message)` gives the XSD facts of a message (the committed ones by default).
 * @returns {CorpusItem[]}
 */
export function xsdCorpus(facts = xsdFactsFor) {
  /** @type {CorpusItem[]} */
  const items = [];
  const ids = new Set();
  const add = (/** @type {Omit<CorpusItem, 'sha'>} */ item) => {
    if (ids.has(item.id)) return;
    ids.add(item.id);
    items.push({...item, sha: sha(item.xml)});
  };
  for (const api of apis) {
    if (!api.xml) continue;
    const spec = readSpec(api.specFile);
    const components = spec.components.schemas;
    const shared = apis.filter((a) => a.standard === api.standard).length > 1;
    const ajv = createAjv({}, dialectOf(spec));
    compileSchemas({[api.specFile]: spec}, ajv);
    const id = `https://setu.nl/specs/${api.specFile}`;
    /** @type {WeakMap<object, import('ajv').ValidateFunction>} */
    const compiled = new WeakMap();
    const compile = (/** @type {any} */ s) => {
      let validate = compiled.get(s);
      if (!validate) {
        validate = ajv.compile(JSON.parse(JSON.stringify(s).replaceAll('"#/components/', `"${id}#/components/`)));
        compiled.set(s, validate);
      }
      return validate;
    };
    const accepts = (/** @type {any} */ s, /** @type {unknown} */ v) => compile(s)(v);
    const seenValues = new Set();
    for (const [message, rootName] of Object.entries(api.xml.roots ?? {})) {
      const xsd = facts(api, message);
      if (!xsd) continue;
      const type = shared ? `${message} ${api.version}` : message;
      const context = {typeName: message, components, root: rootName, namespace: api.xml.namespace};
      const write = (/** @type {unknown} */ value, /** @type {Record<string, any>} */ comps = components) =>
        modelToXml(value, {...context, components: comps});
      const examples = examplesOf(spec).filter((e) => e.schema?.$ref === `#/components/schemas/${message}`);
      /** Mutations of the same place and kind are tried once, in the first example that has them. */
      const seenMutations = new Set();
      for (const example of examples) {
        const key = JSON.stringify(example.value);
        if (seenValues.has(key)) continue;
        seenValues.add(key);
        const label = `${type} | ${example.where.replace(' application/json', '')}`;
        add({id: `${label} | as given`, type, api: api.id, message, xml: write(example.value)});
        for (const m of mutations(spec, example.schema, example.value, accepts)) {
          // A rule of a schema used in many places (an identifier's required value) is broken once per message type. A
          // required element is left out once per element that follows it there (or none): where libxml2 reports it
          // missing depends on the parent's content model, the element and its next sibling alone (the first child that
          // no longer fits, else the parent), so this covers every removal of a required element from the examples.
          const schema = schemaAt(example.schema, m.path, components);
          const next = m.kind === 'required' ? `before ${nextElement(example.value, m.path, /** @type {string} */ (m.key), schema)} ` : '';
          const place = `${m.kind} ${m.key ?? ''} ${next}${schemaIdOf(schema)}`;
          if (seenMutations.has(place)) continue;
          seenMutations.add(place);
          add({id: `${label} | ${m.description} at ${m.path}`, type, api: api.id, message, xml: write(m.value)});
        }
        // Element order: per object of the message, its first two elements the other way round.
        const swapped = new Set();
        (function visit(/** @type {any} */ v, /** @type {any} */ node, /** @type {string} */ at) {
          const schema = resolveSchema(node, components);
          if (Array.isArray(v)) return v.length ? visit(v[0], schema?.items, `${at}/0`) : undefined;
          if (!v || typeof v !== 'object' || !schema?.properties) return;
          const present = Object.keys(schema.properties).filter((k) => k in v);
          const owner = typeof node?.$ref === 'string' ? node.$ref : at;
          if (present.length >= 2 && !swapped.has(owner) && !seenMutations.has(`order ${owner}`)) {
            swapped.add(owner);
            seenMutations.add(`order ${owner}`);
            const [a, b] = present;
            const reordered = Object.fromEntries(
              Object.entries(schema.properties).map(([k, s]) => [
                k === a ? b : k === b ? a : k,
                k === a ? schema.properties[b] : k === b ? schema.properties[a] : s,
              ]),
            );
            // The same value, written by a schema whose two properties are exchanged: only their order differs.
            const target = componentNameOf(node?.$ref);
            const patch = {...schema, properties: reordered};
            const xml = target ? write(example.value, {...components, [target]: patch}) : writeWithInline(example.value, at, patch);
            add({id: `${label} | ${a} and ${b} swapped at ${at || '/'}`, type, api: api.id, message, xml});
          }
          for (const [k, s] of Object.entries(schema.properties)) if (k in v) visit(v[k], s, `${at}/${k}`);
        })(example.value, {$ref: `#/components/schemas/${message}`}, '');
      }
      // Probes of the typed and coded fields, in the first example where the field has a value.
      const leafFacts = xsd.elements.filter((/** @type {any} */ e) => e.datatype);
      const leaves = examples.map((e) => leavesOf(e.value, e.schema, components));
      const codeLists = new Set();
      for (const fact of leafFacts) {
        const relative = fact.path.split('/').slice(2).join('/');
        const index = leaves.findIndex((list) => list.some((l) => l.path === relative));
        if (index < 0) continue;
        const example = examples[index];
        const leaf = /** @type {{keys: (string | number)[]}} */ (leaves[index].find((l) => l.path === relative));
        const spec = leafSchema(example.schema, leaf.keys, components);
        const typed = fact.datatype !== 'xs:string' || spec?.format || spec?.pattern;
        const values = [...(typed ? (probes[/** @type {keyof probes} */ (fact.datatype)] ?? []) : [])];
        // A code outside the XSD's list where the spec has none (the enum mutations try the others), and a code with
        // spaces around it once per code list (kept as it is in an xs:string, collapsed in other datatypes).
        if (fact.enumeration && !spec?.enum) values.push('NotACode');
        const list = JSON.stringify([fact.datatype, fact.enumeration]);
        if (fact.enumeration && !codeLists.has(list)) {
          codeLists.add(list);
          values.push(` ${fact.enumeration[0]} `);
        }
        for (const probe of values) {
          add({
            id: `${type} | ${fact.path} (${fact.datatype}${fact.enumeration ? ', codes' : ''}) = ${JSON.stringify(probe)}`,
            type,
            api: api.id,
            message,
            xml: write(withValue(example.value, leaf.keys, probe)),
          });
        }
      }

      /** The message written with the (inline) object schema at a model pointer replaced by `patch`. */
      function writeWithInline(/** @type {unknown} */ value, /** @type {string} */ pointer, /** @type {any} */ patch) {
        // Copies of the schemas on the way down, each holding the next: the components themselves stay as they are.
        const copy = {...components};
        /** @type {(node: any, keys: string[]) => any} */
        const rebuild = (node, keys) => {
          if (keys.length === 0) return patch;
          const own = resolveSchema(node, copy);
          const [key, ...rest] = keys;
          if (/^\d+$/.test(key)) return {...own, items: rebuild(own.items, rest)};
          return {...own, properties: {...own.properties, [key]: rebuild(own.properties[key], rest)}};
        };
        copy[message] = rebuild(copy[message], pointer.split('/').slice(1));
        return write(value, copy);
      }
    }
  }
  return items;
}

/** The schema of the value at a model pointer. */
function schemaAt(/** @type {any} */ schemaNode, /** @type {string} */ pointer, /** @type {Record<string, any>} */ components) {
  let schema = resolveField(schemaNode, components);
  for (const key of jsonPointer.parse(pointer)) {
    schema = resolveField(/^\d+$/.test(key) ? schema?.items : schema?.properties?.[key], components);
  }
  return schema;
}

/**
 * The element that follows a property of the object at a model pointer when the message is written (modelToXml's order:
 * the schema's properties, then any others), or `nothing`.
 */
function nextElement(/** @type {any} */ value, /** @type {string} */ pointer, /** @type {string} */ key, /** @type {any} */ schema) {
  const object = /** @type {Record<string, unknown>} */ (jsonPointer.get(value, pointer));
  const order = Object.keys(schema?.properties ?? {});
  const rank = (/** @type {string} */ k) => (order.includes(k) ? order.indexOf(k) : order.length);
  const keys = Object.keys(object).sort((a, b) => rank(a) - rank(b));
  return keys[keys.indexOf(key) + 1] ?? 'nothing';
}

/** @type {WeakMap<object, string>} */
const schemaIds = new WeakMap();
/** A schema's text, for telling places of the same schema (a component, or inline schemas that are alike). */
function schemaIdOf(/** @type {any} */ schema) {
  if (!schema || typeof schema !== 'object') return '';
  if (!schemaIds.has(schema)) schemaIds.set(schema, JSON.stringify(schema));
  return /** @type {string} */ (schemaIds.get(schema));
}

/** The schema of the leaf at `keys` in a message of `schemaNode`. */
function leafSchema(/** @type {any} */ schemaNode, /** @type {(string | number)[]} */ keys, /** @type {Record<string, any>} */ components) {
  let schema = resolveSchema(schemaNode, components);
  for (const key of keys) {
    schema = typeof key === 'number' ? resolveSchema(schema?.items, components) : resolveSchema(schema?.properties?.[key], components);
  }
  return schema;
}

/** A digest of the corpus: its ids and texts. */
export function corpusDigest(/** @type {CorpusItem[]} */ items) {
  const hash = crypto.createHash('sha256');
  for (const item of items) hash.update(item.id).update('\u0000').update(item.sha).update('\u0000');
  return hash.digest('hex').slice(0, 16);
}
