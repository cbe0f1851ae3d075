// Generates the message validator's code from specs/ (the `validators` part of `npm run generate`, so before every
// build, start and typecheck, and by `npm run test:unit`).
//
// The browser must judge a message exactly as the unit tests do, and the site runs under a
// Content-Security-Policy without 'unsafe-eval', so Ajv cannot compile schemas in the browser.
// Instead the component schemas are compiled here, with the very Ajv set-up of the unit tests
// (createAjv() and compileSchemas() of src/build/specs.mjs), into standalone ES module code.
//
// Output, in generated/validator/ (gitignored, never edited by hand):
//   validators.mjs  one validate function per message type (Ajv standalone code)
//   catalog.mjs     the message types: spec, top-level properties, required ones, oneOf forms, and
//                   their XML form (root element, namespace, and the datatypes and code lists of the
//                   XSD from src/data/published-forms/) where the spec takes XML bodies
//   schemas.mjs     the component schemas stripped to their structure (no descriptions), to name
//                   the allowed properties when a message has an unknown one, and to map XML
//                   messages to the message model (lists, numbers, booleans, objects, the order)
//   examples.mjs    a valid example of each message type, taken from the specs' examples, and its
//                   XML form made from it by the validator's own mapping (so the two cannot drift)
//   rules.mjs       the business rules of each spec (src/data/*-business-rules.json)
//   repairs.mjs     where each spec repairs SETU's published schemas (its x-deviations), as its validators mark them
// Each .mjs has a .d.mts beside it for TypeScript.
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import {fileURLToPath} from 'node:url';
import standaloneCode from 'ajv/dist/standalone/index.js';
import {createAjv, compileSchemas, dialectOf, loadSpecs, readSpec, specFiles, deref, operationsOf} from '../../build/specs.mjs';
import {root, filesUnder, listPages, docsDir} from '../../build/paths.mjs';
import {apis} from '../../data/registry.mjs';
import {componentNameOf} from '../../spec-refs.mjs';
import {modelToXml} from './engine/xml-model.mjs';
import {factsDir, factsFolderOf} from '../../build/published-forms.mjs';
import {xmlFormOf} from '../../build/xml-forms.mjs';
import {ruleChecks} from './engine/rules.mjs';
import {messageOf} from '../../build/errors.mjs';
import {rulesOfApi, publishedRulesOf} from '../../build/business-rules.mjs';
import {repairSitesOf} from '../../build/repair-sites.mjs';
import {resolvePointer, deviationsOf} from '../../build/deviations.mjs';
import codegen from 'ajv/dist/compile/codegen/index.js';
import ajvNames from 'ajv/dist/compile/names.js';

export const outDir = path.join(root, 'generated', 'validator');

/** The message types the validator offers, per spec file, from the API registry. Wrappers whose schema is a
 * oneOf of two forms (the planning "Line" types) are offered too; detection names the form itself. */
export const messageTypeNames = Object.fromEntries(apis.map((api) => [api.specFile, api.messageTypes]));

/**
 * The name the validator gives a message type (its key in the catalog and the validators, and its label): the
 * component name, followed by the version where versions of a standard share it (`InquiryPayEquity 2.0`).
 */
export function typeKey(specFile, schema) {
  const api = apis.find((a) => a.specFile === specFile);
  if (!api) throw new Error(`specs/${specFile} has no entry in src/data/apis.json`);
  const shared = apis.filter((a) => a.standard === api.standard && a.messageTypes.includes(schema)).length > 1;
  return shared ? `${schema} ${api.version}` : schema;
}

/** The standard of each spec file, as the select groups the types. */
const standards = Object.fromEntries(apis.map((api) => [api.specFile, api.standard]));

/** The files of business rules published beside a spec (in src/data/, each naming its standard and version). */
const businessRuleFiles = apis.flatMap((api) => (api.businessRules ? [api.businessRules] : []));

/** Per spec file, the types whose examples differ by the value of one top-level property: one example per value. */
const variantProperties = Object.fromEntries(apis.map((api) => [api.specFile, api.exampleVariants ?? {}]));

const schemaId = (file) => `https://setu.nl/specs/${file}`;

/** The annotation keywords of a schema object: they never change whether a message is valid. */
const annotations = ['description', 'example', 'examples', 'xml', 'externalDocs', 'title'];

