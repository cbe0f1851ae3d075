// The Markdown twin of an API operation page, written from the spec (specs/<file>.json) rather than from the page:
// the page's schemas load in the browser only (src/plugins/api-reference/runtime/DeferredSection), so its HTML and its generated MDX
// hold next to nothing. The twin gives method and path, servers, authentication, parameters and headers, the page's curl
// sample (for the site's sandbox run locally: operation-sample.mjs), the request body and every response as a field list (one line per field: dotted path, type, required, allowed values,
// description) and the examples, an XML body's in XML as the page shows them. A named schema is listed once per twin; later uses point to its first listing, which keeps recursive
// schemas (the conditions of Inquiry Pay Equity 2.0) finite and the twins small.
import {merge} from 'allof-merge';
import {httpMethods} from '../../data/http-methods.mjs';
import {componentNameOf, refTarget} from '../../spec-refs.mjs';

/**
 * An object of the OpenAPI document as parsed from JSON (the document itself, a path item, an operation, a schema, a
 * parameter, a response, a media type, an example), possibly a `$ref` to one. As in field-links.mjs, its fields are
 * read as the OpenAPI version and the object's kind allow, not typed one by one.
 * @typedef {Record<string, any>} SpecNode
 */

/**
 * The XML form of a message's JSON example, as the site writes it (null where the message has none).
 * @typedef {(message: string, value: unknown) => string | null} XmlOf
 */

/**
 * A node with its $ref followed (siblings of the $ref, such as a description, win), and the name of the last schema.
 * @param {SpecNode} spec
 * @param {SpecNode} start
 * @returns {{node: SpecNode, name: string | null}}
 */
function resolve(spec, start) {
  /** @type {string | null} */
  let name = null;
  let current = start;
  /** @type {SpecNode} */
  const siblings = {};
  for (let hops = 0; current?.$ref && hops < 50; hops++) {
    const {$ref, ...rest} = current;
    Object.assign(siblings, {...rest, ...siblings});
    name ??= componentNameOf($ref);
    current = refTarget(spec, $ref);
  }
  const node = {...current, ...siblings};
  // `allOf` with one member and nothing else is how OpenAPI 3.0 gives a $ref its own description: the member is the type.
  // Unwrapped here rather than by allof-merge, which would inline the member and lose its name (the twin names a
  // schema and lists its fields once).
  if (node.allOf?.length === 1 && !node.properties && !node.type) {
    const {allOf, ...rest} = node;
    const inner = resolve(spec, {...allOf[0], ...rest});
    return {node: inner.node, name: inner.name ?? name};
  }
  // Any other allOf is one schema that every part constrains (`{allOf: [{$ref: Operators}, {enum: ["in"]}]}`).
  if (node.allOf) return {node: mergeAllOf(spec, node), name};
  return {node, name};
}

/**
 * An allOf as the one schema it stands for (allof-merge). Parts that no value can satisfy together are a defect of
 * the spec: they fail the build, naming the place.
 * @param {SpecNode} spec
 * @param {SpecNode} node
 * @returns {SpecNode}
 */
function mergeAllOf(spec, node) {
  return /** @type {SpecNode} */ (
    merge(node, {
      source: spec,
      onMergeError: (message, path) => {
        throw new Error(`an allOf of ${JSON.stringify(node).slice(0, 120)}: ${message} (at ${path.join('/') || 'its root'})`);
      },
    })
  );
}

/** Inline Markdown text on one line (descriptions may hold line breaks; a table cell may not hold a pipe). */
const oneLine = (/** @type {unknown} */ text) =>
  String(text ?? '')
    .replace(/\s*\n\s*/g, ' ')
    .trim();
const cell = (/** @type {unknown} */ text) => oneLine(text).replace(/\|/g, '\\|');
const code = (/** @type {unknown} */ text) => `\`${String(text).replace(/`/g, "'")}\``;

/**
 * The type of a schema in words: `string (date)`, `array of Identifier`, `Condition`.
 * @param {SpecNode} spec
 * @param {SpecNode} schema
 * @returns {string}
 */
function typeOf(spec, schema) {
  const {node, name} = resolve(spec, schema);
  if (name && (node.properties || node.oneOf || node.anyOf)) return name;
  if (node.type === 'array' || node.items) {
    const items = node.items ? typeOf(spec, node.items) : 'any';
    return `array of ${items}`;
  }
  const type = Array.isArray(node.type)
    ? node.type.join(' or ')
    : (node.type ?? (node.properties ? 'object' : node.oneOf || node.anyOf ? 'one of several' : 'any'));
  return node.format ? `${type} (${node.format})` : type;
}

