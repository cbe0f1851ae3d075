// The facts of a message's form as SETU's published files state them: read from an XSD (the XML form) or a JSON
// Schema (the JSON form), and walked from a spec of specs/ in the same shape, so that the two can be compared field
// by field. scripts/derive-published-facts.mjs writes the facts of the published files to src/data/published-forms/;
// the unit tests compare the specs with them (tests/unit/published-forms.test.mjs).
import fs from 'node:fs';
import path from 'node:path';
import jsonPointer from 'json-pointer';
import {parseXml} from '../plugins/validator/engine/xml-parser.mjs';
import {componentNameOf, pointerOfRef} from '../spec-refs.mjs';
import {fieldsOf, resolveField} from './message-fields.mjs';
import {root} from './paths.mjs';

export const factsDir = path.join(root, 'src', 'data', 'published-forms');

/** The folder of a standard version's facts: `<standardSlug>-<version>`. */
export const factsFolderOf = (/** @type {{standardSlug?: string, version: string}} */ api) => `${api.standardSlug}-${api.version}`;

/**
 * The committed XSD facts of a message of an API version, or null where SETU publishes no XSD for it.
 * @param {import('../data/registry.mjs').ApiVersion} api
 * @param {string} message
 * @returns {any}
 */
export function xsdFactsFor(api, message, dir = factsDir) {
  const file = path.join(dir, factsFolderOf(api), `${message}.xml-form.json`);
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null;
}

const xsNamespace = 'http://www.w3.org/2001/XMLSchema';

/**
 * @typedef {object} XsdElementFact
 * @property {string} path the element path from the root, e.g. /Timecard/timeInterval/id/value (`*` for a wildcard)
 * @property {number} position its place in its parent's xs:sequence, 1-based
 * @property {number} minOccurs
 * @property {number | 'unbounded'} maxOccurs
 * @property {string} [datatype] for a leaf: its built-in datatype, through restrictions (`xs:date`)
 * @property {string[]} [enumeration] for a leaf with a code list: its codes, in the XSD's order
 * @property {true} [wildcard] an xs:any: an element the sequence does not name may stand here
 * @property {string} [namespace] a wildcard's namespaces (`##any` where the XSD says nothing)
 * @property {string} [processContents] how a wildcard's elements are checked: `strict` (the XSD's default: each must be
 *   declared globally), `lax` or `skip`
 */

/**
 * @typedef {object} XsdFacts
 * @property {string} namespace the target namespace
 * @property {string} elementFormDefault
 * @property {string} root the root element
 * @property {XsdElementFact[]} elements every element below the root, in document order
 */

/** The children of an element that are XML Schema elements (annotations left out). */
const xsChildren = (/** @type {import('../plugins/validator/engine/xml-parser.mjs').XmlElement} */ el) =>
  el.children.filter((c) => c.uri === xsNamespace && c.local !== 'annotation');

const attribute = (/** @type {import('../plugins/validator/engine/xml-parser.mjs').XmlElement} */ el, /** @type {string} */ name) =>
  el.attributes.find((a) => a.name === name)?.value;

/**
 * The facts of an XSD's XML form. Throws, naming the construct and its line, on anything these facts cannot say
 * (a choice, an attribute, a reference to a global element): a new version of the standard that uses one needs the
 * reader extended, not a silent gap.
 * @param {string} text the XSD
 * @param {string} file for messages
 * @returns {XsdFacts}
 */