/** A copy of a schema without annotations, walking only schema positions (a property may be called "description"). */
function withoutAnnotations(schema) {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return schema;
  const out = {};
  for (const [key, value] of Object.entries(schema)) {
    if (annotations.includes(key)) continue;
    if (key === 'properties') out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutAnnotations(v)]));
    else if (['items', 'additionalProperties', 'not'].includes(key)) out[key] = withoutAnnotations(value);
    else if (['allOf', 'oneOf', 'anyOf'].includes(key)) out[key] = value.map(withoutAnnotations);
    else out[key] = value;
  }
  return out;
}

/**
 * The mark of a repair site (src/build/repair-sites.mjs) in the generated validators: `x-published: {site, ours,
 * published}` beside the repaired keyword. It never fails and changes no verdict; called with a context that holds a
 * list (`validate.call({repairs: []}, message)`, Ajv's passContext), a validator checks the value there against our form
 * and the published form too, and adds `[site, instancePath]` to the list where ours accepts it and the published one
 * does not (check.mjs turns those into notes). Called without one, the mark costs one test.
 * @type {import('ajv').KeywordDefinition}
 */
const repairMark = {
  keyword: 'x-published',
  schemaType: 'object',
  errors: false,
  // The two checks count their faults as errors (without making them): reset() takes the count back.
  trackErrors: true,
  code(cxt) {
    const {_, strConcat} = codegen;
    const {gen, it} = cxt;
    // Ajv's names module is CommonJS with a default export: Node gives it as `default`, TypeScript as the module.
    const names = /** @type {typeof ajvNames} */ (/** @type {any} */ (ajvNames).default ?? ajvNames);
    const list = _`${names.this}.repairs`;
    gen.if(_`${names.this} && ${list}`, () => {
      const check = (/** @type {string} */ prop, /** @type {import('ajv').Name} */ valid) =>
        cxt.subschema({keyword: 'x-published', schemaProp: prop, compositeRule: true, createErrors: false, allErrors: false}, valid);
      // The published form first: where it accepts the value, ours need not be asked.
      const published = gen.name('published');
      check('published', published);
      gen.if(_`!${published}`, () => {
        const ours = gen.name('ours');
        check('ours', ours);
        gen.if(ours, () => gen.code(_`${list}.push([${cxt.schema.site}, ${strConcat(names.instancePath, it.errorPath)}])`));
      });
      cxt.reset();
    });
  },
};

/** A spec's component schemas, for the validators: without annotations, with the marks of its repair sites. */
function markedComponents(spec) {
  const document = {
    components: {schemas: Object.fromEntries(Object.entries(spec.components?.schemas ?? {}).map(([k, v]) => [k, withoutAnnotations(v)]))},
  };
  repairSitesOf(spec).forEach((site, i) => {
    const node = resolvePointer(document, site.pointer).value;
    if (!node || typeof node !== 'object') throw new Error(`no schema object at ${site.pointer} to mark as a repair site`);
    node['x-published'] = {site: i, ours: withoutAnnotations(site.ours), published: withoutAnnotations(site.published)};
  });
  return document.components.schemas;
}

/** The module of a spec's validate functions: `validators-purchase-to-pay.mjs` for specs/purchase-to-pay.json. */
const validatorModuleOf = (file) => `validators-${file.replace(/\.json$/, '').replace(/[^A-Za-z0-9.-]/g, '-')}.mjs`;

/**
 * Ajv's standalone code as ES modules that import what they need instead of calling require(): one module per spec
 * file, whose code runs only when one of its validators is first used (a check needs the validators of one spec; a
 * process that checks one message, such as the command, does not pay for the others), and validators.mjs, which
 * gathers them under the types' keys. Each JSON Schema dialect (an OpenAPI 3.0 spec's draft-07, a 3.1 spec's
 * 2020-12) needs its own Ajv.
 */