/**
 * Allowed values and limits of a schema, in words.
 * @param {SpecNode} spec
 * @param {SpecNode} schema
 * @returns {string[]}
 */
function constraintsOf(spec, schema) {
  const {node} = resolve(spec, schema);
  const parts = [];
  if (node.const !== undefined) parts.push(`always ${code(JSON.stringify(node.const))}`);
  if (node.enum)
    parts.push(`one of ${node.enum.map((/** @type {unknown} */ v) => code(typeof v === 'string' ? v : JSON.stringify(v))).join(', ')}`);
  if (node.pattern) parts.push(`pattern ${code(node.pattern)}`);
  for (const [key, word] of [
    ['minLength', 'at least %s characters'],
    ['maxLength', 'at most %s characters'],
    ['minimum', 'minimum %s'],
    ['maximum', 'maximum %s'],
    ['minItems', 'at least %s item'],
    ['maxItems', 'at most %s item'],
  ]) {
    if (node[key] !== undefined) parts.push(`${word.replace('%s', node[key])}${word.endsWith('item') && node[key] !== 1 ? 's' : ''}`);
  }
  return parts;
}

/**
 * The properties and alternatives of an object schema (resolve has merged its allOf).
 * @param {SpecNode} spec
 * @param {SpecNode} schema
 * @returns {{properties: Record<string, SpecNode>, required: Set<string>, alternatives: SpecNode[], which: 'one of' | 'any of'}}
 */
function shapeOf(spec, schema) {
  const {node} = resolve(spec, schema);
  const properties = {...node.properties};
  const required = new Set(node.required ?? []);
  const alternatives = node.oneOf ?? node.anyOf ?? [];
  return {properties, required, alternatives, which: node.oneOf ? 'one of' : 'any of'};
}

/**
 * One line per field below `path`: `- \`a.b[].c\` (string, required): description`. `seen` maps a named schema to
 * the path where it was first listed (and an example's text to its title), for the whole twin.
 * @param {SpecNode} spec
 * @param {SpecNode} schema
 * @param {string} path
 * @param {Map<string, string>} seen
 * @param {number} [depth]
 * @returns {string[]}
 */
function fieldLines(spec, schema, path, seen, depth = 0) {
  /** @type {string[]} */
  const lines = [];
  const {node, name} = resolve(spec, schema);
  if (node.type === 'array' || node.items) {
    return node.items ? fieldLines(spec, node.items, `${path}[]`, seen, depth) : lines;
  }
  if (name && (node.properties || node.oneOf || node.anyOf)) {
    if (seen.has(name)) {
      return [
        `${'  '.repeat(depth)}- ${code(path || '(body)')}: the fields of ${code(name)}, listed under ${code(seen.get(name) || '(body)')}`,
      ];
    }
    seen.set(name, path);
  }
  const {properties, required, alternatives, which} = shapeOf(spec, schema);
  for (const [field, sub] of Object.entries(properties)) {
    const fieldPath = path ? `${path}.${field}` : field;
    const {node: resolved} = resolve(spec, sub);
    const facts = [typeOf(spec, sub), required.has(field) ? 'required' : 'optional', ...constraintsOf(spec, sub)];
    const items = resolved.items ? resolve(spec, resolved.items).node : null;
    if (items) facts.push(...constraintsOf(spec, resolved.items).map((c) => `items: ${c}`));
    const description = oneLine(resolved.description);
    lines.push(`${'  '.repeat(depth)}- ${code(fieldPath)} (${facts.join('; ')})${description ? `: ${description}` : ''}`);
    lines.push(...fieldLines(spec, sub, fieldPath, seen, depth));
  }
  if (alternatives.length) {
    lines.push(
      `${'  '.repeat(depth)}- ${code(path || '(body)')} is ${which}: ${alternatives.map((a) => code(typeOf(spec, a))).join(', ')}`,
    );
    for (const alternative of alternatives) {
      const label = typeOf(spec, alternative);
      lines.push(`${'  '.repeat(depth + 1)}- as ${code(label)}:`);
      lines.push(...fieldLines(spec, alternative, path, seen, depth + 2));
    }
  }
  return lines;
}

/** What `seen` holds for the example that the request sample sends. */
const sampleShown = '(the request sample)';

