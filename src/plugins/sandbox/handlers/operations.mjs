// What the sandbox answers, read from an API version's OpenAPI file: every operation with its path template,
// parameters, request body and success responses, and what it does to the stored resources (its kind). Nothing here
// names an API, a path or a message: the kinds follow from the structure of the spec, so a new operation or version
// gets its handlers from its spec. Pure, and run at build time only: the worker gets the result from
// src/plugins/sandbox/ and shares only path-template.mjs with this module; the local server and the tests compute it
// from specs/.
//
// How the structure decides:
// - A path whose operations carry a message schema is a message resource; a POST on a path that ends in a parameter
//   creates it there (the client chooses the id), a POST on a path with a child `<path>/{param}` creates it at a new
//   id (the server chooses), any other POST creates it at its own path (a single resource such as
//   `/inquiry-pay-equity/request`).
// - A body that holds only lists of the lines of a message resource above it in the path (`{"allowance": [...]}`
//   below a timecard, whose `allowance` is a list of the same line schema) is a line body: its operations act on
//   those lines inside the stored message, found by the line's identifier (see lineIdProperty).
// - A GET that answers a list of messages lists stored ones: those that refer to the message resource above it
//   (`/planning/requests/{id}/assignments`), or those that hold the value of each required query parameter.

import {httpMethods} from '../../../data/http-methods.mjs';
import {componentNameOf, deref} from '../../../spec-refs.mjs';
import {paramOf, segmentsOf} from './path-template.mjs';

/**
 * @typedef {object} SandboxParameter
 * @property {string} name
 * @property {'path' | 'query' | 'header'} in
 * @property {boolean} required
 * @property {string[] | null} enum the values the spec allows
 * @property {string | null} example
 */

/**
 * @typedef {object} SandboxBody the body of a success response
 * @property {string | null} schema a component schema (a stored message, a line body)
 * @property {{schema: string, xmlName: string | null} | null} list a list of stored messages, and its XML wrapper element
 * @property {string | null} link the one property of an object whose value is the resource's URL (`{"url": …}`)
 * @property {string[]} mediaTypes
 */

/**
 * @typedef {object} SandboxResponse
 * @property {number} status
 * @property {SandboxBody | null} body
 * @property {string[]} headers the response headers the spec declares (Location, Content-Location, Date)
 */

/**
 * @typedef {'create' | 'create-in-collection' | 'read' | 'replace' | 'delete' | 'add-lines' | 'read-line' | 'replace-line'
 *   | 'delete-line' | 'list-related' | 'list-matching'} OperationKind
 */

/**
 * @typedef {object} SandboxOperation
 * @property {string} operationId
 * @property {string} method upper case
 * @property {string} path the path template, as in the spec
 * @property {SandboxParameter[]} parameters path, query and header parameters
 * @property {{schema: string, opaque: boolean, mediaTypes: string[], required: boolean} | null} requestBody `opaque`:
 *   a schema that defines no content (any object), which the validator has no type for
 * @property {SandboxResponse[]} responses the success (2xx) responses, in the spec's order
 * @property {OperationKind} kind
 * @property {string} resource the template of the message resource it acts on (for line and list operations: the
 *   one above it in the path; for create-in-collection: the template of the new resource)
 * @property {string} schema the message schema of that resource (for list-matching: of the listed messages)
 * @property {string | null} lineParam for line operations on one line: the path parameter that names it
 */

/**
 * @typedef {object} SandboxResource a message resource: where it lives and how its lines are found
 * @property {string} template
 * @property {string} schema
 * @property {Record<string, {id: string, template: string | null}>} lines each list property of the message that holds
 *   lines → the property of a line that identifies it (its `value` is the line's id) and the path template of one line
 */

/**
 * @typedef {object} SandboxApi everything the handlers need to know of one API version
 * @property {string} id the registry id, the first segment of the sandbox's paths
 * @property {string} standard
 * @property {string} version
 * @property {string} title
 * @property {string} specFile
 * @property {string[]} versions the `setuVersionId` values it takes: its own version and the spec's example value
 * @property {SandboxOperation[]} operations
 * @property {SandboxResource[]} resources
 */