export function xsdFactsOf(text, file) {
  const {root: schema} = parseXml(text);
  if (schema.uri !== xsNamespace || schema.local !== 'schema') throw new Error(`${file}: not an XML Schema`);
  const fail = (/** @type {{line: number}} */ at, /** @type {string} */ what) => {
    throw new Error(`${file}:${at.line}: ${what}: the facts reader does not know it (src/build/published-forms.mjs)`);
  };
  // Namespace prefixes: XML Schema's own and the target namespace's, as the schema element declares them.
  /** @type {Record<string, string>} */
  const prefixes = {};
  for (const a of schema.attributes) if (a.prefix === 'xmlns') prefixes[a.local] = a.value;
  const namespace = attribute(schema, 'targetNamespace') ?? '';
  const top = xsChildren(schema);
  const named = (/** @type {string} */ kind) =>
    new Map(top.filter((c) => c.local === kind && attribute(c, 'name')).map((c) => [/** @type {string} */ (attribute(c, 'name')), c]));
  const simpleTypes = named('simpleType');
  const complexTypes = named('complexType');
  const roots = top.filter((c) => c.local === 'element');
  for (const c of top) if (!['element', 'simpleType', 'complexType'].includes(c.local)) fail(c, `xs:${c.local} at the top level`);
  if (roots.length !== 1) fail(schema, `${roots.length} global elements (one root expected)`);

  /** A QName as {builtin: 'xs:…'} or {named: local name in the target namespace}. */
  const typeName = (/** @type {string} */ qname, /** @type {{line: number}} */ at) => {
    const [prefix, local] = qname.includes(':') ? qname.split(':') : ['', qname];
    const uri = prefixes[prefix] ?? (prefix === '' ? '' : fail(at, `the undeclared prefix ${prefix}`));
    if (uri === xsNamespace) return {builtin: `xs:${local}`};
    if (uri === namespace) return {named: local};
    return fail(at, `the type ${qname} of another namespace`);
  };

  /**
   * The built-in datatype and codes of a simple type, through its restrictions.
   * @returns {{datatype: string, enumeration: string[] | null}}
   */
  const simple = (/** @type {import('../plugins/validator/engine/xml-parser.mjs').XmlElement} */ simpleType, depth = 0) => {
    if (depth > 16) fail(simpleType, 'a restriction chain deeper than 16');
    const [restriction, ...rest] = xsChildren(simpleType);
    if (!restriction || restriction.local !== 'restriction' || rest.length) fail(simpleType, 'a simple type other than a restriction');
    const facets = xsChildren(restriction);
    for (const f of facets) if (f.local !== 'enumeration') fail(f, `the facet xs:${f.local}`);
    const codes = facets.map((f) => attribute(f, 'value') ?? '');
    const base = attribute(restriction, 'base');
    let inherited;
    if (base) {
      const t = typeName(base, restriction);
      if ('builtin' in t) inherited = {datatype: /** @type {string} */ (t.builtin), enumeration: null};
      else {
        const named = simpleTypes.get(/** @type {string} */ (t.named)) ?? fail(restriction, `the unknown simple type ${base}`);
        inherited = simple(named, depth + 1);
      }
    } else {
      const inner = xsChildren(restriction).find((c) => c.local === 'simpleType') ?? fail(restriction, 'a restriction without base');
      inherited = simple(inner, depth + 1);
    }
    // A restriction's own codes narrow the inherited ones; none keeps them.
    return {datatype: inherited.datatype, enumeration: codes.length ? codes : inherited.enumeration};
  };

  /** @type {XsdElementFact[]} */
  const elements = [];
  const occurs = (/** @type {import('../plugins/validator/engine/xml-parser.mjs').XmlElement} */ el) => {
    const max = attribute(el, 'maxOccurs') ?? '1';
    return {
      minOccurs: Number(attribute(el, 'minOccurs') ?? '1'),
      maxOccurs: /** @type {number | 'unbounded'} */ (max === 'unbounded' ? 'unbounded' : Number(max)),
    };
  };

  /** The children of a complex type: its sequence's elements and wildcards, recorded below `path`. */
  const complex = (
    /** @type {import('../plugins/validator/engine/xml-parser.mjs').XmlElement} */ complexType,
    /** @type {string} */ path,
  ) => {
    for (const a of complexType.attributes) if (!['name'].includes(a.name)) fail(complexType, `the attribute ${a.name} of a complex type`);
    const parts = xsChildren(complexType);
    if (parts.length === 0) return; // an empty element
    const [sequence, ...rest] = parts;
    if (sequence.local !== 'sequence' || rest.length) fail(complexType, `xs:${parts.map((p) => p.local).join(', xs:')} in a complex type`);
    if (attribute(sequence, 'minOccurs') || attribute(sequence, 'maxOccurs')) fail(sequence, 'a sequence with occurrences');
    xsChildren(sequence).forEach((child, index) => {
      if (child.local === 'any') {
        for (const a of child.attributes)
          if (!['minOccurs', 'maxOccurs', 'namespace', 'processContents'].includes(a.name)) fail(child, `the attribute ${a.name}`);
        elements.push({
          path: `${path}/*`,
          position: index + 1,
          ...occurs(child),
          wildcard: true,
          namespace: attribute(child, 'namespace') ?? '##any',
          processContents: attribute(child, 'processContents') ?? 'strict',
        });
        return;
      }
      if (child.local !== 'element') fail(child, `xs:${child.local} in a sequence`);
      element(child, path, index + 1);
    });
  };

  const element = (
    /** @type {import('../plugins/validator/engine/xml-parser.mjs').XmlElement} */ el,
    /** @type {string} */ parentPath,
    /** @type {number} */ position,
  ) => {
    const name = attribute(el, 'name') ?? fail(el, 'an element without a name (a ref)');
    for (const a of el.attributes) if (!['name', 'type', 'minOccurs', 'maxOccurs'].includes(a.name)) fail(el, `the attribute ${a.name}`);
    const path = `${parentPath}/${name}`;
    /** @type {XsdElementFact} */
    const fact = {path, position, ...occurs(el)};
    if (parentPath !== '') elements.push(fact);
    const type = attribute(el, 'type');
    const inner = xsChildren(el);
    if (type) {
      if (inner.length) fail(el, 'an element with both a type and a type of its own');
      const t = typeName(type, el);
      if ('builtin' in t) fact.datatype = t.builtin;
      else if (simpleTypes.has(/** @type {string} */ (t.named)))
        Object.assign(fact, leafFacts(simple(/** @type {any} */ (simpleTypes.get(/** @type {string} */ (t.named))))));
      else if (complexTypes.has(/** @type {string} */ (t.named)))
        complex(/** @type {any} */ (complexTypes.get(/** @type {string} */ (t.named))), path);
      else fail(el, `the unknown type ${type}`);
    } else if (inner.length === 1 && inner[0].local === 'simpleType') Object.assign(fact, leafFacts(simple(inner[0])));
    else if (inner.length === 1 && inner[0].local === 'complexType') complex(inner[0], path);
    else if (inner.length === 0) fact.datatype = 'xs:anyType';
    else fail(el, 'an element with more than one type');
  };
  const leafFacts = (/** @type {{datatype: string, enumeration: string[] | null}} */ s) =>
    s.enumeration ? {datatype: s.datatype, enumeration: s.enumeration} : {datatype: s.datatype};

  element(roots[0], '', 1);
  return {
    namespace,
    elementFormDefault: attribute(schema, 'elementFormDefault') ?? 'unqualified',
    root: /** @type {string} */ (attribute(roots[0], 'name')),
    elements,
  };
}