/** The line of an example shown before: where. */
const sameAs = (/** @type {string} */ shownAt) =>
  shownAt === sampleShown ? 'The body of the request sample above.' : `The same as the example "${shownAt}" above.`;

/**
 * The examples of a media type: `examples` (named), `example`, or the schema's own example.
 * @param {SpecNode} spec
 * @param {SpecNode} media
 * @returns {{title: string, value: unknown}[]}
 */
function examplesOf(spec, media) {
  const named = Object.entries(media.examples ?? {}).map(([key, ex]) => {
    const {node} = resolve(spec, ex);
    return {title: node.summary ?? key, value: node.value};
  });
  if (named.length) return named;
  if (media.example !== undefined) return [{title: 'Example', value: media.example}];
  const schemaExample = media.schema ? resolve(spec, media.schema).node.example : undefined;
  return schemaExample !== undefined ? [{title: 'Example', value: schemaExample}] : [];
}

/**
 * A body (request or response): its media types, its schema's fields, its examples.
 * @param {SpecNode} spec
 * @param {Record<string, SpecNode> | undefined} content media type → media type object
 * @param {string} heading the Markdown heading marks of its parts (`###`)
 * @param {Map<string, string>} seen see fieldLines
 * @param {XmlOf | undefined} xmlOf the XML form of a message's JSON example, for an XML body without examples of its own
 * @returns {string[]}
 */
function bodyLines(spec, content, heading, seen, xmlOf) {
  /** @type {string[]} */
  const lines = [];
  const mediaTypes = Object.keys(content ?? {});
  if (!content || !mediaTypes.length) return lines;
  lines.push(`Media types: ${mediaTypes.map(code).join(', ')}.`, '');
  // The media types of one body share their schema in the SETU specs; a different one is listed on its own.
  const listed = new Set();
  for (const type of mediaTypes) {
    const media = content[type];
    if (!media.schema) continue;
    const key = JSON.stringify(media.schema);
    if (listed.has(key)) continue;
    listed.add(key);
    const typeName = typeOf(spec, media.schema);
    lines.push(`${heading} Fields${mediaTypes.length > 1 && listed.size > 1 ? ` (${type})` : ''}`, '');
    lines.push(`The body is ${/^[aeiou]/i.test(typeName) ? 'an' : 'a'} ${code(typeName)}.`, '');
    const fields = fieldLines(spec, media.schema, '', seen);
    lines.push(...(fields.length ? fields : ['No fields.']), '');
  }
  for (const type of mediaTypes) {
    for (const {title, value} of examplesOf(spec, content[type])) {
      if (value === undefined) continue;
      const language = type.includes('json') ? 'json' : type.includes('xml') ? 'xml' : 'text';
      const text = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
      const shownAt = seen.get(`example:${text}`);
      if (shownAt) {
        lines.push(`${heading} Example: ${oneLine(title)} (${code(type)})`, '', sameAs(shownAt), '');
        continue;
      }
      seen.set(`example:${text}`, oneLine(title));
      lines.push(`${heading} Example: ${oneLine(title)} (${code(type)})`, '');
      lines.push('```' + language, text, '```', '');
    }
  }
  // An XML body without examples of its own: the JSON examples in SETU's XML form, as the operation page shows them
  // (src/plugins/api-reference/operation-page.ts).
  const xml = content['application/xml'];
  const json = content['application/json'];
  const message = xml?.schema ? resolve(spec, xml.schema).name : null;
  if (xmlOf && xml && json && message && !examplesOf(spec, xml).length) {
    for (const {title, value} of examplesOf(spec, json)) {
      const text = value === undefined ? null : xmlOf(message, value);
      if (text === null) continue;
      const shownAt = seen.get(`example:${text}`);
      lines.push(`${heading} Example: ${oneLine(title)} (${code('application/xml')})`, '');
      if (shownAt) lines.push(sameAs(shownAt), '');
      else {
        seen.set(`example:${text}`, `${oneLine(title)} (XML)`);
        lines.push("The JSON example, written in SETU's XML form by this site.", '', '```xml', text.trim(), '```', '');
      }
    }
  }
  return lines;
}

/**
 * How a client authenticates: the security requirements of the operation (or of the spec), or that there are none,
 * with a link to the section of the API's landing page (the spec's description) that says why.
 * @param {SpecNode} spec
 * @param {SpecNode} operation
 * @param {string} apiUrl the API reference's landing page
 * @returns {string[]}
 */