const hasOwn = Object.prototype.hasOwnProperty;

/** The component schema a node refers to, or null. */
const componentName = (/** @type {any} */ node) => componentNameOf(node?.$ref);

/** The component a schema node names, directly or as the one member of an `allOf` (its name, which merging the allOf
 * with allof-merge would lose). */
const namedComponent = (/** @type {any} */ node) =>
  componentName(node) ?? (Array.isArray(node?.allOf) && node.allOf.length === 1 ? componentName(node.allOf[0]) : null);

/**
 * The schemas a body may take: the schema itself, or each form of its `oneOf`.
 * @param {Record<string, any>} components
 * @param {string} name
 */
function formsOf(components, name) {
  const schema = components[name];
  const forms = (schema?.oneOf ?? []).map(componentName);
  return forms.length > 0 && forms.every(Boolean) ? /** @type {string[]} */ (forms) : [name];
}

/**
 * Whether `body` holds only lines of `message`: each of its forms is an object whose every property is a list whose
 * items have the schema of the message's list of the same name. Returns those property names, or null.
 * @param {Record<string, any>} components
 * @param {string} body
 * @param {string} message
 */
function lineProperties(components, body, message) {
  if (body === message) return null;
  const target = components[message]?.properties ?? {};
  /** @type {string[]} */
  const found = [];
  for (const form of formsOf(components, body)) {
    const properties = Object.entries(components[form]?.properties ?? {});
    if (properties.length === 0) return null;
    for (const [name, property] of properties) {
      const items = componentName(property?.items);
      if (property?.type !== 'array' || !items || !hasOwn.call(target, name) || componentName(target[name]?.items) !== items) return null;
      found.push(name);
    }
  }
  return found;
}

/**
 * The property of a line that identifies it: its first required property (in the schema's order) that is an
 * identifier given by reference, an object schema with a string `value` (`lineId`, a timecard line's `id`).
 * @param {Record<string, any>} components
 * @param {string} message
 * @param {string} listProperty
 */
function lineIdProperty(components, message, listProperty) {
  const item = components[componentName(components[message].properties[listProperty].items) ?? ''];
  const required = new Set(item?.required ?? []);
  for (const [name, property] of Object.entries(item?.properties ?? {})) {
    const ref = namedComponent(property);
    if (required.has(name) && ref && components[ref]?.properties?.value?.type === 'string') return name;
  }
  throw new Error(`the lines in ${message}.${listProperty} have no identifier (a required property that refers to an object with a value)`);
}

/** Whether template `prefix` is a proper prefix of `template`, segment by segment. */
const isPrefix = (/** @type {string} */ prefix, /** @type {string} */ template) => {
  const a = segmentsOf(prefix);
  const b = segmentsOf(template);
  return a.length < b.length && a.every((s, i) => s === b[i]);
};

/** @typedef {(message: string) => string} Where names the spec file in an error */
/** @typedef {Omit<SandboxOperation, 'kind' | 'resource' | 'schema' | 'lineParam'> & {carried: string | null, list: SandboxBody['list']}} RawOperation */
/** @typedef {{template: string, schema: string, properties: string[]}} LineParent */

/**
 * @param {{id: string, standard: string, version: string, title: string, specFile: string}} api the registry entry
 * @param {any} spec the API version's OpenAPI document
 * @returns {SandboxApi}
 */
export function sandboxApiOf(api, spec) {
  const components = spec.components?.schemas ?? {};
  /** @type {Where} */
  const where = (what) => `specs/${api.specFile}: ${what}`;
  const raw = rawOperationsOf(spec, components, where);
  const {templates, parentOf, messageOf} = lineParentsOf(raw, components, where);

  /** @type {Map<string, SandboxResource>} */
  const resources = new Map();
  /** @type {SandboxOperation[]} */
  const operations = raw.map((op) => ({
    operationId: op.operationId,
    method: op.method,
    path: op.path,
    parameters: op.parameters,
    requestBody: op.requestBody,
    responses: op.responses,
    ...roleOf(op, {raw, templates, parentOf, messageOf, resources, components, where}),
  }));
  for (const resource of resources.values()) {
    for (const [property, line] of Object.entries(resource.lines)) {
      if (!line.template) throw new Error(where(`the lines ${resource.schema}.${property} have no path of their own`));
    }
  }

  const versions = [api.version];
  for (const op of operations) {
    const example = op.parameters.find((p) => p.in === 'header' && p.name.toLowerCase() === 'setuversionid')?.example;
    if (example && !versions.includes(String(example))) versions.push(String(example));
  }
  return {
    id: api.id,
    standard: api.standard,
    version: api.version,
    title: api.title,
    specFile: api.specFile,
    versions,
    operations,
    resources: [...resources.values()],
  };
}

