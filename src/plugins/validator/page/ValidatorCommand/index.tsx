// "Validate in your pipeline" on the validator page: the command setu-validate, which the site publishes as one file
// (src/plugins/validator/: command/bundle.mjs), and a GitHub Actions step that runs it.
import React, {type ReactNode} from 'react';
import Heading from '@theme/Heading';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {githubActionsSteps, publishedRoute} from '../../command/pipeline.mjs';
import styles from './styles.module.css';

export default function ValidatorCommand(): ReactNode {
  const fileUrl = useBaseUrl(publishedRoute);
  const {siteConfig} = useDocusaurusContext();
  return (
    <section aria-labelledby="validate-in-your-pipeline" className={styles.section}>
      <Heading as="h2" id="validate-in-your-pipeline">
        Validate in your pipeline
      </Heading>
      <p>
        The validator is also a command for your own builds, with this page&apos;s checks and verdicts:{' '}
        <a href={fileUrl} download>
          setu-validate.mjs
        </a>
        , one file that runs with Node.js 20 or later and nothing else installed. Name the message files to check:
      </p>
      <pre className={styles.code} tabIndex={0}>
        <code>node setu-validate.mjs messages/*.xml messages/*.json</code>
      </pre>
      <p>
        It detects each file&apos;s message type as this page does (<code>--type</code> and <code>--version</code> fix it, as the list above
        does; <code>--no-rules</code> skips the business rules) and writes each problem as compilers do,{' '}
        <code>FILE:LINE:COLUMN: error: message [rule] (path)</code>, then a verdict per file and a summary line. <code>--format json</code>{' '}
        gives the verdicts with a link to each error&apos;s field in the message dictionary, <code>--format junit</code> a test report for
        CI. It exits with 0 when every file is valid (warnings allowed), 1 when one is not, and 2 on a usage error or a file it cannot read;{' '}
        <code>--help</code> lists the options.
      </p>
      <p>
        A GitHub Actions step that downloads it and checks every message under <code>messages/</code>:
      </p>
      <pre className={styles.code} tabIndex={0}>
        <code>{githubActionsSteps(`${siteConfig.url}${fileUrl}`)}</code>
      </pre>
      <p>
        The file follows this site&apos;s specifications; to check against a fixed state of them, keep a copy in your repository. In a clone
        of the site&apos;s repository, <code>npx setu-validate</code> runs the same command.
      </p>
    </section>
  );
}
