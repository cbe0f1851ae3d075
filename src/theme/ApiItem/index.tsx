// Swizzled (written here, not ejected): when hydration ends, the theme's ApiItem (which watches useIsBrowser) inflates
// the operation a second time, builds a second store and so renders the whole page again, in one task that React
// cannot split (~35 ms, ~150 ms on a phone: the longest of an operation page's start). No option changes that.
// Here the page is rendered once: the store is built once, in the browser already with the reader's state (no part
// rendered while hydrating reads it: the endpoint line waits for useIsBrowser, the schema sections and the request
// samples render later), and only what differs in the browser (the request samples) follows useIsBrowser.
import React, {useState, type ReactNode} from 'react';
import clsx from 'clsx';
import BrowserOnly from '@docusaurus/BrowserOnly';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {DocProvider} from '@docusaurus/plugin-content-docs/client';
import {HtmlClassNameProvider} from '@docusaurus/theme-common';
import DocItemMetadata from '@theme/DocItem/Metadata';
import type {Props} from '@theme/DocItem';
import {Provider} from 'react-redux';
import {createStorage} from '../ApiExplorer/storage-utils';

/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS modules of the theme without published types */
const {default: ApiItemLayout} = require('@theme/ApiItem/Layout') as {default: (props: {children: ReactNode}) => ReactNode};
const {SchemaExpansionProvider} = require('@theme/SchemaExpansion') as {
  SchemaExpansionProvider: (props: {children: ReactNode}) => ReactNode;
};
const {default: SkeletonLoader} = require('@theme/SkeletonLoader') as {default: (props: {size: string}) => ReactNode};
const {createStoreWithState} = require('@theme/ApiItem/store') as {createStoreWithState: (state: object, middlewares: unknown[]) => Store};
const {createPersistenceMiddleware} = require('@theme/ApiExplorer/persistenceMiddleware') as {
  createPersistenceMiddleware: (options: ApiOptions | undefined) => unknown;
};
const {createAuth} = require('@theme/ApiExplorer/Authorization/slice') as {
  createAuth: (input: {security?: unknown; securitySchemes?: unknown; options?: ApiOptions}) => object;
};
// The explorer runs in the browser only (it reads storage as it loads); on the server, BrowserOnly renders the skeleton.
const ApiExplorer: (props: {item: Operation; infoPath?: string}) => ReactNode = ExecutionEnvironment.canUseDOM
  ? (require('@theme/ApiExplorer') as {default: (props: {item: Operation; infoPath?: string}) => ReactNode}).default
  : () => null;
/* eslint-enable @typescript-eslint/no-require-imports */

type Store = Parameters<typeof Provider>[0]['store'];
/** The theme's `api` options of docusaurus.config.ts (themeConfig.api). */
type ApiOptions = {authPersistence?: false | 'localStorage' | 'sessionStorage'} & Record<string, unknown>;

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  example?: unknown;
  examples?: Record<string, {value?: unknown}>;
  schema?: {default?: unknown; example?: unknown};
}

/** The page's form of the operation, in its front matter (written by src/api-reference/operation-page.ts). */
interface Operation {
  parameters?: Parameter[];
  requestBody?: {content?: Record<string, unknown>};
  responses?: Record<string, {content?: Record<string, unknown>}>;
  servers?: {url: string}[];
  security?: unknown;
  securitySchemes?: unknown;
}

/** A parameter's first value in the request samples: its default, else the first example given. */
function prefilled(parameter: Parameter): Parameter & {value?: unknown} {
  const value =
    parameter.schema?.default ?? parameter.example ?? parameter.schema?.example ?? Object.values(parameter.examples ?? {})[0]?.value;
  return value === undefined ? parameter : {...parameter, value};
}

/** The explorer's state when a page opens in the browser: the same fields and choices as the theme's own. */
function initialState(api: Operation, options: ApiOptions | undefined): object {
  const accept = Object.entries(api.responses ?? {})
    .filter(([code]) => /^2\d\d$/.test(code))
    .flatMap(([, response]) => Object.keys(response.content ?? {}));
  const contentTypes = Object.keys(api.requestBody?.content ?? {});
  const params: Record<Parameter['in'], Parameter[]> = {path: [], query: [], header: [], cookie: []};
  for (const parameter of api.parameters ?? []) params[parameter.in]?.push(prefilled(parameter));
  const storedServer = createStorage(options?.authPersistence ?? 'sessionStorage').getItem('server');
  const server = storedServer ? (JSON.parse(storedServer) as {url?: string}) : undefined;
  return {
    accept: {value: accept[0], options: accept},
    contentType: {value: contentTypes[0], options: contentTypes},
    server: {value: server?.url ? server : undefined, options: api.servers ?? []},
    response: {value: undefined},
    body: {type: 'empty'},
    params,
    auth: createAuth({security: api.security, securitySchemes: api.securitySchemes, options}),
    schemaSelection: {selections: {}},
    encodingSelection: {},
  };
}

/** The explorer's store, built once per page: empty on the server, as the theme's; with the reader's state in the browser. */
function useApiStore(api: Operation | undefined, options: ApiOptions | undefined): Store | undefined {
  const [store] = useState(() =>
    api
      ? createStoreWithState(ExecutionEnvironment.canUseDOM ? initialState(api, options) : {}, [createPersistenceMiddleware(options)])
      : undefined,
  );
  return store;
}

export default function ApiItem({content: MDXComponent}: Props): ReactNode {
  const {api, info_path: infoPath} = MDXComponent.frontMatter as {api?: Operation; info_path?: string};
  const options = (useDocusaurusContext().siteConfig.themeConfig as {api?: ApiOptions}).api;
  const store = useApiStore(api, options);
  const page =
    api && store ? (
      <Provider store={store}>
        <SchemaExpansionProvider>
          <div className={clsx('row', 'theme-api-markdown')}>
            <div className="col col--7 openapi-left-panel__container">
              <MDXComponent />
            </div>
            <div className="col col--5 openapi-right-panel__container">
              <BrowserOnly fallback={<SkeletonLoader size="lg" />}>{() => <ApiExplorer item={api} infoPath={infoPath} />}</BrowserOnly>
            </div>
          </div>
        </SchemaExpansionProvider>
      </Provider>
    ) : (
      // A landing page: the API's introduction and the index of its operations. (The plugin's schema pages, the theme's
      // third kind, are off: showSchemas in docusaurus.config.ts.)
      <div className="row">
        <div className="col col--12 markdown">
          <MDXComponent />
        </div>
      </div>
    );
  return (
    <DocProvider content={MDXComponent}>
      <HtmlClassNameProvider className={`docs-doc-id-${MDXComponent.metadata.id}`}>
        <DocItemMetadata />
        <ApiItemLayout>{page}</ApiItemLayout>
      </HtmlClassNameProvider>
    </DocProvider>
  );
}
