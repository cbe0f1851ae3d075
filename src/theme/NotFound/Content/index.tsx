// Swizzled (eject, safe): the not-found text and its links to every section cannot be set by configuration.
import React, {type ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import type {Props} from '@theme/NotFound/Content';
import {apis, apiLabel} from '@site/src/data/registry.mjs';
import styles from './styles.module.css';

const destinations = [
  {to: '/', label: 'Introduction', text: 'What the SETU documentation covers'},
  ...apis.map((api) => ({to: api.docsRoute, label: api.docsLabel, text: api.summary})),
  {to: '/api/', label: 'API documentation', text: 'The OpenAPI specifications, usage notes and Peppol'},
  ...apis.map((api) => ({to: api.referenceRoute, label: apiLabel(api), text: 'Operation reference'})),
];

export default function NotFoundContent({className}: Props): ReactNode {
  return (
    <main className={clsx('container margin-vert--xl', styles.content, className)}>
      <div className="row">
        <div className="col col--8 col--offset-2">
          <Heading as="h1" className="hero__title">
            Page not found
          </Heading>
          <p>
            There is no page at this address. It may have moved when the documentation was reorganised, or the link may contain a typo.
            These are the places to start from:
          </p>
          <ul className={styles.destinations}>
            {destinations.map((d) => (
              <li key={d.to}>
                <Link to={d.to}>{d.label}</Link> <span className={styles.hint}>— {d.text}</span>
              </li>
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
