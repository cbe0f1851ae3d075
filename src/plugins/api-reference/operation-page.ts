import fs from 'node:fs';
import path from 'node:path';
import type {createApiPageMD} from 'docusaurus-plugin-openapi-docs/lib/markdown';
import {createAuthorization} from 'docusaurus-plugin-openapi-docs/lib/markdown/createAuthorization';
import {createCallbacks} from 'docusaurus-plugin-openapi-docs/lib/markdown/createCallbacks';
import {createDeprecationNotice} from 'docusaurus-plugin-openapi-docs/lib/markdown/createDeprecationNotice';
import {createDescription} from 'docusaurus-plugin-openapi-docs/lib/markdown/createDescription';
import {createHeading} from 'docusaurus-plugin-openapi-docs/lib/markdown/createHeading';
import {createRequestHeader} from 'docusaurus-plugin-openapi-docs/lib/markdown/createRequestHeader';
import {createVendorExtensions} from 'docusaurus-plugin-openapi-docs/lib/markdown/createVendorExtensions';
import {create, render} from 'docusaurus-plugin-openapi-docs/lib/markdown/utils';
import {xmlRootOf, type ApiVersion, type ApiWithReference} from '../../data/registry.mjs';
import {modelToXml} from '../validator/engine/xml-model.mjs';
import {componentNameOf, refTarget} from '../../spec-refs.mjs';
import {operationKeyProperty} from './runtime/operation-registry';
import {serverUrl, type Server} from './server-url';
import {isSandboxServer, sandboxServer} from './sandbox-server';
import {assignedIdsOf, assignedIdsProperty, type AssignedId} from './assigned-ids';
import {acceptOptionsProperty, declaredAcceptOf} from './runtime/accept-options.mjs';
import {requestMessageProperty, type RequestMessage} from './runtime/validator-findings.mjs';
import {sandboxApiOf} from '../sandbox/handlers/operations.mjs';
import {apiReferenceDir} from '../../generated-dir.mjs';

type ApiPageMetadata = Parameters<typeof createApiPageMD>[0];
type Operation = ApiPageMetadata['api'] & Record<string, unknown>;

/** The parts of an operation page whose data the plugin writes to JSON files beside the page (externalJsonProps). */
const deferredParts = ['ParamsDetails', 'RequestSchema', 'StatusCodes'] as const;

/**
 * The module the pages import those parts' components from: runtime/deferred-parts.ts in the browser's bundle (each
 * loaded with its section), runtime/deferred-parts.server.ts in the server's (loaded from the start), by an alias of
 * this plugin (index.ts).
 */
export const deferredPartsModule = '@api-reference/deferred-parts';

/**
 * The parts the server renders from their data. The theme renders ParamsDetails and RequestSchema in the browser only
 * (BrowserOnly), so their data in the server's bundle would only cost build memory; the server renders the theme's
 * placeholder for them, as the theme does.
 */
const serverRenderedParts = new Set<string>(['StatusCodes']);

/** A media-type map with its keys only: the page offers the types, the schemas are rendered from the JSON files. */
const mediaTypesOnly = (content: unknown) =>
  Object.fromEntries(Object.keys((content as Record<string, unknown>) ?? {}).map((type) => [type, {}]));

/**
 * What the theme's operation page needs from the operation before the request samples open: it sets up its store
 * with the media types of the request and 2xx responses, the servers, parameters and security. The schemas,
 * examples and request template, up to 1.6 MB for Inquiry Pay Equity 2.0, are left out: the page's module and its
 * metadata would otherwise each hold them, deflated and so beyond the reach of gzip.
 */
function pageOperation(operation: Operation): Operation {
  const {requestBody, responses, postman: _postman, jsonRequestBodyExample: _example, info: _info, ...rest} = operation;
  const body = requestBody as {content?: unknown} | undefined;
  return {
    ...rest,
    ...(body ? {requestBody: {...body, content: mediaTypesOnly(body.content)}} : {}),
    responses: Object.fromEntries(
      Object.entries((responses as Record<string, {content?: unknown}>) ?? {}).map(([code, r]) => [
        code,
        {content: mediaTypesOnly(r?.content)},
      ]),
    ),
  } as Operation;
}

/**
 * What the request samples need (theme/ApiExplorer) beyond the page's own data: the operation without its request
 * body, which they take from the page's RequestSchema file (the same object), and without its response schemas,
 * which they never read (they offer the responses' media types, known from the page's own operation). For Inquiry
 * Pay Equity 2.0 that leaves 30 KB of 1.65 MB; each copy of a schema costs memory in every build.
 */
