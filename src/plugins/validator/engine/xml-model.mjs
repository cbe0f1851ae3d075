// The XML form of a SETU message and its message model (the JSON value the specs describe), both
// ways, driven by the component schemas of the spec (the stripped structure of schemas.mjs).
//
// The XML form has the same element names as the JSON properties, in the order of the message
// model (the published XSDs are sequences); a JSON array is a repeated element; every value is
// text. From XML, the schema tells which elements are lists, numbers, booleans and objects, so that
// the very validators of the JSON messages judge the result. What only the XML form can get wrong
// (order, unknown or repeated elements, mixed text, namespaces, attributes) is reported here, with
// the element path and the line of the element.
import {toPointer, unescapeToken} from './json-scanner.mjs';
import {preview} from './errors.mjs';
import {collapse, datatypeOf, datatypeWords, jsonNeedOf, jsonValueOf, lexicalFault} from './xsd-datatypes.mjs';
import {XmlElement, firstChildOf, hasAttributesOf, hasTextOf, namesOf, nextSiblingOf, textOf} from './xml-parser.mjs';

/**
 * @typedef {object} XmlProblem
 * @property {string} pointer JSON pointer in the message model (for a stray element: where it would be)
 * @property {string} path element path, e.g. /Timecard/timeInterval[2]/id
 * @property {string} rule e.g. "element order"
 * @property {string} message in words
 * @property {number} line
 * @property {number} column
 */

/**
 * A value the XSD's datatype judged: the check leaves the JSON Schema `format` and `type` of its field to this
 * judgement (see checkXml in check.mjs).
 * @typedef {object} JudgedValue
 * @property {import('./xsd-datatypes.mjs').XsdType} datatype
 * @property {string} path element path
 * @property {string} text the value as read (collapsed, except for xs:string)
 * @property {import('./xsd-datatypes.mjs').JsonNeed | null} jsonNeed what the JSON form would need beyond the valid XML value
 */

/**
 * @typedef {object} XmlMapping
 * @property {unknown} value the message model
 * @property {PointerMap<{line: number, column: number}>} located each element's pointer -> its place (the element itself,
 *   whose start tag is there)
 * @property {XmlProblem[]} problems
 * @property {PointerMap<JudgedValue>} judged model pointer -> the leaf whose datatype was checked (valid or not); its
 *   notable values are those the JSON form would write otherwise (jsonNeed)
 * @property {WildcardExtra[]} wildcardExtras elements the model accepts where the XSD has a strict wildcard that does not
 *   (see the catalog's `xml.wildcards`)
 */

/**
 * An element that only a repair of the XML form accepts: one in a place of the XSD's strict wildcard that is not one of
 * the XSD's global elements.
 * @typedef {object} WildcardExtra
 * @property {string} place the element path below the root of the element whose sequence has the wildcard
 * @property {string} path the element's path
 * @property {string} pointer its model pointer
 * @property {number} line
 * @property {number} column
 */

const hasOwn = Object.prototype.hasOwnProperty;
const xsiNamespace = 'http://www.w3.org/2001/XMLSchema-instance';
/** Beyond the deepest SETU message: elements nested deeper inside a part the schema leaves open are not read. */
const maxOpenDepth = 32;

/** Whether a property name can be an XML element name (an NCName; no spaces or colons). */
export const isElementName = (/** @type {string} */ name) => /^[A-Za-z_][\w.-]*$/.test(name) && !/^xml/i.test(name);

/** Resolved schemas per component set and node: a message's elements resolve the same few schemas again and again. */
const resolvedCache = new WeakMap();

// The engine's own $ref and allOf code, not json-pointer or allof-merge (the build's): it runs in the web worker and stays small.
/**
 * A schema with its $refs followed and allOf parts merged; null where it cannot be resolved. The result is shared:
 * callers read it and never change it.
 * @param {any} node
 * @param {Record<string, any>} components
 * @returns {any}
 */
export function resolveSchema(node, components) {
  if (!node || typeof node !== 'object' || !components || typeof components !== 'object') return resolveUncached(node, components);
  // Resolved already (as the shapes' property schemas are): nothing to follow or merge.
  if (node.$ref === undefined && node.allOf === undefined) return node;
  let byNode = resolvedCache.get(components);
  if (!byNode) resolvedCache.set(components, (byNode = new WeakMap()));
  let resolved = byNode.get(node);
  if (resolved === undefined) byNode.set(node, (resolved = resolveUncached(node, components)));
  return resolved;
}