/**
 * @typedef {object} SpecElement
 * @property {string} path element path from the root, as in XsdElementFact (`*` where the schema leaves an object open)
 * @property {string} pointer JSON Pointer of the property's schema in the spec (a wildcard: of its object's
 *   `additionalProperties`)
 * @property {string} inObject JSON Pointer of the object schema whose property it is
 * @property {string} field the message dictionary's path of the property (`timeInterval[].id.value`)
 * @property {number} position the property's place among its object's properties, 1-based
 * @property {number} minOccurs
 * @property {number | 'unbounded'} maxOccurs
 * @property {{type: string, format?: string} | null} json for a leaf: its JSON type and format
 * @property {string[]} [enumeration]
 * @property {true} [wildcard] the object allows other properties: in XML, any further elements, with any content
 */

/**
 * The XML form of a message as a spec describes it, in the shape of the XSD facts: each property an element named by
 * its `xml.name` or its name, in property order; a list a repeated element (maxOccurs its maxItems, else unbounded),
 * required ones at least once (a list: its minItems); a leaf with its JSON type and format and its codes; an object
 * that allows further properties a wildcard after its elements. A structure that contains itself ends where it recurs.
 * @param {Record<string, any>} components the spec's component schemas
 * @param {string} message the component of the message
 * @param {string} root the root element
 * @returns {SpecElement[]}
 */