function esmValidators(specs) {
  // Ajv's standalone code embeds the schema objects it refers to; without their descriptions and
  // examples it is less than half the size. Only annotations go, so no verdict changes
  // (tests/unit/validator/engine.test.mjs checks the generated validators against the specs' own).
  // Only the specs whose message types the validator offers (the registry's `messageTypes`): the others are not compiled.
  const lean = Object.entries(specs)
    .filter(([file]) => messageTypeNames[file]?.length)
    .map(
      ([file, spec]) =>
        /** @type {[string, {openapi: string, components: {schemas: Record<string, object>}}]} */ ([
          file,
          {openapi: spec.openapi, components: {schemas: markedComponents(spec)}},
        ]),
    );
  const files = {};
  const gathered = [];
  for (const dialect of [...new Set(lean.map(([, spec]) => dialectOf(spec)))]) {
    // `messages: false` only drops Ajv's English error texts (the validator writes its own);
    // `inlineRefs: false` only makes each $ref its own function (smaller code). Neither changes a verdict.
    // `passContext: true` passes the context a validator is called with to every function it calls, for the repair
    // marks (repairMark); called without one, it changes nothing.
    const ajv = createAjv({messages: false, inlineRefs: false, passContext: true, code: {source: true, esm: false}}, dialect);
    ajv.addKeyword(repairMark);
    const compiled = compileSchemas(Object.fromEntries(lean.filter(([, spec]) => dialectOf(spec) === dialect)), ajv);
    for (const [file, spec] of lean) {
      if (dialectOf(spec) !== dialect) continue;
      const refs = {};
      const keys = {};
      for (const name of messageTypeNames[file]) {
        if (!Object.values(compiled).some((c) => c.file === file && c.name === name))
          throw new Error(`specs/${file}: components.schemas.${name} is missing`);
        // Export names must be identifiers; the types' keys may hold a space and a version.
        const exportName = `validate_${Object.keys(refs).length}`;
        refs[exportName] = `${schemaId(file)}#/components/schemas/${name}`;
        keys[exportName] = typeKey(file, name);
      }
      // The functions these types reach; the spec's own $id keeps them apart from the other specs'.
      let code = standaloneCode(ajv, refs);
      // Ajv emits CommonJS require() for its runtime helpers and for ajv-formats' formats. Replace each by
      // an import; `interop` gives module.exports both under Node (which puts it in `default`) and bundlers.
      const modules = [...new Set([...code.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]))];
      const imports = modules.map((m, i) => {
        const target = m.endsWith('.js') ? m : `${m}.js`;
        code = code.replaceAll(`require("${m}")`, `__interop(__m${i})`);
        return `import * as __m${i} from ${JSON.stringify(target)};`;
      });
      if (/\brequire\(|new Function|\beval\(/.test(code))
        throw new Error('standalone validator code still calls require(), eval or new Function');
      const module = validatorModuleOf(file);
      files[module] = [
        `// Generated by src/plugins/validator/generate.mjs from specs/${file} — do not edit.`,
        '/* eslint-disable */',
        ...imports,
        'function __interop(ns) { return ns.default && ns.default.__esModule ? ns.default : ns; }',
        `/** The validate functions of specs/${file}, by export name; their code runs on the first call. */`,
        'export function load() {',
        'const exports = {};',
        code.replace(/^"use strict";/, ''),
        'return exports;',
        '}',
        '',
      ].join('\n');
      gathered.push({module, keys});
    }
  }
  files['validators.mjs'] = [
    '// Generated by src/plugins/validator/generate.mjs from specs/ — do not edit.',
    ...gathered.map(({module}, i) => `import {load as load${i}} from './${module}';`),
    `const loaders = [${gathered.map((_, i) => `load${i}`).join(', ')}];`,
    'const loaded = [];',
    "/** The validate function of each message type; a spec's functions are made when one of them is first looked up. */",
    'export const validators = {};',
    `for (const [key, spec, name] of ${JSON.stringify(gathered.flatMap(({keys}, i) => Object.entries(keys).map(([e, key]) => [key, i, e])))}) {`,
    '  Object.defineProperty(validators, key, {enumerable: true, get: () => (loaded[spec] ??= loaders[spec]())[name]});',
    '}',
    '',
  ].join('\n');
  return files;
}

/** A schema reduced to its structure: no descriptions or examples (formats, patterns and enums tell how XML text is
 * read: where the XSD types a field with a format or pattern as xs:string, any text passes). */
function strip(schema) {
  if (Array.isArray(schema)) return schema.map(strip);
  if (!schema || typeof schema !== 'object') return schema;
  const out = {};
  // An element name other than the property's (OpenAPI `xml.name`) is how the XML form is read and written.
  if (typeof schema.xml?.name === 'string') out.xml = {name: schema.xml.name};
  for (const key of [
    '$ref',
    'type',
    'format',
    'pattern',
    'enum',
    'required',
    'additionalProperties',
    'items',
    'allOf',
    'oneOf',
    'anyOf',
    'properties',
  ]) {
    if (schema[key] === undefined) continue;
    if (key === 'properties') out.properties = Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, strip(v)]));
    else out[key] = typeof schema[key] === 'object' ? strip(schema[key]) : schema[key];
  }
  return out;
}

