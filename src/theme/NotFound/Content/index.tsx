// Swizzled (eject, which Docusaurus calls unsafe for NotFound/Content: `npx docusaurus swizzle --list` names only NotFound
// as safe): the not-found text and its links to every section cannot be set by configuration. UPGRADING.md lists it.
import React, {useEffect, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import {useLocation} from '@docusaurus/router';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import routes from '@generated/routes';
import Heading from '@theme/Heading';
import type {Props} from '@theme/NotFound/Content';
import {apis, apisWithReference, apiLabel, type ApiVersion} from '@site/src/data/registry.mjs';
import {usePreferredVersion} from '@site/src/hooks/preferred-version';
import {versionRoot} from '@site/src/data/standard-versions.mjs';
import styles from './styles.module.css';

// One suggestion per standard and kind of page. For a standard in several versions it leads to the version the reader
// chose in the navbar's version switch (else the current one) and names the others; a reference suggestion only names
// versions that have a reference.
const standards = [...new Set(apis.map((api) => api.standard))];

function StandardDestination({standard, kind}: {standard: string; kind: 'docs' | 'reference'}): ReactNode {
  const preferred = usePreferredVersion(standard);
  // Only versions with an API specification have a reference (Planning and Scheduling v2.0 is messages only).
  const versions = (kind === 'reference' ? apisWithReference : apis).filter((a) => a.standard === standard);
  const api = versions.find((a) => a === preferred) ?? versions[0];
  if (!api) return null;
  const others = versions.filter((a) => a !== api);
  const label = (a: ApiVersion) => (kind === 'docs' ? a.docsLabel : apiLabel(a));
  return (
    <li>
      <Link to={versionRoot(api, kind)}>{label(api)}</Link>{' '}
      <span className={styles.hint}>
        — {kind === 'docs' ? api.summary : 'Operation reference'}
        {others.map((other, i) => (
          <React.Fragment key={other.id}>
            {i === 0 ? '; other versions: ' : ', '}
            <Link to={versionRoot(other, kind)}>v{other.version}</Link>
          </React.Fragment>
        ))}
      </span>
    </li>
  );
}

/** Every page of the site: the routes of the router's table that match one address (its leaves). */
function pageRoutes(table: typeof routes): string[] {
  return table.flatMap((route) => [...(route.exact ? [route.path] : []), ...pageRoutes((route.routes ?? []) as typeof routes)]);
}

/**
 * The pages whose address is closest to the one typed. The typed address is known in the browser only (the server
 * renders this page once, as 404.html), and the code that compares addresses is loaded then: this component is part of
 * every docs page's code (theme-classic's DocRoot shows it for an address under a docs plugin's route that has no page).
 */
function ClosestPages(): ReactNode {
  const {pathname} = useLocation();
  const {baseUrl} = useDocusaurusContext().siteConfig;
  const [found, setFound] = useState<{for: string; closest: string[]}>();
  useEffect(() => {
    let current = true;
    void import('./closest-pages').then(({closestPages}) => {
      if (current) setFound({for: pathname, closest: closestPages(pathname, pageRoutes(routes), baseUrl)});
    });
    return () => {
      current = false;
    };
  }, [pathname, baseUrl]);
  const closest = found?.for === pathname ? found.closest : [];
  if (closest.length === 0) return null;
  return (
    <>
      <p>Pages with a similar address:</p>
      <ul className={styles.destinations} data-testid="closest-pages">
        {closest.map((route) => (
          <li key={route}>
            <Link to={route}>{route}</Link>
          </li>
        ))}
      </ul>
    </>
  );
}

function Destination({to, label, text}: {to: string; label: string; text: string}): ReactNode {
  return (
    <li>
      <Link to={to}>{label}</Link> <span className={styles.hint}>— {text}</span>
    </li>
  );
}

export default function NotFoundContent({className}: Props): ReactNode {
  return (
    <main className={clsx('container margin-vert--xl', styles.content, className)}>
      <div className="row">
        <div className="col col--8 col--offset-2">
          <Heading as="h1" className="hero__title">
            Page not found
          </Heading>
          <p>There is no page at this address. It may have moved when the documentation was reorganised, or the link may contain a typo.</p>
          <ClosestPages />
          <p>These are the places to start from:</p>
          <ul className={styles.destinations}>
            <Destination to="/" label="Introduction" text="What the SETU documentation covers" />
            {standards.map((standard) => (
              <StandardDestination key={standard} standard={standard} kind="docs" />
            ))}
            <Destination to="/api/" label="API documentation" text="The OpenAPI specifications, usage notes and Peppol" />
            {standards.map((standard) => (
              <StandardDestination key={standard} standard={standard} kind="reference" />
            ))}
          </ul>
          <p>
            Still missing something? Write to <a href="mailto:helpdesk@setu.nl">helpdesk@setu.nl</a>.
          </p>
        </div>
      </div>
    </main>
  );
}