function authenticationLines(spec, operation, apiUrl) {
  /** @type {Record<string, string[]>[]} */
  const requirements = operation.security ?? spec.security ?? [];
  const schemes = spec.components?.securitySchemes ?? {};
  const lines = ['## Authentication', ''];
  if (requirements.some((r) => Object.keys(r).length)) {
    for (const requirement of requirements) {
      const names = Object.entries(requirement).map(([name, scopes]) => {
        const scheme = resolve(spec, schemes[name] ?? {}).node;
        const kind = [scheme.type, scheme.scheme, scheme.in && scheme.name ? `${scheme.name} in ${scheme.in}` : null]
          .filter(Boolean)
          .join(', ');
        return `${code(name)}${kind ? ` (${kind})` : ''}${scopes.length ? `, scopes ${scopes.map(code).join(', ')}` : ''}`;
      });
      lines.push(`- ${names.length ? names.join(' and ') : 'none (anonymous access allowed)'}`);
    }
    return [...lines, ''];
  }
  const heading = /^#{1,6}\s+(.*(?:authenticat|security).*)$/im.exec(spec.info?.description ?? '')?.[1]?.trim();
  const anchor = heading
    ?.toLowerCase()
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-');
  const answers = ['401', '403'].filter((status) => operation.responses?.[status]);
  lines.push(
    `None declared: the specification defines no security scheme, so how a client authenticates is agreed between the parties${answers.length ? `; the answers ${answers.map(code).join(' and ')} below concern it` : ''}.${heading ? ` See [${heading}](${apiUrl}#${anchor}).` : ''}`,
    '',
  );
  return lines;
}

/**
 * The operation of a spec with this operationId: {method, route, operation, pathItem}, or null.
 * @param {SpecNode} spec
 * @param {string} operationId
 * @returns {{method: string, route: string, operation: SpecNode, pathItem: SpecNode} | null}
 */
export function findOperation(spec, operationId) {
  for (const [route, pathItem] of Object.entries(spec.paths ?? {})) {
    for (const method of httpMethods) {
      if (pathItem[method]?.operationId === operationId) return {method, route, operation: pathItem[method], pathItem};
    }
  }
  return null;
}

/**
 * The page's curl sample for the site's sandbox run on the reader's machine, and what to run it against.
 * @typedef {object} RequestSample
 * @property {string} code the curl command, as the page's explorer makes it for a page at the local sandbox's origin
 * @property {string | null} body the body it sends (an example of the request body the twin then does not repeat)
 * @property {string} command the command that starts the local sandbox
 * @property {string} baseUrl the API's base URL at the local sandbox, as in the sample
 * @property {string} sandboxUrl the sandbox page's section on running it locally
 * @property {{param: string, title: string, url: string}[]} assignedIds path parameters the server assigns, each with
 *   the operation whose answer names it (its Location)
 */

/**
 * The section on the page's request sample.
 * @param {RequestSample} sample
 * @returns {string[]}
 */
function sampleLines({code: command, command: start, baseUrl, sandboxUrl, assignedIds}) {
  return [
    '## Request sample',
    '',
    `The page's curl sample, for [the site's sandbox](${sandboxUrl}) run on your own machine with \`${start}\` (in a clone of the site's repository): its base URL is \`${baseUrl}\`, where the request runs as it is. For another server, change the base URL.`,
    '',
    ...assignedIds.flatMap(({param, title, url}) => [
      `The server assigns \`{${param}}\` when [${title}](${url}) creates the resource: take it from the \`Location\` header of that answer. The one in the sample is an example.`,
      '',
    ]),
    '```bash',
    command,
    '```',
    '',
  ];
}

/**
 * Site paths in the Markdown's links made absolute, outside its code blocks (a sample or an example is left as it is).
 * @param {string} markdown
 * @param {(url: string) => string} absolute
 */
const absoluteLinks = (markdown, absolute) =>
  markdown
    .split(/^(```[^\n]*\n[\s\S]*?^```$)/m)
    .map((part, i) => (i % 2 ? part : part.replace(/\]\((\/[^)\s]*)\)/g, (_, url) => `](${absolute(url)})`)))
    .join('');

