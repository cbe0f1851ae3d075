// Swizzled (wrap): the theme's request form sends with fetch to the chosen server. When that server is the site's
// sandbox (../../../sandbox-server.ts), its service worker must control the page first, and nothing registers it on a
// page load (src/plugins/sandbox/client.ts): the Send click's submit is held in the capture phase, before the theme's
// handler sees it, until ensureSandbox() has the worker in control, then submitted again. Below the button, a note
// says where the request goes, or that this browser cannot run the sandbox, how to send the samples from a terminal
// (to the local sandbox: the site's address is answered only in the browser), where an id the server assigns
// comes from (../../../assigned-ids.ts), and, where the chosen Accept is one the operation declares but its success
// response does not answer in (../../../runtime/accept-options.mjs), that the sandbox answers 406 to it.
import React, {useEffect, useRef, useState, type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Request from '@theme-init/ApiExplorer/Request';
import {useTypedSelector} from '@theme/ApiItem/hooks';
import {ensureSandbox, sandboxActive, sandboxSupported} from '@site/src/plugins/sandbox/client';
import {repositoryUrl} from '@site/src/data/site.mjs';
import {isSandboxServer} from '../../../sandbox-server';
import {serverUrl} from '../../../server-url';
import {assignedIdsProperty, type AssignedId} from '../../../assigned-ids';
import {successTypesOf} from '../../../runtime/accept-options.mjs';
import styles from './styles.module.css';

type Starting = {state: 'idle'} | {state: 'starting'} | {state: 'failed'; message: string};

export default function RequestWithSandbox(props: Record<string, unknown>): ReactNode {
  const server = useTypedSelector((state) => state.server?.value);
  const toSandbox = isSandboxServer(server);
  const [starting, setStarting] = useState<Starting>({state: 'idle'});
  const wrapper = useRef<HTMLDivElement>(null);
  const sandboxChosen = useRef(toSandbox);
  useEffect(() => {
    sandboxChosen.current = toSandbox;
  }, [toSandbox]);

  useEffect(() => {
    const element = wrapper.current;
    if (!element) return undefined;
    const hold = (event: Event) => {
      if (!sandboxChosen.current || sandboxActive()) return;
      // Not yet controlled by the worker: the theme's fetch would reach the web server, which has no sandbox.
      event.preventDefault();
      event.stopPropagation();
      const form = event.target as HTMLFormElement;
      const submitter = (event as SubmitEvent).submitter;
      setStarting({state: 'starting'});
      ensureSandbox().then(
        () => {
          setStarting({state: 'idle'});
          if (sandboxActive()) form.requestSubmit(submitter ?? undefined);
        },
        (error: unknown) => setStarting({state: 'failed', message: error instanceof Error ? error.message : String(error)}),
      );
    };
    element.addEventListener('submit', hold, {capture: true});
    return () => element.removeEventListener('submit', hold, {capture: true});
  }, []);

  const supported = sandboxSupported();
  const assignedIds = ((props.item as Record<string, unknown> | undefined)?.[assignedIdsProperty] as AssignedId[] | undefined) ?? [];
  const accept = useTypedSelector((state) => state.accept.value);
  const answered = successTypesOf(props.item);
  const unanswered = accept && answered.length > 0 && !answered.includes(accept);
  return (
    <div ref={wrapper}>
      <Request {...props} />
      {server && (
        <p className={styles.note} role="status">
          {toSandbox ? (
            starting.state === 'failed' ? (
              <strong>{starting.message}</strong>
            ) : !supported ? (
              <strong>
                This browser cannot run the sandbox: it needs service workers, which a private window or an insecure (http) address may turn
                off. The request samples above still work against your own server.
              </strong>
            ) : starting.state === 'starting' ? (
              'Starting the sandbox in this browser…'
            ) : (
              <>
                Send API Request goes to <Link to="/sandbox">this site's sandbox</Link>, not to SETU or an implementation: it answers in
                your browser, checks the body as the validator does, and keeps what you send there. Only your browser answers the
                samples&apos; address: from a terminal, start the same sandbox in a clone of{' '}
                <a href={repositoryUrl}>the site&apos;s repository</a> with <code>npm run sandbox -- --port 4010</code> and change the
                sample&apos;s scheme, host and port to <code>http://127.0.0.1:4010</code>.
              </>
            )
          ) : (
            <>
              Send API Request goes to <code>{serverUrl(server)}</code>, the specification's placeholder for your partner's server. Choose
              this site's sandbox under Base URL for an answer.
            </>
          )}
        </p>
      )}
      {unanswered && (
        <p className={styles.note} data-testid="accept-unanswered">
          The operation declares <code>Accept: {accept}</code>, but the specification gives its success response in{' '}
          {answered.map((type, i) => (
            <React.Fragment key={type}>
              {i > 0 && ' or '}
              <code>{type}</code>
            </React.Fragment>
          ))}{' '}
          only: the sandbox answers <code>406 Not Acceptable</code>.
        </p>
      )}
      {assignedIds.map(({param, createdBy}) => (
        <p key={param} className={styles.note}>
          The server assigns <code>{`{${param}}`}</code> when <Link to={createdBy.route}>{createdBy.title}</Link> (
          <code>
            {createdBy.method} {createdBy.path}
          </code>
          ) creates the resource: take it from the <code>Location</code> header of that answer. The one in the samples is an example.
        </p>
      ))}
    </div>
  );
}