/**
 * @param {any} node
 * @param {Record<string, any>} components
 * @returns {any}
 */
function resolveUncached(node, components) {
  for (let guard = 0; node && guard < 32; guard++) {
    if (typeof node.$ref === 'string') node = components[node.$ref.replace('#/components/schemas/', '')];
    else if (Array.isArray(node.allOf)) {
      const properties = {};
      const required = [...(node.required ?? [])];
      let type = node.type;
      let closed = node.additionalProperties;
      for (const part of node.allOf.map((/** @type {any} */ p) => resolveSchema(p, components))) {
        Object.assign(properties, part?.properties ?? {});
        required.push(...(part?.required ?? []));
        type ??= part?.type;
        closed ??= part?.additionalProperties;
      }
      Object.assign(properties, node.properties ?? {});
      const merged = {...node, type, required, additionalProperties: closed, properties};
      delete merged.allOf;
      return merged;
    } else return node;
  }
  return null;
}

/**
 * What the mapping records per element or value, by its model pointer: where each element is, which values the XSD
 * judged. A large message has an entry per element, while a check looks up none (a valid message) or a few (its
 * errors), and keeping 100,000 entries cost a third of the mapping's time. So the mapping keeps none: the first
 * look-up maps the message again, recording every entry (the same mapping, so the same entries). What `notable`
 * picks is kept as it is set, for the check to read without a look-up.
 * @template T
 */
class PointerMap {
  /** @type {Map<string, T> | null} */
  #entries;
  /** @type {(() => Map<string, T>) | null} */
  #record;
  /** @type {(value: T) => boolean} */
  #isNotable;
  /** @type {T[]} */
  #notable = [];

  /**
   * @param {(() => Map<string, T>) | null} record makes the entries when they are first looked up; null: keep them as set
   * @param {(value: T) => boolean} [isNotable] the values to keep in any case
   */
  constructor(record, isNotable = () => false) {
    this.#record = record;
    this.#entries = record ? null : new Map();
    this.#isNotable = isNotable;
  }

