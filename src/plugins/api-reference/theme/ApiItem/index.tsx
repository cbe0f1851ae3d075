// Swizzled (wrap): the page's operation names the site's sandbox as its first server at the site's published address
// (../../sandbox-server.ts); in the browser the theme's ApiItem is given a copy of the page's content whose sandbox
// server is at this origin, so that a preview on localhost sends to its own sandbox and the request samples show a URL
// that works where the reader is. The theme reads the servers only from the front matter; it has no option. The same
// copy gives the theme the `Accept` values the operation declares, where it declares them, as its 2XX media types, the
// only place the theme takes the request form's `Accept` options from (../../runtime/accept-options.mjs).
//
// A copy, never the page's own front matter: the explorer's store keeps the servers it is given and freezes them, so
// writing into the front matter broke the next render of an operation page ("Cannot assign to read only property
// 'url'"), and module data changed while rendering is seen by every later page that shares it.
import React, {useMemo, type ReactNode} from 'react';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import ApiItem from '@theme-init/ApiItem';
import type {Props} from '@theme/DocItem';
import {sandboxServerUrl} from '@site/src/plugins/sandbox/client';
import {isSandboxServer} from '../../sandbox-server';
import {withAcceptOptions} from '../../runtime/accept-options.mjs';

type Content = Props['content'];

/**
 * The page's content with the sandbox's server at this origin, and the declared `Accept` values as the 2XX media types;
 * the content itself where neither changes anything.
 */
function forTheExplorer(content: Content): Content {
  const frontMatter = content.frontMatter as {api?: {servers?: unknown[]}};
  const api = frontMatter.api;
  if (!api) return content;
  const atThisOrigin = api.servers?.some(isSandboxServer);
  const offered = withAcceptOptions(api);
  if (!atThisOrigin && offered === api) return content;
  const servers = atThisOrigin
    ? api.servers?.map((server) => (isSandboxServer(server) ? {...server, url: sandboxServerUrl(server['x-setu-sandbox'])} : server))
    : api.servers;
  const Original = content;
  const Copy = (props: object) => <Original {...props} />;
  // The content's other members (metadata, toc, assets, the page's exports) as they are.
  return Object.assign(Copy, Original, {frontMatter: {...frontMatter, api: {...offered, servers}}}) as Content;
}

export default function ApiItemWithSandbox(props: Props): ReactNode {
  const content = useMemo(() => (ExecutionEnvironment.canUseDOM ? forTheExplorer(props.content) : props.content), [props.content]);
  return <ApiItem {...props} content={content} />;
}
