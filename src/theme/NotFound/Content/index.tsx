// Swizzled (eject, safe): the not-found text and its links to every section cannot be set by configuration.
import React, {type ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import type {Props} from '@theme/NotFound/Content';
import styles from './styles.module.css';

const destinations = [
  {to: '/', label: 'Introduction', text: 'What the SETU documentation covers'},
  {to: '/purchase-to-pay-v2/', label: 'Purchase to Pay v2.0', text: 'Staffing orders, human resources, assignments, timecards and invoices'},
  {to: '/planning/', label: 'Planning and Scheduling', text: 'Planning requests, planning assignments and availability'},
  {to: '/gelijkwaardige-beloning/', label: 'Inquiry Pay Equity v1.0', text: 'Exchanging pay equity (gelijkwaardige beloning) information'},
  {to: '/api/', label: 'API documentation', text: 'The three OpenAPI specifications, usage notes and Peppol'},
  {to: '/api/p2p', label: 'API for Purchase to Pay', text: 'Operation reference'},
  {to: '/api/planning', label: 'API for Planning and Scheduling', text: 'Operation reference'},
  {to: '/api/gelijkwaardige-beloning', label: 'API for Gelijkwaardige Beloning', text: 'Operation reference'},
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
            There is no page at this address. It may have moved when the documentation was reorganised, or the link may
            contain a typo. These are the places to start from:
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
