// The request samples of an operation page, as the page shows them when the reader opens them, made in Node by the
// theme's own code: the explorer's starting state is set up as the theme's ApiItem sets it up from the page's `api`
// front matter (parameters filled with their examples, the first request and 2xx response media types, the first
// server: the site's sandbox at the page's origin, as our theme/ApiItem points it), the body is the one the theme's
// Body puts in the store (the spec's first example), and then the theme's buildPostmanRequest and
// postman-code-generators turn it into code, as its CodeSnippets does, with the site's language tabs.
// tests/e2e/api-reference/explorer.spec.ts checks that an operation page shows exactly this string. The Markdown twin of
// an operation page carries its curl sample for the local sandbox (src/plugins/markdown-twins, at the end of a build),
// and tests/unit/api-reference/request-samples.test.mjs runs the samples against it.
import fs from 'node:fs';
import path from 'node:path';
import {createRequire} from 'node:module';
import {apiReferenceDir} from '../../generated-dir.mjs';
import {baseUrl} from '../../data/site.mjs';
import {languageTabs} from './language-tabs.mjs';

// The theme's modules, and its own copies of the Postman libraries it builds the samples with (resolved from the
// theme, so that the test runs the versions the pages run).
const theme = createRequire(createRequire(import.meta.url).resolve('docusaurus-theme-openapi-docs/package.json'));
const {default: buildPostmanRequest} = theme('./lib/theme/ApiExplorer/buildPostmanRequest.js');
const languages = theme('./lib/theme/ApiExplorer/CodeSnippets/languages.js');
const sdk = theme('postman-collection');
const codegen = theme('postman-code-generators');

/**
 * @typedef {object} Parameter
 * @property {string} name
 * @property {'path' | 'query' | 'header' | 'cookie'} in
 * @property {unknown} [example]
 * @property {Record<string, {value?: unknown}>} [examples]
 * @property {{default?: unknown, example?: unknown}} [schema]
 */
/** @typedef {{example?: unknown, examples?: Record<string, {value?: unknown}>}} MediaType */
/**
 * @typedef {object} PageOperation the page's `api` front matter
 * @property {string} operationId
 * @property {Parameter[]} [parameters]
 * @property {{content?: Record<string, unknown>}} [requestBody]
 * @property {Record<string, {content?: Record<string, unknown>}>} [responses]
 * @property {{url: string, 'x-setu-sandbox'?: string}[]} [servers]
 */

/** The page's `api` front matter (one line of JSON, written by the OpenAPI plugin). */
function pageOperationOf(/** @type {string} */ apiId, /** @type {string} */ operationId) {
  const page = fs.readFileSync(path.join(apiReferenceDir(apiId), `${operationId}.api.mdx`), 'utf8');
  const line = /^api: (\{.*\})$/m.exec(page);
  if (!line) throw new Error(`${apiId}/${operationId}.api.mdx has no api front matter`);
  return /** @type {PageOperation} */ (JSON.parse(line[1]));
}

/** The operation as the request samples load it: `<page>.operation.json` with the RequestSchema file's body. */
function samplesOperationOf(/** @type {string} */ apiId, /** @type {string} */ operationId) {
  const dir = apiReferenceDir(apiId);
  const operation = JSON.parse(fs.readFileSync(path.join(dir, `${operationId}.operation.json`), 'utf8'));
  const requestSchemaFile = path.join(dir, `${operationId}.RequestSchema.json`);
  const requestSchema = fs.existsSync(requestSchemaFile) ? JSON.parse(fs.readFileSync(requestSchemaFile, 'utf8')) : {};
  return requestSchema.body === undefined ? operation : {...operation, requestBody: requestSchema.body};
}

/** The parameters of the explorer's store, each filled as the theme's ApiItem fills it. */
function paramsOf(/** @type {PageOperation} */ api) {
  /** @type {Record<string, (Parameter & {value?: unknown})[]>} */
  const params = {path: [], query: [], header: [], cookie: []};
  for (const p of api.parameters ?? []) {
    const firstNamedExample = p.examples && typeof p.examples === 'object' ? Object.values(p.examples)[0]?.value : undefined;
    const prefill = p.schema?.default ?? p.example ?? p.schema?.example ?? firstNamedExample;
    params[p.in]?.push(prefill !== undefined ? {...p, value: prefill} : p);
  }
  return params;
}