/**
 * 1. The operations as the spec gives them, with the message schema each carries (its body's, else its first success
 * response's) and the list it answers, if any.
 * @param {any} spec
 * @param {Record<string, any>} components
 * @param {Where} where
 * @returns {RawOperation[]}
 */
function rawOperationsOf(spec, components, where) {
  /** @type {RawOperation[]} */
  const raw = [];
  for (const [path, item] of Object.entries(spec.paths ?? {})) {
    const shared = /** @type {any[]} */ (item.parameters ?? []).map((p) => deref(spec, p));
    for (const method of httpMethods) {
      const operation = item[method];
      if (!operation) continue;
      const id = operation.operationId ?? `${method.toUpperCase()} ${path}`;
      const parameters = parametersOf(spec, shared, operation, path, id, where);
      const requestBody = requestBodyOf(spec, components, operation, id, where);
      const responses = successResponsesOf(spec, components, operation, id, where);
      const success = responses.find((r) => r.body);
      const carried = requestBody?.schema ?? success?.body?.schema ?? null;
      raw.push({
        operationId: id,
        method: method.toUpperCase(),
        path,
        parameters,
        requestBody,
        responses,
        carried,
        list: success?.body?.list ?? null,
      });
    }
  }
  return raw;
}

/**
 * An operation's path, query and header parameters (its own over its path's), each path parameter declared.
 * @param {any} spec
 * @param {any[]} shared the path item's parameters
 * @param {any} operation
 * @param {string} path
 * @param {string} id
 * @param {Where} where
 * @returns {SandboxParameter[]}
 */
function parametersOf(spec, shared, operation, path, id, where) {
  /** @type {Map<string, any>} */
  const byKey = new Map();
  for (const p of [...shared, .../** @type {any[]} */ (operation.parameters ?? []).map((q) => deref(spec, q))]) {
    byKey.set(`${p.in}:${String(p.name).toLowerCase()}`, p);
  }
  /** @type {SandboxParameter[]} */
  const parameters = [...byKey.values()]
    .filter((p) => ['path', 'query', 'header'].includes(p.in))
    .map((p) => ({
      name: p.name,
      in: p.in,
      required: p.in === 'path' || p.required === true,
      enum: Array.isArray(p.schema?.enum) ? p.schema.enum.map(String) : null,
      example: p.example ?? p.schema?.example ?? null,
    }));
  const templateParams = segmentsOf(path).map(paramOf).filter(Boolean);
  for (const name of templateParams) {
    if (!parameters.some((p) => p.in === 'path' && p.name === name))
      throw new Error(where(`${id}: the path parameter {${name}} is not declared`));
  }
  return parameters;
}

/**
 * An operation's request body: one component schema for every media type.
 * @param {any} spec
 * @param {Record<string, any>} components
 * @param {any} operation
 * @param {string} id
 * @param {Where} where
 * @returns {SandboxOperation['requestBody']}
 */
function requestBodyOf(spec, components, operation, id, where) {
  let requestBody = null;
  if (operation.requestBody) {
    const body = deref(spec, operation.requestBody);
    const mediaTypes = Object.keys(body.content ?? {});
    const schemas = [...new Set(mediaTypes.map((m) => componentName(body.content[m].schema)))];
    if (schemas.length !== 1 || !schemas[0])
      throw new Error(where(`${id}: the request body must be one component schema for every media type`));
    const schema = /** @type {string} */ (schemas[0]);
    const definition = components[schema];
    const opaque = !definition?.properties && !definition?.oneOf && !definition?.allOf && definition?.type === 'object';
    requestBody = {schema, opaque, mediaTypes, required: body.required === true};
  }

  return requestBody;
}