/** Each message type with what detection needs: its top-level properties, required ones and oneOf forms. */
function catalogOf(specs) {
  for (const api of apis) {
    for (const name of [...Object.keys(api.xml?.roots ?? {}), ...Object.keys(api.xml?.rootAliases ?? {})]) {
      if (!api.messageTypes.includes(name)) throw new Error(`src/data/apis.json: ${api.id} xml names ${name}, not one of its messageTypes`);
    }
  }
  const types = [];
  for (const [file, names] of Object.entries(messageTypeNames)) {
    const spec = specs[file];
    for (const name of names) {
      const schema = spec.components.schemas[name];
      const alternatives = (schema.oneOf ?? [])
        .map((s) => componentNameOf(s.$ref))
        .filter(Boolean)
        .map((alt) => typeKey(file, alt));
      const description = String(schema.description ?? '').replace(/\s+/g, ' ');
      const api = apis.find((a) => a.specFile === file);
      if (!api) throw new Error(`specs/${file} has no entry in src/data/apis.json`);
      types.push({
        name: typeKey(file, name),
        schema: name,
        file,
        standard: standards[file],
        version: api.version,
        status: api.status,
        properties: Object.keys(schema.properties ?? {}),
        required: schema.required ?? [],
        closed: schema.additionalProperties === false,
        alternatives,
        variantProperty: variantProperties[file][name] ?? null,
        summary: description.split(/(?<=\.)\s/)[0] ?? '',
        publishedRules: publishedRulesOf(api, name, spec.components.schemas),
        publishedSchema: publishedFileOf(api, name),
        ...xmlFormOf(spec, api, name),
      });
    }
  }
  return types;
}

/**
 * A valid example of each type (one per variant value where the type has variants), from the
 * examples of the operations' request and response bodies, request bodies first.
 */