function samplesOperation(operation: Operation, requestBodyElsewhere: boolean): Operation {
  const {requestBody, responses, ...rest} = operation;
  return {
    ...rest,
    ...(requestBody && !requestBodyElsewhere ? {requestBody} : {}),
    responses: Object.fromEntries(
      Object.entries((responses as Record<string, {content?: unknown}>) ?? {}).map(([code, r]) => [
        code,
        {...r, content: mediaTypesOnly(r?.content)},
      ]),
    ),
  } as Operation;
}

/** Keywords that describe a schema without constraining it: a wrapper's own may replace its one part's. */
const annotations = new Set(['description', 'title', 'example', 'examples', 'deprecated', 'readOnly', 'writeOnly', 'externalDocs']);

/**
 * The schemas of an operation with every `allOf` of one part written as that part (`{allOf: [X], description}` →
 * `{...X, description}`): the same schema for every validator, but the theme merges each allOf it renders with a
 * slow library, which was most of the work of showing an operation's request body. An allOf whose wrapper also
 * constrains what its part constrains stays as it is. Not allof-merge: an allOf of several parts is left to the theme,
 * which merges it by its own rules (it drops a part's `additionalProperties: false` first); a part alone needs no merging.
 */
function withoutSinglePartAllOf<T>(node: T, done = new Map<object, unknown>()): T {
  if (!node || typeof node !== 'object') return node;
  if (done.has(node)) return done.get(node) as T;
  if (Array.isArray(node)) {
    const copy: unknown[] = [];
    done.set(node, copy);
    for (const item of node) copy.push(withoutSinglePartAllOf(item, done));
    return copy as T;
  }
  const copy: Record<string, unknown> = {};
  done.set(node, copy);
  for (const [key, value] of Object.entries(node)) copy[key] = withoutSinglePartAllOf(value, done);
  const parts = copy.allOf;
  if (Array.isArray(parts) && parts.length === 1 && parts[0] && typeof parts[0] === 'object' && !Array.isArray(parts[0])) {
    const {allOf: _allOf, ...wrapper} = copy;
    const part = parts[0] as Record<string, unknown>;
    if (Object.keys(wrapper).every((key) => annotations.has(key) || !(key in part))) {
      const merged = {...part, ...wrapper};
      done.set(node, merged);
      return merged as T;
    }
  }
  return copy as T;
}

type SpecNode = Record<string, unknown> & {
  $ref?: string;
  items?: SpecNode;
  oneOf?: SpecNode[];
  content?: Record<string, {schema?: SpecNode}>;
};

type MediaType = {schema?: unknown; example?: unknown; examples?: Record<string, {summary?: string; value?: unknown}>};
type Body = {content?: Record<string, MediaType>} | undefined;

/**
 * The operation with each XML body that has no example of its own given the body's JSON examples in SETU's XML form:
 * written by the validator's own writer (modelToXml), with the root element and namespace of the registry, so that
 * the message validator accepts them (the unit tests check that it does). Without them the theme makes up an XML
 * example from the whole schema each time it renders the section, one task too long for the page to answer in on
 * Purchase to Pay's Timecard, and a made-up message at that.
 */
function withXmlExamples(api: ApiVersion, spec: PublishedSpec, operation: Operation): Operation {
  const xmlForm = api.xml;
  const published = operationIn(spec, String(operation.operationId));
  if (!xmlForm || !published) return operation;
  const schemas = spec.components?.schemas ?? {};
  const typeOf = (body: SpecNode | undefined) => {
    // A body given by reference (`#/components/responses/…`) is looked up where it points.
    const resolved = body?.$ref ? (refTarget(spec, body.$ref) as SpecNode | undefined) : body;
    return name(resolved?.content?.['application/json']?.schema?.$ref);
  };
  const withExamples = (body: Body, type: string | undefined): Body => {
    const json = body?.content?.['application/json'];
    const xml = body?.content?.['application/xml'];
    // Only the messages the registry gives an XML form (from SETU's XSDs); error objects and others are left as they are.
    if (!type || !api.messageTypes.includes(type) || !json || !xml || xml.example !== undefined || xml.examples) return body;
    const examples = json.examples ?? (json.example !== undefined ? {example: {value: json.example}} : undefined);
    if (!examples) return body;
    const root = xmlRootOf(api, type, schemas[type] as {xml?: {name?: string}});
    let inXml;
    try {
      inXml = Object.fromEntries(
        Object.entries(examples).map(([key, example]) => [
          key,
          {
            // Labelled as ours: the spec gives this example in JSON only.
            summary: `${example.summary ? `${example.summary.replace(/\.$/, '')}. ` : ''}The JSON example, written in SETU's XML form by this site.`,
            value: modelToXml(example.value, {typeName: type, components: schemas, root, namespace: xmlForm.namespace}),
          },
        ]),
      );
    } catch {
      // A message with no XML form (Attachment's `mime type` is no element name; the validator says so) keeps the
      // theme's rendering.
      return body;
    }
    return {...body, content: {...body.content, 'application/xml': {...xml, examples: inXml}}};
  };
  const responses = (operation.responses ?? {}) as Record<string, Body>;
  return {
    ...operation,
    ...(operation.requestBody ? {requestBody: withExamples(operation.requestBody as Body, typeOf(published.requestBody))} : {}),
    responses: Object.fromEntries(
      Object.entries(responses).map(([code, response]) => [code, withExamples(response, typeOf(published.responses?.[code]))]),
    ),
  } as Operation;
}