  /** @param {string} key @param {T} value */
  set(key, value) {
    if (this.#isNotable(value)) this.#notable.push(value);
    if (!this.#record) this.#entries?.set(key, value);
    return this;
  }

  /** Every entry. */
  entries() {
    return (this.#entries ??= /** @type {() => Map<string, T>} */ (this.#record)());
  }

  /** @param {string} key */
  get(key) {
    return this.entries().get(key);
  }

  /** @param {string} key */
  has(key) {
    return this.entries().has(key);
  }

  /** The notable values, in the order they were set. */
  notable() {
    return this.#notable;
  }
}

/** What a schema describes, as far as the XML form is concerned. */
function kindOf(/** @type {any} */ schema) {
  if (!schema) return 'any';
  if (schema.oneOf || schema.anyOf) return 'choice';
  const type = Array.isArray(schema.type) ? schema.type.find((/** @type {string} */ t) => t !== 'null') : schema.type;
  if (type === 'array') return 'array';
  if (type === 'object' || schema.properties) return 'object';
  if (type === 'number' || type === 'integer' || type === 'boolean' || type === 'string') return type;
  return 'any';
}

/**
 * For a oneOf/anyOf: the alternative that knows all the given property names (else the one that knows most).
 * @param {any} schema
 * @param {string[]} names
 * @param {Record<string, any>} components
 */
function chooseAlternative(schema, names, components) {
  const alternatives = (schema.oneOf ?? schema.anyOf).map((/** @type {any} */ a) => resolveSchema(a, components));
  let best = alternatives[0];
  let bestKnown = -1;
  for (const alternative of alternatives) {
    const known = names.filter((n) => hasOwn.call(alternative?.properties ?? {}, n)).length;
    if (known === names.length) return alternative;
    if (known > bestKnown) {
      best = alternative;
      bestKnown = known;
    }
  }
  return best;
}

/**
 * The property names, in the order of the model (the XSD's sequence), of the object at a model pointer of a message,
 * walking its schema from the message's type (a oneOf by the properties the value has); null where the schema
 * describes no object there.
 * @param {unknown} message the message model
 * @param {string} pointer e.g. /customer/personContacts/0
 * @param {{typeName: string, components: Record<string, any>}} context
 * @returns {string[] | null}
 */
export function propertyOrderAt(message, pointer, {typeName, components}) {
  let schema = resolveSchema(components[typeName], components);
  /** @type {any} */
  let value = message;
  const segments = pointer === '' ? [] : pointer.slice(1).split('/').map(unescapeToken);
  for (let i = 0; ; i++) {
    if (schema && (schema.oneOf || schema.anyOf))
      schema = chooseAlternative(schema, value && typeof value === 'object' ? Object.keys(value) : [], components);
    if (i === segments.length) break;
    const segment = segments[i];
    if (!schema) return null;
    if (Array.isArray(value)) schema = resolveSchema(schema.items, components);
    else if (schema.properties && hasOwn.call(schema.properties, segment)) schema = resolveSchema(schema.properties[segment], components);
    else return null;
    value = value?.[segment];
  }
  return schema?.properties ? Object.keys(schema.properties) : null;
}

const code = (/** @type {string} */ s) => `\`${s}\``;

/**
 * What the mapping needs of an object schema, worked out once per schema: its property names in the order of the
 * model, and for each element name the property it is, its place in that order, its pointer token, its resolved
 * schema and whether it is a list.
 * @typedef {object} ObjectShape
 * @property {string[]} names
 * @property {(name: string) => string} elementOf the element name of a property
 * @property {Map<string, {name: string, index: number, token: string, schema: any, isList: boolean, items: any}>} byElement
 *   (`items`: a list's item schema, resolved)
 * @property {boolean} closed
 */
/** @type {WeakMap<object, WeakMap<object, ObjectShape>>} */
const shapeCache = new WeakMap();

/** The shapes of a component set's schemas. */
function shapesOf(/** @type {Record<string, any>} */ components) {
  let bySchema = shapeCache.get(components);
  if (!bySchema) shapeCache.set(components, (bySchema = new WeakMap()));
  return bySchema;
}

/** @returns {ObjectShape} */
function shapeOf(
  /** @type {any} */ schema,
  /** @type {Record<string, any>} */ components,
  /** @type {WeakMap<object, ObjectShape>} */ bySchema = shapesOf(components),
) {
  let shape = bySchema.get(schema);
  if (!shape) bySchema.set(schema, (shape = shapeMade(schema, components)));
  return shape;
}

/** @returns {ObjectShape} */
function shapeMade(/** @type {any} */ schema, /** @type {Record<string, any>} */ components) {
  // Apart from shapeOf, which runs once per element: the closures here made every call of it allocate their context.
  const properties = schema.properties ?? {};
  const names = Object.keys(properties);
  // A property's element has the property's name, unless its schema names another (OpenAPI `xml.name`: the
  // v2.0 planning `costAllocation` is the element `costAllocationRef`, as in the published XSD).
  const elementOf = (/** @type {string} */ n) => properties[n]?.xml?.name ?? n;
  const byElement = new Map(
    names.map((name, index) => {
      const child = resolveSchema(properties[name], components);
      const isList = kindOf(child) === 'array';
      const items = isList ? resolveSchema(child.items, components) : null;
      return [elementOf(name), {name, index, token: toPointer([name]), schema: child, isList, items}];
    }),
  );
  return {names, elementOf, byElement, closed: schema.additionalProperties === false};
}

/**
 * An element's place in the XSD: its element path without the root and the positions (xsdPathOf), and the datatype
 * the XSD gives it there, each worked out once per place rather than once per element (a message repeats a few
 * hundred places thousands of times).
 * @typedef {object} XsdPlace
 * @property {string} path e.g. timeInterval/id/value
 * @property {Map<string, XsdPlace>} children by element name
 * @property {import('./xsd-datatypes.mjs').XsdType | undefined} datatype
 */

/** The place of the child `element` of the element at `place` (null: the root). */
function xsdChild(/** @type {XsdPlace | null} */ place, /** @type {string} */ element, /** @type {Map<string, XsdPlace>} */ top) {
  const children = place ? place.children : top;
  let child = children.get(element);
  if (!child)
    children.set(element, (child = {path: place ? `${place.path}/${element}` : element, children: new Map(), datatype: undefined}));
  return child;
}

/**
 * The order of two elements in words, e.g. "id, period". Apart from map(), which runs once per element: a closure
 * there over its variables would make every call of it allocate them a context.
 * @param {string[]} names the properties of the object, in order
 * @param {(name: string) => string} elementOf
 * @param {string} name the property out of order
 * @param {string} lastName the element it must come before
 */
function orderWords(names, elementOf, name, lastName) {
  return names
    .filter((n) => n === name || elementOf(n) === lastName)
    .map(elementOf)
    .join(', ');
}

/** Sets an own property as JSON.parse does: an element called "__proto__" becomes a property, never the prototype. */
function setOwn(/** @type {Record<string, unknown>} */ object, /** @type {string} */ key, /** @type {unknown} */ value) {
  // Only "__proto__" is an accessor of Object.prototype; any other name is assigned as an own property (and
  // assignment is many times faster than defineProperty).
  if (key === '__proto__') Object.defineProperty(object, key, {value, writable: true, enumerable: true, configurable: true});
  else object[key] = value;
  return value;
}

/**
 * Maps the XML tree of a message to its message model.
 * @param {XmlElement} root
 * @param {{typeName: string, components: Record<string, any>, namespace: string, datatypes?: Record<string, string> | null, wildcards?: Record<string, {global: string[]}> | null, record?: boolean}} context
 *   the message type, the component schemas of its spec, the namespace its elements must be in (reported once, at
 *   the root, by the caller), and the datatypes of its XSD (the catalog's `xml.datatypes`; null: no XSD, see datatypeOf); `record`:
 *   keep every entry of `located` and `judged` as they are set (else they are made at the first look-up)
 * @returns {XmlMapping}
 */
export function xmlToModel(root, context) {
  const {typeName, components, namespace, datatypes = null, wildcards = null, record = false} = context;
  /** @type {WildcardExtra[]} */
  const wildcardExtras = [];
  const shapes = shapesOf(components);
  // map() and leaf() read the elements by their rows (see namesOf in xml-parser.mjs); a view is made where one is
  // reported or recorded.
  const {tree} = root;
  const view = (/** @type {number} */ e) => new XmlElement(tree, e);
  /** @type {XmlMapping | null} the same mapping, recording every entry: made at the first look-up */
  let recorded = null;
  const again = () => (recorded ??= xmlToModel(root, {...context, record: true}));
  /** @type {XmlMapping['located']} */
  const located = new PointerMap(record ? null : () => again().located.entries());
  /** @type {XmlMapping['judged']} */
  const judged = new PointerMap(record ? null : () => again().judged.entries(), (j) => j.jsonNeed !== null);
  /** @type {XmlProblem[]} */
  const problems = [];
  const problem = (
    /** @type {XmlElement} */ at,
    /** @type {string} */ pointer,
    /** @type {string} */ path,
    /** @type {string} */ rule,
    /** @type {string} */ message,
    /** @type {{line: number, column: number}} */ place = at,
  ) => problems.push({pointer, path, rule, message, line: place.line, column: place.column});

  // Where map() is: the element at each depth of the chain from the root (0) to the current one, by its pointer token,
  // its element name and its place in its list (-1: not in a list). Its pointer and path strings are made from them
  // only where something is reported or recorded: made for every element, they cost a quarter of the mapping.
  /** @type {string[]} */
  const tokens = [''];
  /** @type {string[]} */
  const steps = [root.local];
  /** @type {number[]} */
  const positions = [-1];
  /** The model pointer of the element at `depth` of the chain, e.g. /timeInterval/2/id. */
  const pointerAt = (/** @type {number} */ depth) => {
    let pointer = '';
    for (let d = 1; d <= depth; d++) pointer += positions[d] < 0 ? tokens[d] : `${tokens[d]}/${positions[d]}`;
    return pointer;
  };
  /** The element path of the element at `depth` of the chain, e.g. /Timecard/timeInterval[3]/id. */
  const pathAt = (/** @type {number} */ depth) => {
    let path = '';
    for (let d = 0; d <= depth; d++) path += positions[d] < 0 ? `/${steps[d]}` : `/${steps[d]}[${positions[d] + 1}]`;
    return path;
  };

  /** Attributes: a SETU message carries its data in elements; only namespace declarations and xsi: attributes may appear. */
  const checkAttributes = (/** @type {number} */ e, /** @type {number} */ depth) => {
    if (!hasAttributesOf(tree, e)) return;
    const el = view(e);
    for (const a of el.attributes) {
      if (a.name === 'xmlns' || a.prefix === 'xmlns' || a.uri === xsiNamespace) continue;
      problem(
        el,
        pointerAt(depth),
        `${pathAt(depth)}/@${a.name}`,
        'unknown attribute',
        `Unknown attribute ${code(a.name)} on ${code(el.name)}: the XML form of a SETU message carries its data in elements, not attributes.`,
      );
    }
  };

  /**
   * A value: checked by the lexical rules of its XSD datatype (non-string types collapse their whitespace first),
   * then mapped to its JSON value. An invalid form is an error; a valid one that the JSON form would write
   * otherwise (a time without offset) is recorded, for the check to note. Text that is no valid form stays a
   * string, so that the model still shows it. An xs:string keeps its whitespace, a code of a list too (the XSD
   * compares `Customer ` with its codes as it is); one whose JSON form has a format or pattern is recorded as judged,
   * as the XSD accepts any text there.
   */
  const leaf = (
    /** @type {number} */ e,
    /** @type {string} */ kind,
    /** @type {any} */ schema,
    /** @type {number} */ depth,
    /** @type {XsdPlace | null} */ place,
  ) => {
    // With an XSD, the datatype is the XSD's at the element's place (the same for every element there); without,
    // it follows the JSON type and format, which a choice of alternatives can make differ at one place.
    const datatype =
      datatypes && place
        ? (place.datatype ??= datatypeOf(kind, schema, datatypes, pathAt(depth)))
        : datatypeOf(kind, schema, datatypes, pathAt(depth));
    if (datatype === 'xs:string') {
      const text = textOf(tree, e);
      if (schema?.format || schema?.pattern) {
        const jsonNeed = schema.format ? jsonNeedOf(datatype, schema.format, text) : null;
        // Unless recording, only a notable judgement is kept (see PointerMap): none other is made.
        if (record || jsonNeed !== null) judged.set(pointerAt(depth), {datatype, path: pathAt(depth), text, jsonNeed});
      }
      return text;
    }
    const text = collapse(textOf(tree, e));
    const fault = lexicalFault(datatype, text);
    if (fault) {
      const path = pathAt(depth);
      problem(
        view(e),
        pointerAt(depth),
        path,
        datatype,
        `${code(path)} must be ${datatypeWords[datatype]} (${datatype}); found ${preview(text)}: ${fault}.`,
      );
      judged.set(pointerAt(depth), {datatype, path, text, jsonNeed: null});
      return text;
    }
    const jsonNeed = schema?.format ? jsonNeedOf(datatype, schema.format, text) : null;
    if (record || jsonNeed !== null) judged.set(pointerAt(depth), {datatype, path: pathAt(depth), text, jsonNeed});
    return jsonValueOf(datatype, text);
  };

  /** A part the schema leaves open: children become properties (repeated names lists), leaves text. */
  const mapOpen = (
    /** @type {XmlElement} */ el,
    /** @type {string} */ pointer,
    /** @type {string} */ path,
    /** @type {number} */ depth,
  ) => {
    located.set(pointer, el);
    // Read once: each read makes the list (the tree is flat, see xml-parser.mjs).
    const {children} = el;
    if (children.length === 0) return el.text;
    if (depth >= maxOpenDepth) {
      problem(
        el,
        pointer,
        path,
        'nesting',
        `The elements inside ${code(path)} are nested more than ${maxOpenDepth} levels deep, deeper than any SETU message; they were not read.`,
      );
      return {};
    }
    /** @type {Record<string, unknown>} */
    const out = {};
    for (const child of children) {
      const name = child.local;
      const childPointer = `${pointer}${toPointer([name])}`;
      if (hasOwn.call(out, name)) {
        const list = Array.isArray(out[name]) ? /** @type {unknown[]} */ (out[name]) : setOwn(out, name, [out[name]]);
        /** @type {unknown[]} */ (list).push(
          mapOpen(
            child,
            `${childPointer}/${/** @type {unknown[]} */ (list).length}`,
            `${path}/${name}[${/** @type {unknown[]} */ (list).length + 1}]`,
            depth + 1,
          ),
        );
      } else setOwn(out, name, mapOpen(child, childPointer, `${path}/${name}`, depth + 1));
    }
    return out;
  };

  /**
   * @param {number} e the element's row
   * @param {any} schemaNode
   * @param {number} depth its depth in the chain (tokens, steps and positions hold its place)
   * @param {XsdPlace | null} place its place in the XSD (null: the root)
   * @returns {unknown}
   */
  const map = (e, schemaNode, depth, place) => {
    // Unless recording, located keeps nothing (see PointerMap): no pointer is made.
    if (record) located.set(pointerAt(depth), view(e));
    checkAttributes(e, depth);
    // The children are walked (firstChildOf, nextSiblingOf), not listed: see XmlElement.firstChild.
    const firstChild = firstChildOf(tree, e);
    let schema = resolveSchema(schemaNode, components);
    let kind = kindOf(schema);
    if (kind === 'choice') {
      schema = chooseAlternative(
        schema,
        view(e).children.map((c) => c.local),
        components,
      );
      kind = kindOf(schema);
    }
    if (kind === 'any' || kind === 'array') return mapOpen(view(e), pointerAt(depth), pathAt(depth), 0);
    if (kind !== 'object') {
      if (firstChild >= 0) {
        const path = pathAt(depth);
        const first = view(firstChild);
        problem(
          view(e),
          pointerAt(depth),
          path,
          'type',
          `${code(path)} holds a value (${kind === 'string' ? 'text' : `a ${kind}`}), not elements; found ${code(first.name)} inside it.`,
          first,
        );
        return textOf(tree, e);
      }
      return leaf(e, kind, schema, depth, place);
    }
    // An object: its elements in the order of the message model.
    const hasText = hasTextOf(tree, e);
    if (firstChild < 0 && hasText) return textOf(tree, e); // text where elements belong: the schema check says what is expected
    if (hasText) {
      const el = view(e);
      problem(
        el,
        pointerAt(depth),
        pathAt(depth),
        'mixed text',
        `Text directly inside ${code(pathAt(depth))}, between its elements: an element of a SETU message holds either elements or text, never both.`,
        /** @type {{line: number, column: number}} */ (el.textAt),
      );
    }
    const {names, elementOf, byElement, closed} = shapeOf(schema, components, shapes);
    /** @type {Record<string, unknown>} */
    const out = {};
    let lastIndex = -1;
    let lastName = '';
    for (let c = firstChild; c >= 0; c = nextSiblingOf(tree, c)) {
      const qualified = namesOf(tree, c);
      const element = qualified.local;
      const property = byElement.get(element);
      const name = property ? property.name : element;
      const token = property ? property.token : toPointer([name]);
      if (qualified.uri !== namespace) {
        problem(
          view(c),
          `${pointerAt(depth)}${token}`,
          `${pathAt(depth)}/${qualified.name}`,
          'namespace',
          `${code(qualified.name)} is in ${qualified.uri ? `the namespace ${code(qualified.uri)}` : 'no namespace'}; the elements of this message belong to ${namespace ? code(namespace) : 'no namespace'}.`,
        );
        continue;
      }
      if (!property) {
        if (closed) {
          const allowed = names.length > 0 ? ` Allowed here, in this order: ${names.map(elementOf).join(', ')}.` : '';
          problem(
            view(c),
            `${pointerAt(depth)}${token}`,
            `${pathAt(depth)}/${name}`,
            'unknown element',
            `Unknown element ${code(name)}: the message model has no such element in ${code(pathAt(depth))}.${allowed}`,
          );
        } else {
          // Where the XSD has a strict wildcard, only its global elements are accepted: a repair of the XML form
          // accepts any (check.mjs notes it).
          const wildcard = wildcards && place ? wildcards[place.path] : undefined;
          if (wildcard && !wildcard.global.includes(element)) {
            const at = view(c);
            wildcardExtras.push({
              place: place?.path ?? '',
              path: `${pathAt(depth)}/${name}`,
              pointer: `${pointerAt(depth)}${token}`,
              line: at.line,
              column: at.column,
            });
          }
          // The schema leaves this object open (as JSON, any further property is allowed): read it as it is.
          if (!hasOwn.call(out, name)) setOwn(out, name, mapOpen(view(c), `${pointerAt(depth)}${token}`, `${pathAt(depth)}/${name}`, 0));
        }
        continue;
      }
      const {index, schema: childSchema, isList, items} = property;
      if (index < lastIndex) {
        const expected = orderWords(names, elementOf, name, lastName);
        problem(
          view(c),
          `${pointerAt(depth)}${token}`,
          `${pathAt(depth)}/${element}`,
          'element order',
          `${code(element)} must come before ${code(lastName)} in ${code(pathAt(depth))} (order: ${expected}): the elements follow the order of the message model.`,
        );
      } else if (index === lastIndex && !isList) {
        problem(
          view(c),
          `${pointerAt(depth)}${token}`,
          `${pathAt(depth)}/${element}`,
          'repeated element',
          `${code(element)} appears more than once in ${code(pathAt(depth))}; it is a single element, not a list.`,
        );
        continue;
      }
      if (index > lastIndex) {
        lastIndex = index;
        lastName = element;
      }
      // The child's place in the chain, for map() and whatever it reports.
      tokens[depth + 1] = token;
      steps[depth + 1] = element;
      if (isList) {
        const list = /** @type {unknown[]} */ (hasOwn.call(out, name) && Array.isArray(out[name]) ? out[name] : setOwn(out, name, []));
        if (record && list.length === 0) located.set(`${pointerAt(depth)}${token}`, view(c));
        positions[depth + 1] = list.length;
        list.push(map(c, items, depth + 1, xsdChild(place, element, top)));
      } else if (!hasOwn.call(out, name)) {
        positions[depth + 1] = -1;
        setOwn(out, name, map(c, childSchema, depth + 1, xsdChild(place, element, top)));
      }
    }
    return out;
  };

  /** @type {Map<string, XsdPlace>} the places of the root's children */
  const top = new Map();
  const value = map(root.index, components[typeName], 0, null);
  return {value, located, problems, judged, wildcardExtras};
}

const escapeText = (/** @type {string} */ s) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#13;');

/**
 * The XML form of a message model: the exact inverse of xmlToModel for every model without empty
 * lists (an empty list has no XML form: it is no element at all).
 * @param {unknown} value the message
 * @param {{typeName: string, components: Record<string, any>, root: string, namespace: string}} context
 * @returns {string} the document, with an XML declaration, indented by two spaces
 */
export function modelToXml(value, {typeName, components, root, namespace}) {
  /** @type {string[]} */
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>'];
  /**
   * @param {string} name
   * @param {unknown} v
   * @param {any} schemaNode
   * @param {string} indent
   * @param {string} attributes
   */
  const write = (name, v, schemaNode, indent, attributes = '') => {
    if (!isElementName(name)) throw new Error(`"${name}" cannot be an XML element name`);
    let schema = resolveSchema(schemaNode, components);
    let kind = kindOf(schema);
    if (kind === 'choice') {
      schema = chooseAlternative(schema, v && typeof v === 'object' ? Object.keys(v) : [], components);
      kind = kindOf(schema);
    }
    if (Array.isArray(v)) {
      for (const item of v) write(name, item, kind === 'array' ? schema.items : null, indent);
      return;
    }
    if (v !== null && typeof v === 'object') {
      const entries = Object.entries(v);
      if (entries.length === 0) {
        lines.push(`${indent}<${name}${attributes}/>`);
        return;
      }
      const order = Object.keys(schema?.properties ?? {});
      const rank = (/** @type {string} */ k) => (order.includes(k) ? order.indexOf(k) : order.length);
      entries.sort(([a], [b]) => rank(a) - rank(b));
      lines.push(`${indent}<${name}${attributes}>`);
      for (const [k, child] of entries)
        write(schema?.properties?.[k]?.xml?.name ?? k, child, schema?.properties?.[k] ?? null, `${indent}  `);
      lines.push(`${indent}</${name}>`);
      return;
    }
    if (v === null || v === undefined) throw new Error(`${name}: null has no XML form`);
    lines.push(`${indent}<${name}${attributes}>${escapeText(String(v))}</${name}>`);
  };
  write(root, value, components[typeName], '', namespace ? ` xmlns="${namespace}"` : '');
  return `${lines.join('\n')}\n`;
}

/**
 * The element path of a model pointer: "/timeInterval/1/id" of a Timecard -> "/Timecard/timeInterval[2]/id".
 * @param {string} pointer
 * @param {string} rootName
 * @param {(pointer: string) => boolean} isList whether the value at a pointer is a list
 */
export function elementPath(pointer, rootName, isList) {
  let path = `/${rootName}`;
  let at = '';
  for (const segment of pointer === '' ? [] : pointer.slice(1).split('/')) {
    const name = unescapeToken(segment);
    if (/^\d+$/.test(name) && isList(at)) path += `[${Number(name) + 1}]`;
    else path += `/${name}`;
    at += `/${segment}`;
  }
  return path;
}
