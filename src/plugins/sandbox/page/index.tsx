import React, {useEffect, useState, type ReactNode} from 'react';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import Link from '@docusaurus/Link';
import useIsBrowser from '@docusaurus/useIsBrowser';
import CodeBlock from '@theme/CodeBlock';
import InlineCode from '@site/src/components/InlineCode';
import {oursWhereSilent, unlikeRealServers, type BehaviourEntry} from '../handlers/behaviour.mjs';
import type {StoredResource} from '../handlers/store.mjs';
import type {SandboxPageData} from '..';
import {ensureSandbox, sandboxActive, sandboxServerUrl, sandboxSupported, stopSandbox} from '../client';
import styles from './styles.module.css';

type Api = SandboxPageData['apis'][number];

/** The sandbox's page at /docs/sandbox (its route and data: src/plugins/sandbox/). */
export default function SandboxPage({data}: {data: SandboxPageData}): ReactNode {
  return (
    <Layout
      title="API sandbox"
      description="A sandbox in your browser that answers every operation of the SETU APIs documented here, checks each request body as the message validator does, and keeps what you create until you clear it.">
      <main className="container margin-vert--lg">
        <Heading as="h1">API sandbox</Heading>
        <p>
          The sandbox answers every operation of the SETU APIs on this site, in your browser. A request to{' '}
          <code>/docs/sandbox/&lt;API&gt;/&lt;path&gt;</code>, such as{' '}
          <code>POST /docs/sandbox/p2p/purchase-to-pay/timecard/&#123;id&#125;</code>, gets the answer its specification declares: its body
          is checked as the <Link to="/validator">message validator</Link> checks a message, with the operation&apos;s message type and the
          published business rules, and a message that passes is stored, to be read, replaced and deleted. Nothing is sent anywhere: a
          service worker of this site answers the requests and keeps the resources in your browser until you clear them here.
        </p>
        <p>
          Start it below, then send requests from any page of this site (for example with <code>fetch</code> in the browser&apos;s console)
          to the server address of an API listed under <a href="#resources">What the sandbox holds</a>, with the headers the{' '}
          <Link to="/api/">API reference</Link> gives each operation. The same sandbox runs on your own machine for the tests of your
          client: see <a href="#local">On your own machine</a>.
        </p>
        <CodeBlock language="http" title="A request and its answer">
          {[
            'POST /docs/sandbox/p2p/purchase-to-pay/timecard/c93efb20-1acd-447b-87e7-fadb108d8a0e',
            'setuVersionId: 2.0',
            'Content-Type: application/json',
            '',
            '(a Timecard message)',
            '',
            'HTTP/1.1 201 Created',
            'Location: /docs/sandbox/p2p/purchase-to-pay/timecard/c93efb20-1acd-447b-87e7-fadb108d8a0e',
            'Content-Type: application/json; charset=utf-8',
          ].join('\n')}
        </CodeBlock>
        <Sandbox apis={data.apis} />
        <section>
          <Heading as="h2" id="differences">
            Where it differs from a real server
          </Heading>
          <Entries entries={unlikeRealServers} />
        </section>
        <section>
          <Heading as="h2" id="ours">
            What it does where the standard is silent
          </Heading>
          <p>
            These are the sandbox&apos;s choices, not rules of the standard: each follows the site&apos;s usage notes where they recommend
            something, and says why.
          </p>
          <Entries entries={oursWhereSilent} ours />
        </section>
        <section>
          <Heading as="h2" id="local">
            On your own machine
          </Heading>
          <p>
            From a clone of this site&apos;s repository, <code>npm run sandbox -- --port 4010</code> serves the same handlers at{' '}
            <code>http://127.0.0.1:4010/&lt;API&gt;/&lt;path&gt;</code> (for example{' '}
            <code>http://127.0.0.1:4010/planning/planning/requests</code>), for the integration tests of your own client, and prints each
            request with its answer and, for a refusal, its first error. It keeps its resources in memory until it stops.
          </p>
          <p>
            To check an implementation: with <code>--report FILE</code> the local sandbox writes every request your client sent and its
            verdict when it stops, a JUnit or JSON report for your CI, and the <Link to="/conformance">conformance kit</Link> runs the
            standard&apos;s call sequences against your own server.
          </p>
          <p>
            The request samples of the <Link to="/api/">API reference</Link> send to this site&apos;s address,{' '}
            <code>/docs/sandbox/&lt;API&gt;/&lt;path&gt;</code>, which only the service worker in your browser answers: from a terminal it
            gets the site&apos;s page-not-found. The local sandbox answers that path too, so a sample runs against it once you change its
            scheme, host and port to <code>http://127.0.0.1:4010</code> (as in{' '}
            <code>http://127.0.0.1:4010/docs/sandbox/p2p/purchase-to-pay/timecard/&lt;id&gt;</code>).
          </p>
          <p>
            Where the client chooses a resource&apos;s id, the samples of one resource&apos;s operations use the same one, so its create,
            read, update and delete run in that order. Where the server assigns it (the operation page says so by its Send button), take it
            from the <code>Location</code> header of the create&apos;s answer and put it in the samples that follow.
          </p>
        </section>
      </main>
    </Layout>
  );
}