type Parameter = {name?: string; in?: string};

/**
 * Header parameters that OpenAPI 3 says to ignore (`Accept`, `Content-Type`, `Authorization`: "the parameter
 * definition SHALL be ignored") where the explorer sends the header itself: `Content-Type` from the request body's
 * media type the reader chooses, `Accept` from the response's. SETU's write operations declare both as parameters;
 * kept, every request sample carried each header twice, and the Python sample's dict kept the parameter's
 * `application/json` for an XML body. Where the operation has no body (SETU declares `Content-Type` on reads too), the
 * parameter stays: it is then the only source of the header. The page's parameter table still lists them as declared.
 */
function explorerParameters(operation: {parameters?: unknown[]; requestBody?: unknown; responses?: unknown}): unknown[] | undefined {
  const hasBody = Object.keys((operation.requestBody as Body)?.content ?? {}).length > 0;
  const hasResponseBody = Object.entries((operation.responses ?? {}) as Record<string, Body>).some(
    ([code, response]) => code.startsWith('2') && Object.keys(response?.content ?? {}).length > 0,
  );
  const derived = (parameter: Parameter) => {
    const name = parameter.name?.toLowerCase();
    return (
      parameter.in === 'header' &&
      (name === 'authorization' || (name === 'content-type' && hasBody) || (name === 'accept' && hasResponseBody))
    );
  };
  return operation.parameters?.filter((parameter) => !derived(parameter as Parameter));
}

/**
 * The operation as the explorer gets it: the site's sandbox as its first server, before the spec's own
 * (sandbox-server.ts), without the header parameters the explorer derives (explorerParameters), with the values of a
 * declared `Accept` it dropped, which its `Accept` control offers (runtime/accept-options.mjs), with the path
 * parameters whose value the server assigns, for the note by the Send button (assigned-ids.ts), and with the message
 * the sandbox checks its request body as, for the links of the validator's warnings in the answer panel
 * (runtime/validator-findings.mjs).
 */
function explorerOperation(
  api: ApiVersion,
  operation: Operation,
  assignedIds: AssignedId[],
  requestMessage: RequestMessage | undefined,
): Operation {
  const parameters = explorerParameters(operation);
  // Where the explorer keeps the parameter (no 2xx body), the parameter's own control sets the header.
  const keptAccept = parameters?.some((p) => (p as Parameter).in === 'header' && (p as Parameter).name?.toLowerCase() === 'accept');
  const accept = keptAccept ? undefined : declaredAcceptOf(operation.parameters);
  return {
    ...operation,
    ...(parameters ? {parameters} : {}),
    ...(accept ? {[acceptOptionsProperty]: accept} : {}),
    servers: [sandboxServer(api.id), ...((operation.servers as Server[] | undefined) ?? [])],
    ...(assignedIds.length > 0 ? {[assignedIdsProperty]: assignedIds} : {}),
    ...(requestMessage ? {[requestMessageProperty]: requestMessage} : {}),
  } as Operation;
}

type PublishedOperation = SpecNode & {operationId?: string; requestBody?: SpecNode; responses?: Record<string, SpecNode>};
type PublishedSpec = {
  paths?: Record<string, Record<string, PublishedOperation>>;
  components?: {schemas?: Record<string, SpecNode>};
};

/** The spec of an API version as it is in specs/ (the plugin hands the generator its operations dereferenced). */
const specOf = (api: ApiVersion): PublishedSpec =>
  JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', '..', 'specs', api.specFile), 'utf8'));

/** The component schema a reference names (`#/components/schemas/X` → `X`), else undefined. */
const name = (ref?: string) => componentNameOf(ref) ?? undefined;