/**
 * The twin of one operation page.
 * @param {SpecNode} spec the OpenAPI document
 * @param {string} operationId
 * @param {{title: string, apiTitle: string, apiUrl: string, specUrl: string, absolute: (url: string) => string, xmlOf?: XmlOf, sample?: RequestSample}} context
 *   title: the page's H1; apiTitle, apiUrl: the reference the operation belongs to; specUrl: the published spec;
 *   absolute: the absolute URL of a site path; xmlOf: the XML form of a message's JSON example (null: none); sample:
 *   the page's request sample for the local sandbox
 */
export function operationMarkdown(spec, operationId, {title, apiTitle, apiUrl, specUrl, absolute, xmlOf, sample}) {
  const found = findOperation(spec, operationId);
  if (!found) throw new Error(`no operation ${operationId} in the spec`);
  const {method, route, operation, pathItem} = found;
  /** @type {Map<string, string>} */
  const seen = new Map();
  const lines = [`# ${title}`, ''];
  lines.push(`${code(`${method.toUpperCase()} ${route}`)}`, '');
  lines.push(`An operation of the [${apiTitle}](${apiUrl}) (OpenAPI ${spec.openapi}).`, '');
  if (operation.tags?.length) lines.push(`Tags: ${operation.tags.join(', ')}.`, '');
  if (operation.deprecated) lines.push('**Deprecated.**', '');
  if (operation.description || operation.summary) lines.push(operation.description ?? operation.summary, '');

  const servers = operation.servers ?? pathItem.servers ?? spec.servers ?? [];
  if (servers.length) {
    lines.push('## Servers', '');
    for (const server of servers) {
      const variables = Object.entries(server.variables ?? {}).map(
        ([n, v]) => `${code(`{${n}}`)}: default ${code(v.default)}${v.description ? `, ${oneLine(v.description)}` : ''}`,
      );
      lines.push(
        `- ${code(server.url)}${server.description ? `: ${oneLine(server.description)}` : ''}${variables.length ? ` (${variables.join('; ')})` : ''}`,
      );
    }
    lines.push('');
  }

  lines.push(...authenticationLines(spec, operation, apiUrl));

  const parameters = [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])].map((p) => resolve(spec, p).node);
  if (parameters.length) {
    lines.push('## Parameters and headers', '');
    lines.push('| Name | In | Type | Required | Allowed values | Description | Example |', '| --- | --- | --- | --- | --- | --- | --- |');
    for (const p of parameters) {
      const schema = p.schema ?? {};
      const example = p.example ?? resolve(spec, schema).node.example;
      lines.push(
        `| ${code(p.name)} | ${p.in} | ${cell(typeOf(spec, schema))} | ${p.required ? 'yes' : 'no'} | ${cell(constraintsOf(spec, schema).join('; ') || '—')} | ${cell(p.description ?? '')} | ${example === undefined ? '—' : code(cell(typeof example === 'string' ? example : JSON.stringify(example)))} |`,
      );
    }
    lines.push('');
  }

  if (sample) {
    lines.push(...sampleLines(sample));
    // The example the sample sends is shown there, once.
    if (sample.body !== null) seen.set(`example:${sample.body}`, sampleShown);
  }

  if (operation.requestBody) {
    const body = resolve(spec, operation.requestBody).node;
    lines.push('## Request body', '');
    lines.push(`${body.required ? 'Required' : 'Optional'}.${body.description ? ` ${oneLine(body.description)}` : ''}`, '');
    lines.push(...bodyLines(spec, body.content, '###', seen, xmlOf));
  }

  lines.push('## Responses', '');
  for (const [status, ref] of Object.entries(operation.responses ?? {})) {
    const response = resolve(spec, ref).node;
    lines.push(`### ${status}${response.description ? `: ${oneLine(response.description)}` : ''}`, '');
    const headers = Object.entries(response.headers ?? {}).map(([name, h]) => {
      const header = resolve(spec, h).node;
      return `- ${code(name)} (${typeOf(spec, header.schema ?? {})}${header.required ? ', required' : ''})${header.description ? `: ${oneLine(header.description)}` : ''}`;
    });
    if (headers.length) lines.push('Headers:', '', ...headers, '');
    const bodyPart = bodyLines(spec, response.content, '####', seen, xmlOf);
    lines.push(...(bodyPart.length ? bodyPart : ['No body.', '']));
  }
  lines.push(`The whole specification: [the OpenAPI file](${specUrl}).`, '');
  // Links in the spec's descriptions name site paths (`/docs/api/usage-notes/put-behavior`): made absolute.
  return absoluteLinks(lines.join('\n'), absolute);
}