function Entries({entries, ours = false}: {entries: BehaviourEntry[]; ours?: boolean}): ReactNode {
  return (
    <dl className={styles.entries}>
      {entries.map((entry) => (
        <div key={entry.title} className={styles.entry}>
          <dt>
            {ours && <span className={styles.ours}>Ours</span>} {entry.title}
          </dt>
          <dd>
            <InlineCode text={entry.text} />
            {entry.see && (
              <>
                {' '}
                See <Link to={entry.see.route}>{entry.see.label}</Link>.
              </>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

type Status = 'unknown' | 'unsupported' | 'stopped' | 'starting' | 'running';

/** The controls and the list of stored resources; both need the browser, so they start after hydration. */
function Sandbox({apis}: {apis: Api[]}): ReactNode {
  const browser = useIsBrowser();
  // What the reader did last (start, stop) decides; before that, what the browser says.
  const [changed, setStatus] = useState<Status | null>(null);
  const status: Status = changed ?? (!browser ? 'unknown' : !sandboxSupported() ? 'unsupported' : sandboxActive() ? 'running' : 'stopped');
  const [resources, setResources] = useState<StoredResource[] | null>(null);
  const [notice, setNotice] = useState('');

  // The list, read from the browser's storage (the worker's store) now and whenever the reader comes back to the tab:
  // requests sent from another tab change what the sandbox holds.
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    storedResources().then(
      (all) => live && setResources(all),
      (error: unknown) => {
        if (!live) return;
        setResources([]);
        setNotice(`The sandbox's storage cannot be read in this browser: ${error instanceof Error ? error.message : String(error)}`);
      },
    );
    const again = () => {
      if (document.visibilityState === 'visible') setVersion((v) => v + 1);
    };
    document.addEventListener('visibilitychange', again);
    return () => {
      live = false;
      document.removeEventListener('visibilitychange', again);
    };
  }, [version]);

  const start = async () => {
    setStatus('starting');
    setNotice('Starting the sandbox…');
    try {
      await ensureSandbox();
      setStatus('running');
      setNotice('The sandbox is running: requests from this site’s pages to the addresses below are answered in this browser.');
    } catch (error) {
      setStatus('stopped');
      setNotice(error instanceof Error ? error.message : String(error));
    }
  };
  const stop = async () => {
    await stopSandbox();
    setStatus('stopped');
    setNotice(
      'The sandbox is stopped: pages opened from now on send their requests to the network. What it holds stays until you clear it.',
    );
  };
  const clear = async () => {
    const {idbStore} = await import('../handlers/idb-store.mjs');
    await idbStore().clear();
    setVersion((v) => v + 1);
    setNotice('Cleared: the sandbox holds nothing.');
  };

  const count = resources?.length ?? 0;
  return (
    <section>
      <Heading as="h2" id="resources">
        What the sandbox holds
      </Heading>
      <div className={styles.controls}>
        <p className={styles.status}>
          {status === 'unknown' && 'Reading the sandbox in this browser…'}
          {status === 'unsupported' && 'This browser cannot run the sandbox: it needs service workers, which private windows may turn off.'}
          {status === 'stopped' && 'The sandbox is not running in this browser.'}
          {status === 'starting' && 'Starting…'}
          {status === 'running' && 'The sandbox is running in this browser.'}
        </p>
        <div className={styles.buttons}>
          {(status === 'stopped' || status === 'starting') && (
            <button type="button" className="button button--primary" onClick={start} disabled={status === 'starting'}>
              Start the sandbox
            </button>
          )}
          <button type="button" className="button button--secondary" onClick={clear} disabled={resources === null}>
            Clear the sandbox
          </button>
          {status === 'running' && (
            <button type="button" className="button button--secondary" onClick={stop}>
              Stop the sandbox
            </button>
          )}
        </div>
        <p role="status" className={styles.notice}>
          {notice}
        </p>
      </div>
      <p>
        {resources === null
          ? 'Reading what the sandbox holds…'
          : count === 0
            ? 'The sandbox holds nothing yet.'
            : `The sandbox holds ${count} resource${count === 1 ? '' : 's'}.`}
      </p>
      {apis.map((api) => (
        <ApiResources key={api.id} api={api} resources={(resources ?? []).filter((r) => r.api === api.id)} linked={status === 'running'} />
      ))}
    </section>
  );
}

function ApiResources({api, resources, linked}: {api: Api; resources: StoredResource[]; linked: boolean}): ReactNode {
  const browser = useIsBrowser();
  const server = browser ? sandboxServerUrl(api.id) : `/docs/sandbox/${api.id}`;
  const sorted = [...resources].sort((a, b) => a.path.localeCompare(b.path));
  return (
    <div className={styles.api}>
      <Heading as="h3" id={`api-${api.id}`}>
        {api.title} {api.version}
      </Heading>
      <p className={styles.facts}>
        Server address <code className={styles.path}>{server}</code>; {api.operations} operations; <code>setuVersionId</code>{' '}
        {api.versions.map((v, i) => (
          <React.Fragment key={v}>
            {i > 0 && (i === api.versions.length - 1 ? ' or ' : ', ')}
            <code>{v}</code>
          </React.Fragment>
        ))}
        .
      </p>
      {sorted.length === 0 ? (
        <p>Nothing stored.</p>
      ) : (
        <ul className={styles.resources}>
          {sorted.map((resource) => (
            <li key={resource.path}>
              <Address server={linked ? server : null} path={resource.path} /> <span className={styles.meta}>{describe(resource)}</span>
              <Lines api={api} resource={resource} server={linked ? server : null} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Address({server, path}: {server: string | null; path: string}): ReactNode {
  const code = <code className={styles.path}>{path}</code>;
  // A link while the worker runs (`server` is then its address): opening it shows what the sandbox answers to a GET.
  return server ? <a href={`${server}${path}`}>{code}</a> : code;
}

/** The lines a stored message holds, each at its own path. */
function Lines({api, resource, server}: {api: Api; resource: StoredResource; server: string | null}): ReactNode {
  const definition = api.resources.find((r) => r.template === resource.template);
  const message = resource.message as Record<string, unknown> | null;
  if (!definition || !message) return null;
  const lines = Object.entries(definition.lines).flatMap(([property, line]) => {
    const list = message[property];
    if (!Array.isArray(list) || !line.template) return [];
    const below = line.template.slice(definition.template.length).replace(/\{[^}]+\}$/, '');
    return list.map((item) => {
      const id = String((item as Record<string, {value?: unknown} | undefined>)?.[line.id]?.value ?? '');
      return {property, id, path: `${resource.path}${below}${encodeURIComponent(id)}`};
    });
  });
  if (lines.length === 0) return null;
  return (
    <ul className={styles.lines}>
      {lines.map((line) => (
        <li key={`${line.property} ${line.path}`}>
          <Address server={server} path={line.path} /> <span className={styles.meta}>a line of {line.property}</span>
        </li>
      ))}
    </ul>
  );
}

/** What the sandbox holds: its store in IndexedDB, loaded on demand (the page's first chunk does not carry it). */
async function storedResources(): Promise<StoredResource[]> {
  const {idbStore} = await import('../handlers/idb-store.mjs');
  return idbStore().all();
}

function describe(resource: StoredResource): string {
  return `${resource.schema}, sent as ${resource.form === 'xml' ? 'XML' : 'JSON'}, ${resource.created === resource.updated ? 'created' : 'last changed'} ${new Date(resource.updated).toLocaleString()}`;
}
