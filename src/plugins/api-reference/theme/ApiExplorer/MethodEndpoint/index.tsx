// Swizzled (ejected, 40 lines): the theme writes the endpoint's server only in the browser, so on a narrow screen the
// endpoint line grows by a row when the page hydrates, which shifts the whole page (CLS 0.1 on every operation page).
// Here the server's HTML already holds the spec's first server (`server`, written into the page by
// ../../../operation-page.ts), which is also what the browser selects while the request samples are closed
// (../index.tsx); once hydrated, the line follows the server the reader chooses in the samples.
import React, {type ReactNode} from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {useTypedSelector} from '@theme/ApiItem/hooks';
import Link from '@docusaurus/Link';
import {serverUrl} from '../../../server-url';
import {isSandboxServer} from '../../../sandbox-server';
import styles from './styles.module.css';

interface Props {
  method: string;
  path: string;
  context?: string;
  /** The URL of the operation's first server, its variables filled in with their defaults. */
  server?: string;
  /** Whether that first server is the site's sandbox (../../../sandbox-server.ts). */
  sandbox?: boolean;
}

const badges: Record<string, string> = {
  get: 'primary',
  post: 'success',
  delete: 'danger',
  put: 'info',
  patch: 'warning',
  head: 'secondary',
  event: 'secondary',
};

export default function MethodEndpoint({method, path, context, server, sandbox}: Props): ReactNode {
  const isBrowser = useIsBrowser();
  const chosen = useTypedSelector((state) => state.server?.value);
  const base = context === 'callback' ? '' : isBrowser && chosen ? serverUrl(chosen) : (server ?? '');
  // A request to the sandbox goes to this site, not to a SETU implementation: the line says so.
  const toSandbox = context !== 'callback' && (isBrowser && chosen ? isSandboxServer(chosen) : Boolean(sandbox));
  return (
    <>
      <pre className="openapi__method-endpoint">
        <span className={`badge badge--${badges[method.toLowerCase()] ?? ''}`}>
          {method === 'event' ? 'Webhook' : method.toUpperCase()}
        </span>{' '}
        {method !== 'event' && (
          <h2 className="openapi__method-endpoint-path">
            {/* The search indexes the method and the path, not the server: in a hit's excerpt the sandbox's long URL
                buried the operation's description, and every path matched its own host's words. */}
            <span data-pagefind-ignore="all">{base}</span>
            {path.replace(/{([a-z0-9-_]+)}/gi, ':$1')}
          </h2>
        )}
        {toSandbox && (
          <span className={styles.sandbox} data-pagefind-ignore="all">
            {' '}
            <Link to="/sandbox">this site's sandbox</Link>, not SETU's
          </span>
        )}
      </pre>
      <div className="openapi__divider" />
    </>
  );
}