export function specXmlFormOf(components, message, root) {
  /** @type {SpecElement[]} */
  const elements = [];
  const typeOf = (/** @type {any} */ s) => (Array.isArray(s?.type) ? s.type.find((/** @type {string} */ t) => t !== 'null') : s?.type);
  /** The pointer of a schema node: a $ref's target, else where it lies. */
  const targetOf = (/** @type {any} */ node, /** @type {string} */ pointer) => {
    for (let guard = 0; node && typeof node.$ref === 'string' && guard < 32; guard++) {
      pointer = pointerOfRef(node.$ref);
      node = components[/** @type {string} */ (componentNameOf(node.$ref))];
    }
    return pointer;
  };
  const walk = (
    /** @type {any} */ node,
    /** @type {string} */ path,
    /** @type {string} */ pointer,
    /** @type {string} */ field,
    /** @type {Set<string>} */ ancestors,
  ) => {
    const at = targetOf(node, pointer);
    if (ancestors.has(at)) return;
    const inner = new Set(ancestors).add(at);
    const schema = resolveField(node, components);
    if (!schema?.properties) return;
    const required = schema.required ?? [];
    Object.entries(schema.properties).forEach(([key, property], index) => {
      const propertyPointer = `${at}/properties/${jsonPointer.escape(key)}`;
      const resolved = resolveField(property, components);
      const list = typeOf(resolved) === 'array' || Boolean(resolved?.items);
      const itemNode = list ? resolved.items : property;
      const item = list ? resolveField(itemNode, components) : resolved;
      const name = /** @type {any} */ (property).xml?.name ?? resolved?.xml?.name ?? key;
      const elementPath = `${path}/${name}`;
      const isRequired = required.includes(key);
      const fieldPath = `${field ? `${field}.` : ''}${key}${list ? '[]' : ''}`;
      /** @type {SpecElement} */
      const element = {
        path: elementPath,
        pointer: propertyPointer,
        inObject: at,
        field: fieldPath,
        position: index + 1,
        minOccurs: isRequired ? (list ? Math.max(1, resolved.minItems ?? 0) : 1) : 0,
        maxOccurs: list ? (resolved.maxItems ?? 'unbounded') : 1,
        json: null,
      };
      const kind = typeOf(item);
      const isObject = kind === 'object' || item?.properties || item?.oneOf || item?.anyOf;
      if (!isObject) {
        element.json = {
          type: kind ?? (item?.const !== undefined ? typeof item.const : 'any'),
          ...(item?.format ? {format: item.format} : {}),
        };
        const codes = item?.enum ?? (item?.const !== undefined ? [item.const] : null);
        if (codes) element.enumeration = codes.map(String);
      }
      elements.push(element);
      if (isObject) walk(itemNode, elementPath, list ? `${propertyPointer}/items` : propertyPointer, fieldPath, inner);
    });
    if (schema.additionalProperties !== false)
      elements.push({
        path: `${path}/*`,
        pointer: `${at}/additionalProperties`,
        inObject: at,
        field,
        position: Object.keys(schema.properties).length + 1,
        minOccurs: 0,
        maxOccurs: 'unbounded',
        json: null,
        wildcard: true,
      });
  };
  walk({$ref: `#/components/schemas/${message}`}, `/${root}`, '', '', new Set());
  return elements;
}

/** Keywords that say nothing about which messages are valid, or that a walk by $ref makes redundant. */
const notFacts = new Set([
  'description',
  'title',
  'example',
  'examples',
  '$comment',
  '$schema',
  '$id',
  'definitions',
  '$defs',
  'discriminator',
  'xml',
  'externalDocs',
  'deprecated',
  'readOnly',
  'writeOnly',
]);

