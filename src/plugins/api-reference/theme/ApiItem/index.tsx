// Swizzled (wrap): the page's operation names the site's sandbox as its first server at the site's published address
// (../../sandbox-server.ts); in the browser, before the theme's ApiItem sets up the explorer's store from it, the
// address becomes this origin's, so that a preview on localhost sends to its own sandbox and the request samples show
// a URL that works where the reader is. The theme reads the servers only from the front matter; it has no option.
import React, {type ReactNode} from 'react';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import ApiItem from '@theme-init/ApiItem';
import type {Props} from '@theme/DocItem';
import {sandboxServerUrl} from '@site/src/plugins/sandbox/client';
import {isSandboxServer} from '../../sandbox-server';

/** Points the sandbox's server object at this origin (the same object on every render: done once, idempotent). */
function atThisOrigin(frontMatter: {api?: {servers?: unknown[]}}): void {
  for (const server of frontMatter.api?.servers ?? []) {
    if (isSandboxServer(server)) server.url = sandboxServerUrl(server['x-setu-sandbox']);
  }
}

export default function ApiItemWithSandbox(props: Props): ReactNode {
  if (ExecutionEnvironment.canUseDOM) atThisOrigin(props.content.frontMatter as {api?: {servers?: unknown[]}});
  return <ApiItem {...props} />;
}
