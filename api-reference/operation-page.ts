import fs from 'node:fs';
import path from 'node:path';
import {createApiPageMD} from 'docusaurus-plugin-openapi-docs/lib/markdown';
import type {ApiVersion} from '../src/data/api-registry';

type ApiPageMetadata = Parameters<typeof createApiPageMD>[0];
type Operation = ApiPageMetadata['api'] & Record<string, unknown>;

/** The parts of an operation page whose data the plugin writes to JSON files beside the page (externalJsonProps). */
const deferredParts = ['ParamsDetails', 'RequestSchema', 'StatusCodes'];

/** A media-type map with its keys only: the page offers the types, the schemas are rendered from the JSON files. */
const mediaTypesOnly = (content: unknown) => Object.fromEntries(Object.keys((content as Record<string, unknown>) ?? {}).map((type) => [type, {}]));

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
      Object.entries((responses as Record<string, {content?: unknown}>) ?? {}).map(([code, r]) => [code, {content: mediaTypesOnly(r?.content)}]),
    ),
  } as Operation;
}

/**
 * The operation pages of one API version, as the plugin writes them, with two changes:
 * - its parameters, request schema and responses load their data when the reader scrolls near them
 *   (src/components/DeferredSection): `<RequestSchema {...require("./x.json")}>` becomes a section that imports x.json
 *   on demand and renders the same component with it; the server still renders all of it;
 * - the `api` front matter holds only what the page needs before the request samples open (pageOperation); the whole
 *   operation goes to `<page>.operation.json`, which the page registers for the request samples (src/theme/ApiExplorer).
 *   The plugin writes the front matter from the page's operation after this generator has run; the unit tests check
 *   that the generated pages hold the small form.
 */
export function createOperationPageMD(api: ApiVersion) {
  return (page: ApiPageMetadata): string => {
    let markdown = createApiPageMD(page);
    for (const part of deferredParts) {
      const written = new RegExp(`<${part}\\n  \\{\\.\\.\\.require\\("(\\./[^"]+\\.json)"\\)\\}\\n>\\n\\s*\\n</${part}>`, 'g');
      markdown = markdown.replace(written, (_, file: string) => `<DeferredSection load={() => import(${JSON.stringify(file)})} render={(data) => <${part} {...data} />} />`);
    }
    const left = deferredParts.filter((part) => new RegExp(`\\.\\.\\.require\\("\\./[^"]+\\.${part}\\.json"\\)`).test(markdown));
    if (left.length > 0) throw new Error(`${page.id}: the plugin wrote ${left.join(', ')} in a form this page generator does not know`);

    const operation = page.api as Operation;
    const file = `${page.id}.operation.json`;
    fs.writeFileSync(path.join(__dirname, api.id, file), JSON.stringify(operation));
    page.api = pageOperation(operation);
    const key = JSON.stringify(`${page.infoPath}#${operation.operationId}`);
    return [
      'import DeferredSection from "@site/src/components/DeferredSection";',
      'import {registerOperation} from "@site/src/components/RequestSamples/registry";',
      '',
      `export const operationKey = registerOperation(${key}, () => import(${JSON.stringify(`./${file}`)}));`,
      '',
      markdown,
    ].join('\n');
  };
}