/**
 * A published JSON Schema, with the files it refers to, as a dictionary of component schemas in the layout of a
 * spec's components (every `$ref` a `#/components/schemas/<Name>`), so that the message dictionary's walker reads it
 * as it reads a spec. A schema that refers elsewhere (`#/definitions/X`, `#/$defs/X`, `./Condition.yaml`,
 * `#/components/schemas/X`) becomes the component X, or the file's name where the reference is to a whole file;
 * a schema that is only a reference is the component it refers to. Annotations are left out.
 * @param {(file: string) => any} load the parsed document of a file (paths relative to the folder of the files)
 * @param {string} file the file of the message schema
 * @param {string} [pointer] where the message schema is in it ('' for the whole file)
 * @returns {{components: Record<string, any>, message: string}}
 */
export function bundleJsonSchema(load, file, pointer = '') {
  /** @type {Record<string, any>} */
  const components = {};
  /** component name -> its target `file#pointer` */
  const targets = new Map();
  const dirOf = (/** @type {string} */ f) => (f.includes('/') ? f.slice(0, f.lastIndexOf('/') + 1) : '');
  const normalise = (/** @type {string} */ p) => {
    const out = [];
    for (const part of p.split('/')) {
      if (part === '..') out.pop();
      else if (part !== '.' && part !== '') out.push(part);
    }
    return out.join('/');
  };
  const at = (/** @type {string} */ f, /** @type {string} */ p) => {
    try {
      return jsonPointer.get(load(f), p);
    } catch {
      throw new Error(`${f}: no ${p}`);
    }
  };
  /** The file and pointer a $ref in `from` names. */
  const resolveRef = (/** @type {string} */ ref, /** @type {string} */ from) => {
    const [f, p = ''] = ref.split('#');
    return {file: f ? normalise(dirOf(from) + f) : from, pointer: p};
  };
  /** Follows references that are all a schema is (annotations aside) to the schema they name. */
  const canonical = (/** @type {string} */ f, /** @type {string} */ p) => {
    for (let guard = 0; guard < 32; guard++) {
      const node = at(f, p);
      const keys = Object.keys(node ?? {}).filter((k) => !notFacts.has(k));
      if (!(keys.length === 1 && typeof node.$ref === 'string')) return {file: f, pointer: p};
      ({file: f, pointer: p} = resolveRef(node.$ref, f));
    }
    throw new Error(`${f}#${p}: a chain of references without end`);
  };
  const nameOf = (/** @type {string} */ f, /** @type {string} */ p) => {
    const name =
      p === '' ? /** @type {string} */ (f.split('/').pop()).replace(/\.(ya?ml|json)$/, '') : /** @type {string} */ (p.split('/').pop());
    const target = `${f}#${p}`;
    const known = targets.get(name);
    if (known && known !== target) throw new Error(`${f}#${p} and ${known} would both be the component ${name}`);
    if (!known) {
      targets.set(name, target);
      components[name] = copy(at(f, p), f);
    }
    return name;
  };
  const copy = (/** @type {any} */ node, /** @type {string} */ f) => {
    if (Array.isArray(node)) return node.map((n) => copy(n, f));
    if (!node || typeof node !== 'object') return node;
    if (typeof node.$ref === 'string') {
      const target = resolveRef(node.$ref, f);
      const c = canonical(target.file, target.pointer);
      const rest = Object.fromEntries(Object.entries(node).filter(([k]) => k !== '$ref' && !notFacts.has(k)));
      const ref = {$ref: `#/components/schemas/${nameOf(c.file, c.pointer)}`};
      return Object.keys(rest).length ? {allOf: [ref], ...copyMembers(rest, f)} : ref;
    }
    return copyMembers(node, f);
  };
  /** A schema's own keywords, copied; `properties` holds names, not keywords. */
  const copyMembers = (/** @type {Record<string, any>} */ node, /** @type {string} */ f) => {
    /** @type {Record<string, any>} */
    const out = {};
    for (const [k, v] of Object.entries(node)) {
      if (notFacts.has(k)) continue;
      if (k === 'properties' || k === 'patternProperties')
        out[k] = Object.fromEntries(Object.entries(v).map(([name, s]) => [name, copy(s, f)]));
      else if (k === 'enum' || k === 'const' || k === 'required') out[k] = v;
      else out[k] = copy(v, f);
    }
    return out;
  };
  const c = canonical(file, pointer);
  const message = nameOf(c.file, c.pointer);
  return {components, message};
}