const operationIn = (spec: PublishedSpec, operationId: string) =>
  Object.values(spec.paths ?? {})
    .flatMap((item) => Object.values(item))
    .find((op) => op?.operationId === operationId);

/**
 * The message dictionary's pages (/docs/messages/…, src/plugins/message-dictionary/generate.mjs) of the messages an operation carries in
 * its request and 2xx response bodies: a message type of the registry, or the line body whose form it is.
 */
function dictionaryMessages(api: ApiVersion, spec: PublishedSpec, operationId: string): string[] {
  const schemas = spec.components?.schemas ?? {};
  const operation = operationIn(spec, operationId);
  if (!operation) return [];
  const bodies = [
    operation.requestBody,
    ...Object.entries(operation.responses ?? {})
      .filter(([code]) => code.startsWith('2'))
      .map(([, r]) => r),
  ];
  const found = new Set<string>();
  for (const body of bodies) {
    const schema = (body?.$ref ? undefined : body?.content?.['application/json']?.schema) as SpecNode | undefined;
    const type = name(schema?.$ref) ?? name(schema?.items?.$ref);
    if (!type || !api.messageTypes.includes(type)) continue;
    // A form of a line body is documented on the line body's page.
    const parent = api.messageTypes.find((t) => schemas[t]?.oneOf?.some((alt) => name(alt.$ref) === type));
    found.add(parent ?? type);
  }
  return [...found];
}

/** The file an element written by the plugin's `create` takes its props from, when it externalized them. */
const externalFile = (element: string) => /^<\w+\n {2}\{\.\.\.require\("(\.\/[^"]+\.json)"\)\}\n>/.exec(element)?.[1];

/**
 * The operation pages of one API version: the plugin's `createApiPageMD` composed again from its own helpers
 * (docusaurus-plugin-openapi-docs/lib/markdown: heading, authorization, deprecation notice, description, request
 * header, callbacks, and `create`, which writes a component's props to a JSON file beside the page), with these parts
 * of our own:
 * - an allOf of one part is written as the part (withoutSinglePartAllOf);
 * - an XML body without examples gets its JSON examples in SETU's XML form (withXmlExamples);
 * - the explorer gets the site's sandbox as its first server and no header parameter it derives itself
 *   (explorerOperation); the endpoint line names that first server from the start (theme/ApiExplorer/MethodEndpoint);
 * - a line links the message dictionary's page of each message the operation carries;
 * - its parameters, request schema and responses load their data when the reader scrolls near them
 *   (runtime/DeferredSection): the JSON file that `create` writes for the part is imported by its address and loaded
 *   on demand, and rendered by the same component; the server renders it from the same file, which only the server's
 *   bundle holds (src/plugins/rendering-on-server.ts); the component's code loads with it (onDemand);
 * - the `api` front matter holds only what the page needs before the request samples open (pageOperation); the
 *   rest of the operation (samplesOperation) goes to `<page>.operation.json`, which the page registers with its
 *   RequestSchema file for the request samples (theme/ApiExplorer). The plugin writes the front matter from the
 *   page's operation after this generator has run; the unit tests check that the generated pages hold the small form.
 */
