// The XML form of a message type, from the API registry's `xml` and the facts of SETU's XSDs
// (src/data/published-forms/): its root element and namespace, the roots also accepted, and the XSD's datatypes and code
// lists; or why it has none. Shared by the generators of the validator (src/plugins/validator/generate.mjs) and of the
// message dictionary (src/plugins/message-dictionary/).
import {deref, operationsOf} from './specs.mjs';
import {specXmlFormOf, xsdFactsFor} from './published-forms.mjs';
import {deviationsOf} from './deviations.mjs';
import {xmlRootOf} from '../data/registry.mjs';
import {isElementName, resolveSchema} from '../plugins/validator/engine/xml-model.mjs';
import {componentNamesOf} from '../plugins/validator/engine/field-path.mjs';
import {xsdTypes} from '../plugins/validator/engine/xsd-datatypes.mjs';

/** Whether the spec's operations take XML request bodies. */
const speaksXml = (spec) =>
  operationsOf(spec).some(
    ({operation}) => operation.requestBody && 'application/xml' in (deref(spec, operation.requestBody).content ?? {}),
  );

/** A property name anywhere in a type that cannot be an XML element name, or null. */
function nonXmlName(components, name) {
  const seen = new Set();
  const stack = [components[name]];
  while (stack.length > 0) {
    const node = resolveSchema(stack.pop(), components);
    if (!node || typeof node !== 'object' || seen.has(node)) continue;
    seen.add(node);
    for (const [key, value] of Object.entries(node.properties ?? {})) {
      if (!isElementName(key)) return key;
      stack.push(value);
    }
    if (node.items) stack.push(node.items);
    for (const part of [...(node.oneOf ?? []), ...(node.anyOf ?? [])]) stack.push(part);
  }
  return null;
}

/**
 * What the validator needs of a message's XSD, from its facts (src/data/published-forms/): the datatype of every leaf
 * that is not xs:string (`datatypes`), the code lists of the XSD where they differ from the spec's and no repair
 * of the spec explains it (`codes`; null: the XSD has none there), and where a repair of the spec does
 * (`repairedCodes`: the repair and its summary, the field as the dictionary writes it, and the XSD's codes, which a value that relies
 * on the repair is not one of), keyed by element path below the root. Null for a message without an XSD, whose
 * values are then judged by their JSON type and format (see datatypeOf).
 */
function xsdRulesOf(spec, api, name, root) {
  const facts = xsdFactsFor(api, name);
  if (!facts) return {datatypes: null, codes: null, repairedCodes: null, wildcards: null, xsd: null};
  const where = `src/data/published-forms/${api.standardSlug}-${api.version}/${name}.xml-form.json`;
  if (facts.root !== root) throw new Error(`${where}: the XSD's root is "${facts.root}", the validator's "${root}"`);
  if (facts.namespace !== api.xml.namespace)
    throw new Error(
      `src/data/apis.json: ${api.id} xml.namespace is "${api.xml.namespace}", the XSD's target namespace "${facts.namespace}" (${where})`,
    );
  const ours = new Map(specXmlFormOf(spec.components.schemas, name, root).map((e) => [e.path, e]));
  const repairs = deviationsOf(spec).filter((e) => e.kind === 'repair');
  const repairOf = (pointer) => repairs.find((r) => pointer === r.at || pointer.startsWith(`${r.at}/`));
  const sorted = (codes) => JSON.stringify(codes ? [...codes].sort() : null);
  const datatypes = {};
  const codes = {};
  /** @type {Record<string, {at: string, summary: string, field: string, codes: string[]}>} */
  const repairedCodes = {};
  /** @type {Record<string, {global: string[], repair: {at: string, summary: string, published: string}}>} */
  const wildcards = {};
  for (const element of facts.elements) {
    // A strict wildcard (`xs:any` without processContents) accepts only globally declared elements, of which an XSD of
    // SETU has one, its root. Where ours accepts any element there, the spec must say so (a repair of the XML form).
    if (element.wildcard && element.processContents === 'strict') {
      const parent = element.path.split('/').slice(2, -1).join('/');
      const component = componentAt(spec.components.schemas, name, parent);
      const repair = repairs.find((r) => r.form === 'xml' && r.at === `/components/schemas/${component}/additionalProperties`);
      if (!repair)
        throw new Error(
          `${where}: the XSD's wildcard at ${element.path} is strict, and specs/${api.specFile} states no repair of the XML form at components.schemas.${component}.additionalProperties`,
        );
      wildcards[parent] = {global: [facts.root], repair: {at: repair.at, summary: repair.summary, published: repair.published}};
      continue;
    }
    if (!element.datatype) continue;
    if (!xsdTypes.includes(element.datatype))
      throw new Error(
        `${where}: ${element.path} is ${element.datatype}, which the validator does not read (src/plugins/validator/engine/xsd-datatypes.mjs)`,
      );
    const key = element.path.split('/').slice(2).join('/');
    if (element.datatype !== 'xs:string') datatypes[key] = element.datatype;
    const field = ours.get(element.path);
    if (!field || sorted(field.enumeration) === sorted(element.enumeration)) continue;
    const repair = repairOf(field.pointer);
    if (!repair) codes[key] = element.enumeration ?? null;
    else if (element.enumeration)
      repairedCodes[key] = {at: repair.at, summary: repair.summary, field: field.field, codes: element.enumeration};
  }
  return {datatypes, codes, repairedCodes, wildcards, xsd: facts.source.file};
}