/** Whether a schema (its $refs followed) describes a value rather than a structure. */
function isLeaf(/** @type {any} */ node, /** @type {Record<string, any>} */ components) {
  for (let guard = 0; node && typeof node.$ref === 'string' && guard < 32; guard++)
    node = components[/** @type {string} */ (componentNameOf(node.$ref))];
  if (!node || typeof node !== 'object') return false;
  if (node.properties || node.items || node.oneOf || node.anyOf || node.type === 'object' || node.type === 'array') return false;
  return (node.allOf ?? []).every((/** @type {any} */ part) => isLeaf(part, components));
}

/**
 * The schemas of a value given as several parts (a `$ref` with keywords beside it, an `allOf` of a datatype) as one
 * schema: JSON Schema applies every part, so types and formats that differ are both kept (`number&string`, which no
 * value has) and codes are the ones every part allows. Structures are left to the walker. Not allof-merge: where parts
 * contradict it drops the keyword, and the facts must keep what the published schema states (Inquiry Pay Equity 1.0's
 * amounts, `number&string`).
 * @param {Record<string, any>} components
 * @returns {Record<string, any>}
 */
function withLeavesMerged(components) {
  const flat = (/** @type {any} */ node) => {
    for (let guard = 0; node && typeof node.$ref === 'string' && guard < 32; guard++)
      node = components[/** @type {string} */ (componentNameOf(node.$ref))];
    if (!node?.allOf) return node;
    const {allOf, ...own} = node;
    return allOf.map(flat).reduce(conjunction, own);
  };
  const conjunction = (/** @type {any} */ a, /** @type {any} */ b) => {
    const out = {...a};
    for (const [k, v] of Object.entries(b ?? {})) {
      if (!(k in out) || JSON.stringify(out[k]) === JSON.stringify(v)) out[k] = v;
      else if (k === 'enum') out[k] = out[k].filter((/** @type {unknown} */ x) => v.includes(x));
      else if (k === 'required') out[k] = [...new Set([...out[k], ...v])];
      else if (typeof v === 'string') out[k] = [...new Set([...String(out[k]).split('&'), v])].sort().join('&');
      else out[k] = [out[k], v];
    }
    return out;
  };
  const visit = (/** @type {any} */ node) => {
    if (Array.isArray(node)) return node.map(visit);
    if (!node || typeof node !== 'object') return node;
    if (node.allOf && isLeaf(node, components)) return flat(node);
    /** @type {Record<string, any>} */
    const out = {};
    for (const [k, v] of Object.entries(node)) {
      if (k === 'properties') out[k] = Object.fromEntries(Object.entries(v).map(([name, s]) => [name, visit(s)]));
      else if (k === 'enum' || k === 'const' || k === 'required') out[k] = v;
      else out[k] = visit(v);
    }
    return out;
  };
  return Object.fromEntries(Object.entries(components).map(([name, schema]) => [name, visit(schema)]));
}

/** The validation keywords of a field that the facts record beside its type and cardinality. */
const leafKeywords = [
  'format',
  'pattern',
  'enum',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'multipleOf',
  'uniqueItems',
];

/**
 * @typedef {object} JsonFieldFact
 * @property {string} path the dictionary path (`remuneration[].salaryScale[].currency`, `conditions[](AgeCondition).age`)
 * @property {string} type the JSON type (`string`, `object`, `array`, `string|null`, …)
 * @property {true} [required]
 * @property {number} [minItems]
 * @property {number} [maxItems]
 * @property {string} [items] a list's item type
 * @property {boolean} [closed] an object: whether it allows no other properties
 * @property {string} [recursionOf] where the structure of this field is given, when it contains itself
 */

/**
 * The facts of a message's JSON form: every field, in document order, with its type, whether it is required, a list's
 * bounds, an object's closedness, and its value rules (format, pattern, codes, bounds; a list's: of its items).
 * @param {Record<string, any>} components
 * @param {string} message
 * @returns {JsonFieldFact[]}
 */