/**
 * An operation's success responses: the body each sends (a message, a list of messages, a link) and its headers.
 * @param {any} spec
 * @param {Record<string, any>} components
 * @param {any} operation
 * @param {string} id
 * @param {Where} where
 * @returns {SandboxResponse[]}
 */
function successResponsesOf(spec, components, operation, id, where) {
  /** @type {SandboxResponse[]} */
  const responses = [];
  for (const [code, reference] of Object.entries(operation.responses ?? {})) {
    if (!/^2\d\d$/.test(code)) continue;
    const response = deref(spec, reference);
    const mediaTypes = Object.keys(response.content ?? {});
    /** @type {SandboxBody | null} */
    let body = null;
    if (mediaTypes.length > 0) {
      const schema = deref(spec, response.content[mediaTypes[0]].schema);
      const named = componentName(response.content[mediaTypes[0]].schema);
      body = {schema: null, list: null, link: null, mediaTypes};
      if (schema?.type === 'array' && componentName(schema.items)) {
        body.list = {schema: /** @type {string} */ (componentName(schema.items)), xmlName: schema.xml?.name ?? null};
      } else if (named && linkProperty(components[named])) {
        body.link = linkProperty(components[named]);
        body.schema = named;
      } else if (named) {
        body.schema = named;
      } else if (schema?.type === 'object' && !schema.properties) {
        // "No content" written as an empty object (a 202 that the standard forbids): nothing to send.
        continue;
      } else {
        throw new Error(where(`${id} ${code}: a response body that is neither a component schema nor a list of one`));
      }
    }
    const headers = Object.keys(response.headers ?? {});
    for (const header of headers) {
      if (!['location', 'content-location', 'date'].includes(header.toLowerCase()))
        throw new Error(where(`${id} ${code}: the sandbox cannot send the header ${header}`));
    }
    responses.push({status: Number(code), body, headers});
  }
  if (responses.length === 0) throw new Error(where(`${id} declares no success response`));
  return responses;
}

/**
 * 2. Line bodies: the message resource above the path whose lines the body holds; and the message each other template
 * carries.
 * @param {RawOperation[]} raw
 * @param {Record<string, any>} components
 * @param {Where} where
 */
function lineParentsOf(raw, components, where) {
  const templates = [...new Set(raw.map((op) => op.path))];
  /** The message schema of each template whose operations carry one that is not a line body (filled below). */
  /** @type {Map<string, string>} */
  const messageOf = new Map();
  const lineParent = (/** @type {(typeof raw)[number]} */ op) => {
    if (!op.carried) return null;
    const parents = templates
      .filter((t) => isPrefix(t, op.path))
      .sort((a, b) => segmentsOf(b).length - segmentsOf(a).length)
      .flatMap((t) => raw.filter((o) => o.path === t && o.carried).map((o) => ({template: t, schema: /** @type {string} */ (o.carried)})));
    for (const parent of parents) {
      const properties = lineProperties(components, op.carried, parent.schema);
      if (properties) return {...parent, properties};
    }
    return null;
  };
  const parentOf = new Map(raw.map((op) => [op, lineParent(op)]));
  for (const op of raw) {
    if (op.carried && !op.list && !parentOf.get(op)) {
      const known = messageOf.get(op.path);
      if (known && known !== op.carried) throw new Error(where(`${op.path} carries both ${known} and ${op.carried}`));
      messageOf.set(op.path, op.carried);
    }
  }
  return {templates, parentOf, messageOf};
}

/**
 * 3. An operation's kind, the resource it acts on and the schema of that resource; line operations and creates
 * register their resource (and its lines' paths) in `context.resources`.
 * @param {RawOperation} op
 * @param {{raw: RawOperation[], templates: string[], parentOf: Map<RawOperation, LineParent | null>, messageOf: Map<string, string>,
 *   resources: Map<string, SandboxResource>, components: Record<string, any>, where: Where}} context
 * @returns {Pick<SandboxOperation, 'kind' | 'resource' | 'schema' | 'lineParam'>}
 */