function examplesOf(specs, catalog) {
  const found = [];
  const seen = new Set();
  for (const [file, names] of Object.entries(messageTypeNames)) {
    const spec = specs[file];
    const candidates = [];
    const fromContent = (where, content) => {
      const media = content?.['application/json'];
      const bodyType = componentNameOf(media?.schema?.$ref);
      if (!bodyType) return;
      // A body typed as a oneOf (a planning line body) also yields an example of the alternative it matches: the one
      // whose required properties it has and, when the alternative is closed, no other.
      const alternativeOf = (value) =>
        (spec.components.schemas[bodyType]?.oneOf ?? [])
          .map((s) => componentNameOf(s.$ref))
          .find((name) => {
            const alt = spec.components.schemas[name];
            if (!alt || !value || typeof value !== 'object') return false;
            const keys = Object.keys(value);
            const closedOk = alt.additionalProperties !== false || keys.every((k) => k in (alt.properties ?? {}));
            return (alt.required ?? []).every((k) => keys.includes(k)) && closedOk;
          });
      const type = bodyType;
      const list = [];
      if (media.example !== undefined) list.push({label: where, value: media.example});
      for (const [key, ex] of Object.entries(media.examples ?? {})) {
        const resolved = deref(spec, ex);
        const component = componentNameOf(ex.$ref, 'examples');
        list.push({label: resolved.summary ?? component ?? key, value: resolved.value});
      }
      for (const item of list) {
        if (names.includes(type)) candidates.push({type, ...item, where});
        const alternative = alternativeOf(item.value);
        if (alternative && names.includes(alternative)) candidates.push({type: alternative, ...item, where});
      }
    };
    // POST bodies first: they are the complete messages; then PUT, GET and DELETE.
    const order = ['post', 'put', 'get', 'delete'];
    const ops = operationsOf(spec).sort((a, b) => order.indexOf(a.method) - order.indexOf(b.method));
    for (const {method, path: p, operation} of ops) {
      if (operation.requestBody) fromContent(`${method.toUpperCase()} ${p}`, deref(spec, operation.requestBody).content);
    }
    for (const {method, path: p, operation} of ops) {
      for (const [code, response] of Object.entries(operation.responses ?? {})) {
        if (code.startsWith('2')) fromContent(`${method.toUpperCase()} ${p} ${code}`, deref(spec, response).content);
      }
    }
    // A message model without operations (specs/planning-2.0.json) gives its examples in the message schemas.
    const api = apis.find((a) => a.specFile === file);
    if (!api) throw new Error(`specs/${file} has no entry in src/data/apis.json`);
    for (const name of names) {
      for (const value of spec.components.schemas[name]?.examples ?? []) {
        candidates.push({
          type: name,
          label: `${name} ${api.version}`,
          value,
          where: `components.schemas.${name}`,
        });
      }
    }
    for (const name of names) {
      for (const c of candidates.filter((x) => x.type === name)) {
        if (!c.value || typeof c.value !== 'object' || Array.isArray(c.value)) continue;
        const variantProperty = variantProperties[file][name];
        const variant = variantProperty ? String(c.value[variantProperty] ?? '') : '';
        const key = `${typeKey(file, name)}\u0000${variant}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const {xml} = catalog.find((t) => t.file === file && t.schema === name);
        const context = {typeName: name, components: spec.components.schemas, root: xml?.root, namespace: xml?.namespace};
        const text = `${JSON.stringify(c.value, null, 2)}\n`;
        found.push({
          type: typeKey(file, name),
          variant: variant || null,
          label: c.label,
          operation: c.where,
          text,
          xml: xml ? modelToXml(c.value, context) : null,
        });
      }
      if (!found.some((e) => e.type === typeKey(file, name)))
        throw new Error(`specs/${file}: no example of ${name} in any request or response body, nor in the schema's examples`);
    }
  }
  return found;
}

/**
 * The file SETU publishes a message's or component's JSON Schema in (the first source of its facts in
 * src/data/published-forms/), or null where there are no facts of it.
 */
function publishedFileOf(api, name) {
  const facts = path.join(factsDir, factsFolderOf(api), `${name}.json-form.json`);
  return fs.existsSync(facts) ? JSON.parse(fs.readFileSync(facts, 'utf8')).forms[0].sources[0].file : null;
}

/** The page and section that list a spec's differences from the published one (`::spec-deviations{spec="…"}`), as a route. */
function deviationsRouteOf(file) {
  for (const page of listPages([docsDir])) {
    const lines = fs.readFileSync(page, 'utf8').split('\n');
    const at = lines.findIndex((l) => l.trim() === `::spec-deviations{spec="${file}"}`);
    if (at < 0) continue;
    const heading = lines
      .slice(0, at)
      .reverse()
      .map((l) => /^#{2,6} .*\{#([\w-]+)\}\s*$/.exec(l)?.[1])
      .find(Boolean);
    const route = `/${path
      .relative(docsDir, page)
      .replace(/\.mdx?$/, '')
      .replace(/(^|\/)index$/, '')}`;
    return heading ? `${route}#${heading}` : route;
  }
  return null;
}

/**
 * Per spec file, the repair sites the validators mark (in markedComponents' order): each site's repairs and the file
 * SETU publishes its component in; and the section of the site that lists the spec's differences.
 */
function repairsOf(specs) {
  const out = {};
  for (const api of apis) {
    const spec = specs[api.specFile];
    if (!messageTypeNames[api.specFile]?.length || !spec) continue;
    const sites = repairSitesOf(spec).map((site) => ({
      repairs: site.repairs,
      source: publishedFileOf(api, site.pointer.split('/')[3]),
    }));
    if (sites.length || deviationsOf(spec).some((e) => e.kind === 'repair' && e.form === 'xml'))
      out[api.specFile] = {route: deviationsRouteOf(api.specFile), sites};
  }
  return out;
}

const header = '// Generated by src/plugins/validator/generate.mjs from specs/ — do not edit.\n';

/** An exported constant of JSON data, read with JSON.parse: for data of some size, faster to load than the same literal. */
const jsonConstant = (name, value) => `export const ${name} = JSON.parse(${JSON.stringify(JSON.stringify(value))});\n`;

const declarations = {
  'validators.d.mts': `${header}import type {ValidateFunction} from 'ajv';
export declare const validators: Record<string, ValidateFunction>;
`,
  'catalog.d.mts': `${header}export interface MessageType {
  /** The type's key and label: its schema, with the version where versions of a standard share the schema's name. */
  name: string;
  /** The component schema in its spec. */
  schema: string;
  file: string;
  standard: string;
  version: string;
  /** The version's status in the API registry (\`current\`, \`previous\`, \`referenced\`, \`message-model\`). */
  status: string;
  properties: string[];
  required: string[];
  closed: boolean;
  alternatives: string[];
  variantProperty: string | null;
  summary: string;
  /** The file SETU publishes its JSON Schema in (setu-standards/xml-specifications); null: no facts of one. */
  publishedSchema: string | null;
  /** The business rules SETU publishes for it (its Schematron files); null: none. */
  publishedRules: import('../../src/plugins/validator/engine/rules-statement.mjs').PublishedRules | null;
  /** The XML form, from the registry and the facts of SETU's XSDs: root element, other roots accepted (with the note
   * shown), namespace; the XSD's datatype of each leaf that is not xs:string and its code lists where they differ from
   * the spec's (null: the XSD has none there), by element path below the root; both null without an XSD. Null: no XML form. */
  xml: {
    root: string;
    aliases: {root: string; note: string}[];
    namespace: string;
    datatypes: Record<string, string> | null;
    codes: Record<string, string[] | null> | null;
    /** The XSD's code lists that a repair of the spec widens (the placeholder \`[other]\` taken literally), by element
     * path below the root: the repair's pointer and summary, the field's path in the message model
     * (\`profiles.attachments[].descriptions\`) and the XSD's codes. A value outside them is valid only under the repair
     * (a note). Null without an XSD. */
    repairedCodes: Record<string, {at: string; summary: string; field: string; codes: string[]}> | null;
    /** The XSD's strict wildcards, by the element path of the element whose sequence ends in one: the elements it
     * accepts (the XSD's global ones) and the repair of the spec that accepts any element there. */
    wildcards: Record<string, {global: string[]; repair: {at: string; summary: string; published: string}}> | null;
    /** The XSD's file in SETU's repository; null without one. */
    xsd: string | null;
  } | null;
  /** Why the type has no XML form. */
  xmlReason: string | null;
}
export declare const messageTypes: MessageType[];
export declare const specsHash: string;
/** The examples of examples.mjs without their text, in the same order; \`xml\`: whether it has an XML form. */
export declare const exampleIndex: {type: string; variant: string | null; label: string; xml: boolean}[];
`,
  'schemas.d.mts': `${header}export declare const schemas: Record<string, Record<string, unknown>>;
`,
  'examples.d.mts': `${header}export interface MessageExample {
  type: string;
  variant: string | null;
  label: string;
  operation: string;
  text: string;
  /** The same example in its XML form; null where the type has none. */
  xml: string | null;
}
export declare const examples: MessageExample[];
`,
  'repairs.d.mts': `${header}import type {SpecRepairs} from '../../src/plugins/validator/engine/repair-notes.mjs';
/** Per spec file, the repair sites its validators mark (see repair-notes.mjs). */
export declare const repairs: Record<string, SpecRepairs>;
`,
  'rules.d.mts': `${header}import type {BusinessRule} from '../../src/plugins/validator/engine/rules.mjs';
/** The business rules of each spec file. */
export declare const businessRules: Record<string, BusinessRule[]>;
`,
};

/** The business rules per spec file, each rule's messages and check verified against the catalog and the checks. */
export function businessRulesOf(catalog) {
  const out = {};
  for (const api of apis) {
    const name = api.businessRules;
    if (!name) continue;
    const rules = rulesOfApi(api);
    for (const rule of rules) {
      for (const type of rule.messages) {
        if (!catalog.some((t) => t.schema === type && t.file === api.specFile)) {
          throw new Error(`src/data/${name}: BR ${rule.number} names ${type}, not a message type of specs/${api.specFile}`);
        }
      }
      if (rule.check !== null && !ruleChecks[rule.check]) {
        throw new Error(`src/data/${name}: BR ${rule.number} has no check "${rule.check}" in src/plugins/validator/engine/rules.mjs`);
      }
    }
    // The validator names the message types with their version where versions share a name (`PlanningRequest 1.0`).
    out[api.specFile] = rules.map((rule) => ({...rule, messages: rule.messages.map((m) => typeKey(api.specFile, m))}));
  }
  return out;
}

/** Hash of the API registry, the spec files, the business rules and the facts of the XSDs and the Schematron files (all
 * that the output is made from), so that tests can tell stale generated code. */
export function hashSpecs() {
  const hash = crypto.createHash('sha256');
  hash.update('apis.json').update(fs.readFileSync(path.join(root, 'src', 'data', 'apis.json')));
  for (const file of filesUnder([factsDir], /\.xml-form\.json$|business-rules\.json$/))
    hash.update(path.relative(root, file)).update(fs.readFileSync(file));
  for (const file of specFiles) hash.update(file).update(fs.readFileSync(path.join(root, 'specs', file)));
  for (const name of businessRuleFiles) hash.update(name).update(fs.readFileSync(path.join(root, 'src', 'data', name)));
  return hash.digest('hex').slice(0, 16);
}

export function generate(dir = outDir) {
  const specs = loadSpecs();
  for (const file of specFiles) if (!specs[file]) specs[file] = readSpec(file);
  const catalog = catalogOf(specs);
  const examples = examplesOf(specs, catalog);
  // The page lists the examples from the catalog and loads their text only when one is chosen.
  const exampleIndex = examples.map(({type, variant, label, xml}) => ({type, variant, label, xml: xml !== null}));
  const files = {
    ...esmValidators(specs),
    'catalog.mjs': `${header}export const specsHash = ${JSON.stringify(hashSpecs())};\n${jsonConstant('messageTypes', catalog)}${jsonConstant('exampleIndex', exampleIndex)}`,
    // Each spec's schemas parsed when first looked up: a check reads one spec's, and parsing all five cost the command
    // ~6 ms (and 1 MB of fresh heap) at every start.
    'schemas.mjs': `${header}const parts = ${JSON.stringify(
      Object.fromEntries(
        Object.entries(specs)
          .filter(([file]) => messageTypeNames[file]?.length)
          .map(([file, spec]) => [
            file,
            JSON.stringify(Object.fromEntries(Object.entries(spec.components.schemas).map(([k, v]) => [k, strip(v)]))),
          ]),
      ),
    )};
/** The component schemas of each spec file, stripped to their structure; a file's are parsed when first looked up. */
export const schemas = {};
for (const [file, json] of Object.entries(parts)) {
  let parsed;
  Object.defineProperty(schemas, file, {enumerable: true, get: () => (parsed ??= JSON.parse(json))});
}
`,
    // The page loads the examples on demand, and nothing else does: as a literal, they stay a little smaller.
    'examples.mjs': `${header}export const examples = ${JSON.stringify(examples, null, 1)};\n`,
    'rules.mjs': `${header}${jsonConstant('businessRules', businessRulesOf(catalog))}`,
    'repairs.mjs': `${header}${jsonConstant('repairs', repairsOf(specs))}`,
    ...declarations,
  };
  fs.mkdirSync(dir, {recursive: true});
  // The folder holds generated files only: one that this run does not write (a spec's module after the spec left
  // the registry) goes.
  for (const name of fs.readdirSync(dir)) if (!(name in files)) fs.rmSync(path.join(dir, name), {recursive: true, force: true});
  for (const [name, content] of Object.entries(files)) {
    const full = path.join(dir, name);
    // Leave unchanged files alone so that a running dev server does not rebuild for nothing.
    if (!fs.existsSync(full) || fs.readFileSync(full, 'utf8') !== content) fs.writeFileSync(full, content);
  }
  return {catalog, files};
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    const {catalog, files} = generate();
    const kb = (s) => `${Math.round(Buffer.byteLength(s) / 1024)} KB`;
    const validators = Object.entries(files)
      .filter(([name]) => name.startsWith('validators-'))
      .map(([, code]) => code)
      .join('');
    console.log(
      `[generate validators] ${catalog.length} message types from specs/ -> generated/validator/ (validators ${kb(validators)}, examples ${kb(files['examples.mjs'])})`,
    );
  } catch (error) {
    console.error(`\n[generate validators] ${messageOf(error)}\n`);
    process.exit(1);
  }
}