export function jsonFactsOf(components, message) {
  const {entries, root} = fieldsOf(withLeavesMerged(components), message);
  const closed = (/** @type {any} */ s) => (s?.properties || s?.type === 'object' ? s.additionalProperties === false : undefined);
  /** @type {any} */
  const rootFact = {path: '', type: 'object'};
  if (closed(root.schema) !== undefined) rootFact.closed = closed(root.schema);
  const facts = [rootFact];
  for (const e of entries) {
    /** @type {any} */
    const fact = {path: e.path, type: e.type};
    if (e.required) fact.required = true;
    const list = e.itemSchema !== null;
    const own = list ? e.itemSchema : e.schema;
    if (list) {
      if (e.schema.minItems !== undefined) fact.minItems = e.schema.minItems;
      if (e.schema.maxItems !== undefined) fact.maxItems = e.schema.maxItems;
      fact.items = e.itemType;
    }
    const isClosed = closed(own);
    if (isClosed !== undefined) fact.closed = isClosed;
    for (const k of leafKeywords) if (own?.[k] !== undefined) fact[k] = own[k];
    if (own?.const !== undefined) fact.enum = [own.const];
    if (e.recursionOf !== null) fact.recursionOf = e.recursionOf;
    facts.push(fact);
  }
  return facts;
}

const schematronNamespace = 'http://purl.oclc.org/dsdl/schematron';

/**
 * @typedef {object} SchematronRule a business rule of a Schematron file (`sch:rule`)
 * @property {number} number its number (`fpi`), as SETU numbers its business rules (BR 282)
 * @property {string[][]} contexts the element paths it applies to, one per alternative of its `context` (`a | b`), each
 *   as its element names without namespace prefix and predicates: `/setu:PlanningRequest/setu:singlePlanningLine[…]`
 *   is ['PlanningRequest', 'singlePlanningLine']
 * @property {string[]} flags the `flag` of each of its assertions (`error`, `warning`), once each
 */

/**
 * The business rules of a Schematron file. A step written without its prefix (`/setu:PlanningRequest/singlePlanningLine`,
 * which XPath reads as an element in no namespace, so that it never matches) is read as the message's element, as it is
 * evidently meant. Throws on what these facts cannot say (a rule without a number or context).
 * @param {string} text
 * @param {string} file for messages
 * @returns {SchematronRule[]}
 */
export function schematronRulesOf(text, file) {
  const {root: schema} = parseXml(text);
  if (schema.uri !== schematronNamespace || schema.local !== 'schema') throw new Error(`${file}: not a Schematron schema`);
  /** @type {SchematronRule[]} */
  const rules = [];
  for (const pattern of schema.children.filter((c) => c.uri === schematronNamespace && c.local === 'pattern')) {
    for (const rule of pattern.children.filter((c) => c.uri === schematronNamespace && c.local === 'rule')) {
      const number = Number(attribute(rule, 'fpi'));
      const context = attribute(rule, 'context');
      if (!Number.isInteger(number) || !context) throw new Error(`${file}:${rule.line}: a rule without a number (fpi) or context`);
      const contexts = context.split('|').map((alternative) =>
        alternative
          .replace(/\[[^\]]*\]/g, '')
          .split('/')
          .map((step) => step.trim().replace(/^\w+:/, ''))
          .filter(Boolean),
      );
      const flags = [
        ...new Set(
          rule.children.filter((c) => c.uri === schematronNamespace && c.local === 'assert').map((a) => attribute(a, 'flag') ?? 'error'),
        ),
      ];
      rules.push({number, contexts, flags});
    }
  }
  return rules.sort((a, b) => a.number - b.number);
}

/**
 * The published business rules that apply to a message, or to the lines of a message (`element`: the element of its
 * line body, `periodicPlanningLine`): those whose context is the message, an element inside it, or for lines that
 * element or one inside it.
 * @param {SchematronRule[]} rules
 * @param {string} message the root element
 * @param {string} [element] the line element
 */
export function rulesFor(rules, message, element) {
  const start = element ? [message, element] : [message];
  return rules.filter((r) => r.contexts.some((steps) => start.every((name, i) => steps[i] === name)));
}
