// "Validate in your pipeline" on the validator page: the command setu-validate, which the site publishes as one file
// under a moving and a versioned name (src/plugins/validator/: command/bundle.mjs), its version and checksum from the
// build (the plugin's content), and a GitHub Actions workflow that pins and checks it.
import React, {type ReactNode} from 'react';
import Heading from '@theme/Heading';
import Link from '@docusaurus/Link';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {checksumsRoute, githubActionsWorkflow, pinnedActions, type PublishedRelease} from '../../command/pipeline.mjs';
import styles from './styles.module.css';

export default function ValidatorCommand({release}: {release: PublishedRelease}): ReactNode {
  const fileUrl = useBaseUrl(release.route);
  const versionedUrl = useBaseUrl(release.versionedRoute);
  const checksumsUrl = useBaseUrl(checksumsRoute);
  const pageUrl = useBaseUrl('/validator');
  const {siteConfig} = useDocusaurusContext();
  const absolute = (route: string) => `${siteConfig.url}${siteConfig.baseUrl}${route.replace(/^\//, '')}`;
  const workflow = githubActionsWorkflow({release, url: absolute, pageUrl: `${siteConfig.url}${pageUrl}#pin-a-version`});
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
        It detects each file&apos;s message type as this page does (<code>--type</code> and <code>--standard-version</code> fix it, as the
        list above does; <code>--no-rules</code> skips the business rules) and writes each problem as compilers do,{' '}
        <code>FILE:LINE:COLUMN: error: message [rule] (path)</code>, then a verdict per file and a summary line. <code>--format json</code>{' '}
        gives the verdicts with a link to each error&apos;s field in the message dictionary, <code>--format junit</code> a test report for
        CI. It exits with 0 when every file is valid (warnings allowed), 1 when one is not, and 2 on a usage error or a file it cannot read;{' '}
        <code>--help</code> lists the options. In a clone of the site&apos;s repository, <code>npx setu-validate</code> runs the same
        command.
      </p>
      <p>
        To check a server that implements a SETU API rather than the messages it exchanges, the{' '}
        <Link to="/conformance">conformance kit</Link> calls it as a client would and judges every answer with this validator&apos;s engine.
      </p>

      <Heading as="h3" id="pin-a-version">
        Pin a version
      </Heading>
      <p>
        <code>setu-validate.mjs</code> is always the newest version, and this site can publish a newer one any day. A pipeline should run a
        version that does not change under it: the current one, <strong data-testid="command-version">{release.version}</strong>, is also
        published as{' '}
        <a href={versionedUrl} download>
          <code>{release.versionedRoute.slice(release.versionedRoute.lastIndexOf('/') + 1)}</code>
        </a>
        , an address whose content never changes, with the SHA-256
      </p>
      <pre className={styles.code} tabIndex={0} data-testid="command-sha256">
        <code>{release.sha256}</code>
      </pre>
      <p>
        <a href={checksumsUrl}>SHA256SUMS</a> lists the SHA-256 of every file under <code>/docs/tools/</code>, in the form{' '}
        <code>sha256sum --check</code> reads; <code>node setu-validate.mjs --version</code> prints a file&apos;s version. Every version
        stays at its address when newer ones are published.
      </p>

      <Heading as="h3" id="github-actions">
        A GitHub Actions workflow
      </Heading>
      <p>
        It checks every message under <code>messages/</code> of your repository with setu-validate {release.version}: it checks out the
        repository, installs Node.js, downloads the versioned file and checks it against the SHA-256 written in the workflow, stopping there
        if they differ (a changed file is never run), then validates the messages and uploads the JUnit report{' '}
        <code>setu-validate-report.xml</code> as an artifact of the run, also when a message is not valid. The checksum is in your
        repository, not fetched beside the file: whoever could change what this site serves would have to change your workflow too.
      </p>
      <pre className={styles.code} tabIndex={0} data-testid="github-actions-workflow">
        <code>{workflow}</code>
      </pre>
      <p>
        Each action is pinned by the commit of a release, named in a comment (
        {Object.values(pinnedActions).map((a, i, all) => (
          <React.Fragment key={a.uses}>
            <code>{a.uses}</code> {a.release}
            {i < all.length - 1 ? ', ' : ''}
          </React.Fragment>
        ))}
        ): a tag can be moved to other code, a commit cannot. Check each commit against the action&apos;s repository before you adopt the
        workflow, as with any pin you copy:{' '}
        <code>git ls-remote https://github.com/actions/checkout &apos;refs/tags/{pinnedActions.checkout.release}*&apos;</code> lists the
        tag, and where the tag is annotated its commit is on the line ending <code>^{'{}'}</code>. Dependabot&apos;s{' '}
        <code>github-actions</code> updates keep such pins and their comments current.
      </p>

      <Heading as="h3" id="newer-version">
        Moving to a newer version
      </Heading>
      <p>
        Your pipeline&apos;s verdicts change only when you change its version. To move: read what changed below, set{' '}
        <code>SETU_VALIDATE_VERSION</code> and <code>SETU_VALIDATE_SHA256</code> to the version and SHA-256 this page shows, and run the
        workflow on a branch: its log shows how the new version judges your messages before you merge. A minor version changes verdicts; a
        patch version changes the file but no verdict; a major version changes the command line or an output format.
      </p>
      <Heading as="h4" id="what-changed">
        What changed: the releases that changed verdicts or options
      </Heading>
      <ul data-testid="command-changelog">
        {release.changelog.map((entry) => (
          <li key={entry.version}>
            <strong>{entry.version}</strong> ({entry.date}): {entry.changes.join(' ')}
          </li>
        ))}
      </ul>
    </section>
  );
}
