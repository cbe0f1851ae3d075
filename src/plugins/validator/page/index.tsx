import React, {type ReactNode} from 'react';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import Link from '@docusaurus/Link';
import MessageValidator from './MessageValidator';
import ValidatorCommand from './ValidatorCommand';
import type {PublishedRelease} from '../command/pipeline.mjs';

/**
 * The validator's page at /docs/validator (its route: src/plugins/validator/index.ts, which passes the published commands'
 * versions and checksums as `releases`).
 */
export default function ValidatorPage({releases}: {releases: PublishedRelease[]}): ReactNode {
  const release = releases.find((r) => r.name === 'setu-validate');
  if (!release) throw new Error('The validator page: setu-validate is not among the published commands');
  return (
    <Layout
      title="Message validator"
      description="Check a SETU message, JSON or XML (Purchase to Pay, Planning and Scheduling, Inquiry Pay Equity), against the OpenAPI specifications and the planning business rules, in your browser.">
      <main className="container margin-vert--lg">
        <Heading as="h1">Message validator</Heading>
        <p>
          Check a JSON or XML message against the SETU <Link to="/api/">OpenAPI specifications</Link>: Purchase to Pay, Planning and
          Scheduling, and Inquiry Pay Equity; planning messages also against the standard&apos;s{' '}
          <Link to="/planning/business-rules">business rules</Link>. The validator tells which message it is, and for each error the path of
          the field or element, the rule it breaks and its line. The message never leaves your browser.
        </p>
        <p>
          A valid verdict covers rules 4 and 7 of SETU&apos;s <Link to="/api/compliance">compliance statement</Link>: the mandatory elements
          are present and the message validates against its schema. Rules 5 and 6, no element outside the schema, it covers only where the
          schema closes its objects: some are open, such as the condition and occurrence objects of Inquiry Pay Equity, and pass properties
          they do not define (<Link to="/api/compliance#what-a-verdict-covers">what a verdict covers</Link>). Compliance asks more than that
          (rule 14).
        </p>
        <p>
          An XML message is checked as SETU&apos;s XSD of the message defines its form: the root element and its namespace (for Planning and
          Scheduling v1.0 <code>https://ontology.setu.nl/planning#</code>, with the <code>#</code>), the order of the elements, and each
          value by its XML Schema datatype. So a time written <code>08:00:00</code> is valid in XML; where the JSON form of the message
          would need more, such as a UTC offset, the result says so in a note. See{' '}
          <Link to="/api/usage-notes/xml-form">The XML form of the messages</Link>.
        </p>
        <p>
          Where SETU&apos;s published schema of a message cannot be met as written, our specifications repair it the way the standard
          evidently intends (the <Link to="/api/oas-gelijkwaardige-beloning#deviations">differences</Link> listed with each specification).
          A value that is valid only under such a repair gets a note at its line that names the repair and what the published file says (for
          an XML message, SETU&apos;s XSD): a receiver that checks against that file rejects it. Each result also says which of SETU&apos;s
          published business rules apply to the message, or that none are published for it.
        </p>
        <MessageValidator />
        <ValidatorCommand release={release} />
      </main>
    </Layout>
  );
}