/** The body the theme's Body puts in the store for a JSON media type: the spec's example, else its first named one. */
function bodyOf(/** @type {MediaType | undefined} */ media, /** @type {string | undefined} */ contentType) {
  if (!media || !contentType) return {type: 'empty'};
  if (!/application\/json|\+json$/.test(contentType)) throw new Error(`request samples of ${contentType} bodies are not made here`);
  const stringified = (/** @type {unknown} */ value) => {
    if (typeof value === 'string') {
      try {
        JSON.parse(value);
        return value;
      } catch {
        // not JSON already: stringified below
      }
    }
    return JSON.stringify(value, null, 2);
  };
  const first =
    media.example !== undefined
      ? JSON.stringify(media.example, null, 2)
      : media.examples
        ? stringified(Object.values(media.examples)[0]?.value)
        : undefined;
  return first ? {type: 'raw', content: {type: 'string', value: first}} : {type: 'empty'};
}

/**
 * The request sample of an operation page in one of its languages, as the page at `origin` shows it when the samples
 * open.
 * @param {string} apiId the registry id of the API version
 * @param {string} operationId
 * @param {{origin: string, language?: string}} options
 * @returns {Promise<string>}
 */
export const requestSample = async (apiId, operationId, options) => (await requestSampleDetails(apiId, operationId, options)).code;

/**
 * The request sample (requestSample), the body it sends, as text (null: none), and the path parameters in it whose
 * value the server assigns, as the page's note by the Send button names them (`x-setu-assigned-ids`).
 * @param {string} apiId
 * @param {string} operationId
 * @param {{origin: string, language?: string}} options
 * @returns {Promise<{code: string, body: string | null, assignedIds: import('./assigned-ids').AssignedId[]}>}
 */
export function requestSampleDetails(apiId, operationId, {origin, language = 'curl'}) {
  const api = pageOperationOf(apiId, operationId);
  const operation = samplesOperationOf(apiId, operationId);
  const contentType = Object.keys(api.requestBody?.content ?? {})[0];
  const accept = Object.entries(api.responses ?? {})
    .filter(([status]) => /(20[0-9]|2[1-9][0-9])/.test(status))
    .flatMap(([, response]) => Object.keys(response.content ?? {}))[0];
  // The first server, with the sandbox at the page's origin (src/plugins/api-reference/theme/ApiItem).
  const [first] = api.servers ?? [];
  const sandbox = first?.['x-setu-sandbox'];
  const server = first && sandbox ? {...first, url: `${origin}${baseUrl}sandbox/${sandbox}`} : first;
  const params = paramsOf(api);
  const body = bodyOf(operation.requestBody?.content?.[/** @type {string} */ (contentType)], contentType);
  // buildPostmanRequest starts from the page's origin before it puts in the server's.
  const globals = /** @type {Record<string, unknown>} */ (globalThis);
  const hadWindow = 'window' in globals;
  const window = globals.window;
  globals.window = {location: {origin}};
  let request;
  try {
    request = buildPostmanRequest(new sdk.Request(operation.postman ?? {}), {
      queryParams: params.query,
      pathParams: params.path,
      cookieParams: params.cookie,
      headerParams: params.header,
      contentType,
      accept,
      body,
      server,
      auth: {options: {}, data: {}, selected: undefined},
      encoding: undefined,
    });
  } finally {
    if (hadWindow) globals.window = window;
    else delete globals.window;
  }
  // The tabs as CodeSnippets merges them: the site's, completed by the theme's set (options, variant).
  const theirs = languages.generateLanguageSet();
  const merged = languages.mergeCodeSampleLanguage(
    languages.mergeArraysbyLanguage(
      languageTabs,
      theirs.filter((/** @type {{language: string}} */ l) => languageTabs.some((tab) => tab.language === l.language)),
    ),
    [],
  );
  const tab = merged.find((/** @type {{language: string}} */ l) => l.language === language);
  if (!tab) throw new Error(`no request sample tab ${language}`);
  const sent = body.content?.value ?? null;
  return new Promise((resolve, reject) => {
    codegen.convert(tab.language, tab.variant, request, tab.options, (/** @type {unknown} */ error, /** @type {string} */ snippet) =>
      error ? reject(error) : resolve({code: snippet, body: sent, assignedIds: operation['x-setu-assigned-ids'] ?? []}),
    );
  });
}