/** The component schema of the element at an element path below a message's root (a list's items), e.g. `Condition`. */
function componentAt(components, name, elementPath) {
  let node = {$ref: `#/components/schemas/${name}`};
  for (const step of elementPath.split('/')) {
    const schema = resolveSchema(node, components);
    const entry = Object.entries(schema?.properties ?? {}).find(([key, value]) => (value?.xml?.name ?? key) === step);
    if (!entry) throw new Error(`components.schemas.${name} has no element ${elementPath}`);
    node = entry[1];
    const resolved = resolveSchema(node, components);
    if (resolved?.type === 'array') node = resolved.items;
  }
  const names = componentNamesOf(node);
  if (names.length !== 1) throw new Error(`components.schemas.${name}: the element ${elementPath} is not one component schema`);
  return names[0];
}

/**
 * The XML form of a type, from the API registry's `xml` and the facts of SETU's XSDs: its root element (the registry's
 * `roots`, which the spec's `xml.name` must agree with, else the schema's `xml.name` or its name), the roots also
 * accepted with their notes, the namespace, and the XSD's datatypes and code lists (xsdRulesOf). Null, with the
 * reason, where the spec takes no XML or the type cannot be written as XML.
 */
export function xmlFormOf(spec, api, name) {
  const file = api.specFile;
  // A message model without an API (`"api": false`) has an XML form where the registry names its namespace.
  const xmlBodies = api.api === false ? Boolean(api.xml) : speaksXml(spec);
  if (!xmlBodies)
    return {
      xml: null,
      xmlReason:
        api.api === false
          ? `the ${api.standard} ${api.version} messages have no XML form`
          : `the ${api.standard} ${api.version} API takes JSON bodies only`,
    };
  if (!api.xml) throw new Error(`specs/${file} takes application/xml bodies, but its entry in src/data/apis.json gives no xml.namespace`);
  const bad = nonXmlName(spec.components.schemas, name);
  if (bad) return {xml: null, xmlReason: `its property "${bad}" is not a valid XML element name, so the message has no XML form to check`};
  const schema = spec.components.schemas[name];
  const inSpec = schema.xml?.name ?? name;
  const root = xmlRootOf(api, name, schema);
  if (root !== inSpec)
    throw new Error(
      `specs/${file}: the XML root of components.schemas.${name} is "${inSpec}", but src/data/apis.json (from the XSD) gives "${root}"`,
    );
  const aliases = Object.entries(api.xml.rootAliases?.[name] ?? {}).map(([alias, note]) => ({root: alias, note}));
  return {xml: {root, namespace: api.xml.namespace, aliases, ...xsdRulesOf(spec, api, name, root)}, xmlReason: null};
}