function roleOf(op, {raw, templates, parentOf, messageOf, resources, components, where}) {
  const resourceAt = (/** @type {string} */ template, /** @type {string} */ schema) => {
    let resource = resources.get(template);
    if (!resource) resources.set(template, (resource = {template, schema, lines: {}}));
    return resource;
  };
  const none = {lineParam: null};
  const last = /** @type {string} */ (segmentsOf(op.path).at(-1));
  const endsInParam = paramOf(last) !== null;
  const parent = parentOf.get(op);
  if (op.list) {
    const items = op.list.schema;
    const above = templates
      .filter((t) => isPrefix(t, op.path) && messageOf.has(t))
      .sort((a, b) => segmentsOf(b).length - segmentsOf(a).length)[0];
    if (above) return {kind: 'list-related', resource: above, schema: items, ...none};
    else if (op.parameters.some((p) => p.in === 'query' && p.required))
      return {kind: 'list-matching', resource: op.path, schema: items, ...none};
    else
      throw new Error(where(`${op.operationId}: a list that neither belongs to a resource above it nor is selected by a query parameter`));
  } else if (parent) {
    const resource = resourceAt(parent.template, parent.schema);
    for (const property of parent.properties) {
      const line = (resource.lines[property] ??= {id: lineIdProperty(components, parent.schema, property), template: null});
      if (endsInParam && op.method !== 'POST') {
        if (line.template && line.template !== op.path)
          throw new Error(where(`the lines ${parent.schema}.${property} have two paths, ${line.template} and ${op.path}`));
        line.template = op.path;
      }
    }
    const lineParam = endsInParam ? paramOf(last) : null;
    /** @type {OperationKind} */
    const kind =
      op.method === 'POST' ? 'add-lines' : op.method === 'GET' ? 'read-line' : op.method === 'PUT' ? 'replace-line' : 'delete-line';
    if (kind !== 'add-lines' && !lineParam)
      throw new Error(where(`${op.operationId}: a line operation whose path does not end in the line's id`));
    return {kind, resource: parent.template, schema: parent.schema, lineParam};
  } else if (op.carried) {
    const schema = op.carried;
    const child =
      op.method === 'POST' && !endsInParam
        ? templates.find(
            (t) =>
              segmentsOf(t).length === segmentsOf(op.path).length + 1 &&
              isPrefix(op.path, t) &&
              paramOf(/** @type {string} */ (segmentsOf(t).at(-1))) &&
              messageOf.get(t) === schema,
          )
        : undefined;
    if (child) return {kind: 'create-in-collection', resource: child, schema, ...none};
    else {
      resourceAt(op.path, schema);
      /** @type {Record<string, OperationKind>} */
      const kinds = {GET: 'read', PUT: 'replace', DELETE: 'delete', POST: 'create'};
      if (!kinds[op.method]) throw new Error(where(`${op.operationId}: the sandbox has no handler for ${op.method}`));
      return {kind: kinds[op.method], resource: op.path, schema, ...none};
    }
  } else if (op.method === 'DELETE' && messageOf.has(op.path)) {
    return {kind: 'delete', resource: op.path, schema: /** @type {string} */ (messageOf.get(op.path)), ...none};
  } else {
    // A DELETE without a body on a line's path: the other operations there carry the line.
    const line = raw.find((o) => o.path === op.path && parentOf.get(o));
    const lineParent = line ? parentOf.get(line) : null;
    if (!lineParent || !endsInParam) throw new Error(where(`${op.operationId}: no message schema to act on`));
    return {kind: 'delete-line', resource: lineParent.template, schema: lineParent.schema, lineParam: paramOf(last)};
  }
}

/** The property of an answer object that only holds a URL (`{"url": …}`), or null. */
function linkProperty(/** @type {any} */ schema) {
  const entries = Object.entries(schema?.properties ?? {});
  if (entries.length !== 1) return null;
  const [[name, property]] = entries;
  return /** @type {any} */ (property).type === 'string' && /** @type {any} */ (property).format === 'uri' ? name : null;
}