export function createOperationPageMD(api: ApiWithReference) {
  const spec = specOf(api);
  const model = sandboxApiOf(api, spec);
  const assignedIds = assignedIdsOf(api.referenceRoute, spec, model);
  /** The message the sandbox checks an operation's request body as (sandbox/handlers/body.mjs), where it checks one. */
  const requestMessage = (operationId: string): RequestMessage | undefined => {
    const body = model.operations.find((o) => o.operationId === operationId)?.requestBody;
    return body && !body.opaque ? {file: api.specFile, schema: body.schema} : undefined;
  };
  return (page: ApiPageMetadata): string => {
    page.api = withXmlExamples(api, spec, withoutSinglePartAllOf(page.api) as Operation);
    const operation = page.api as Operation;
    const {title, infoPath, frontMatter} = page;
    const {deprecated, description, method, path: route, extensions, parameters, requestBody, responses, callbacks} = page.api;
    // Each JSON file the page loads in the browser, imported as its address (data-files.ts).
    const dataFiles: string[] = [];
    const addressOf = (file: string) => {
      if (!dataFiles.includes(file)) dataFiles.push(file);
      return `data${dataFiles.indexOf(file)}`;
    };
    /** A part whose props `create` wrote to a JSON file, as a section loaded on demand; nothing for a part without props. */
    const deferred = (part: (typeof deferredParts)[number], props: Record<string, unknown>) => {
      const element = create(part, props);
      const file = externalFile(element);
      if (!file) {
        if (!element.startsWith(`<${part}\n`)) return undefined; // no props: the theme's component renders nothing
        throw new Error(`${page.id}: the plugin wrote ${part} in a form this page generator does not know`);
      }
      return `<DeferredSection load={() => loadJson(${addressOf(file)})} code={${part}.load}${
        serverRenderedParts.has(part)
          ? ` serverData={process.env.RENDERING_ON_SERVER ? require(${JSON.stringify(file)}) : undefined}`
          : ' placeholder={<SkeletonLoader size="sm" />}'
      } render={(data) => <${part} {...data} />} />\n\n`;
    };
    // A line that links the message dictionary's page of each message the operation carries, above its parameters.
    const messages = api.standardSlug ? dictionaryMessages(api, spec, String(operation.operationId)) : [];
    const dictionaryLine =
      messages.length > 0
        ? `Every field of the message, with its cardinality, values and XML element: ${messages
            .map((m) => `[${m}](/messages/${api.standardSlug}/${api.version}/${m})`)
            .join(', ')} in the message dictionary.\n\n`
        : undefined;
    const operationId = String(operation.operationId);
    const explorer = explorerOperation(api, operation, assignedIds(operationId), requestMessage(operationId));
    const [server] = (explorer.servers as Server[] | undefined) ?? [];
    const sections = [
      deferred('ParamsDetails', {parameters}),
      deferred('RequestSchema', {title: 'Body', body: requestBody}),
      deferred('StatusCodes', {id: undefined, label: undefined, responses}),
    ];
    const markdown = render([
      `import MethodEndpoint from "@theme/ApiExplorer/MethodEndpoint";\n`,
      // The parts' components run in the browser when their section loads, not when the page starts (onDemand).
      `import {${deferredParts.join(', ')}} from "${deferredPartsModule}";\n`,
      `import OperationTabs from "@theme/OperationTabs";\n`,
      `import TabItem from "@theme/TabItem";\n`,
      `import Heading from "@theme/Heading";\n`,
      `import Translate from "@docusaurus/Translate";\n\n`,
      createHeading(title),
      // The endpoint line names the first server from the start (theme/ApiExplorer/MethodEndpoint).
      create('MethodEndpoint', {
        ...(server ? {server: serverUrl(server), ...(isSandboxServer(server) ? {sandbox: true} : {})} : {}),
        method,
        path: route,
        context: 'endpoint',
      }),
      '\n\n',
      infoPath && createAuthorization(infoPath),
      frontMatter.show_extensions ? createVendorExtensions(extensions) : undefined,
      createDeprecationNotice({deprecated, description: (page.api as Record<string, unknown>)['x-deprecated-description'] as string}),
      createDescription(description),
      requestBody || parameters ? createRequestHeader('Request') : undefined,
      sections.some(Boolean) ? dictionaryLine : undefined,
      ...sections,
      createCallbacks({callbacks}),
    ]);
    const file = `./${page.id}.operation.json`;
    // The request body comes from the RequestSchema file, which holds it as `body` (checked by the unit tests).
    const requestSchemaFile = `./${page.id}.RequestSchema.json`;
    const requestBodyElsewhere = operation.requestBody !== undefined && dataFiles.includes(requestSchemaFile);
    fs.writeFileSync(path.join(apiReferenceDir(api.id), file), JSON.stringify(samplesOperation(explorer, requestBodyElsewhere)));
    // The key by which the request samples find the operation: the API version and the operation, unique on the site.
    const key = `${api.id}#${operation.operationId}`;
    page.api = {...pageOperation(explorer), [operationKeyProperty]: key};
    const loaders = [file, ...(requestBodyElsewhere ? [requestSchemaFile] : [])].map((f) => `() => loadJson(${addressOf(f)})`);
    return [
      'import DeferredSection, {loadJson} from "@site/src/plugins/api-reference/runtime/DeferredSection";',
      'import SkeletonLoader from "@theme/SkeletonLoader";',
      'import {registerOperation} from "@site/src/plugins/api-reference/runtime/operation-registry";',
      ...dataFiles.map((f, i) => `import data${i} from ${JSON.stringify(`${f}?url`)};`),
      '',
      // Only the browser opens request samples: the server's bundle gets no chunks for them.
      `export const operationKey = process.env.RENDERING_ON_SERVER ? null : registerOperation(${JSON.stringify(key)}, ${loaders.join(', ')});`,
      '',
      markdown,
    ].join('\n');
  };
}
