// The conformance page's "In CI": the version of setu-conform a pipeline pins, its file and SHA-256 from this build, the
// GitHub Actions workflow that checks the file before running it (pipeline.mjs, which the Markdown twin writes too:
// page-markdown.mjs), how to move to a newer version and what changed.
import React, {type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import CodeBlock from '@theme/CodeBlock';
import release from '@generated/conformance/default/setu-conform-release.json';
import {checksumsRoute} from '../../../validator/command/pipeline.mjs';
import {conformanceWorkflow} from '../../pipeline.mjs';

export default function ConformanceWorkflow(): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const absolute = (route: string) => `${siteConfig.url}${siteConfig.baseUrl}${route.replace(/^\//, '')}`;
  const versionedUrl = useBaseUrl(release.versionedRoute);
  const checksumsUrl = useBaseUrl(checksumsRoute);
  const workflow = conformanceWorkflow({release, url: absolute, pageUrl: `${absolute('/conformance')}#ci`});
  return (
    <>
      <p>
        The current version, <strong data-testid="conform-version">{release.version}</strong>, is published at{' '}
        <a href={versionedUrl} download>
          <code>{release.versionedRoute.slice(release.versionedRoute.lastIndexOf('/') + 1)}</code>
        </a>
        , an address whose content never changes, with the SHA-256 <code data-testid="conform-sha256">{release.sha256}</code>.{' '}
        <a href={checksumsUrl}>SHA256SUMS</a> lists the SHA-256 of every file under <code>/docs/tools/</code>;{' '}
        <code>node setu-conform.mjs --version</code> prints a file&apos;s version.
      </p>
      <p>
        The workflow below installs Node.js, downloads that version and checks it against the SHA-256 written in the workflow, stopping
        there if they differ, then checks your test server with the authentication your parties agreed (from a secret: the kit never prints
        it) and uploads the JUnit report, a test case per check, also when a check failed. Its actions are pinned by commit, as on the{' '}
        <Link to="/validator#github-actions">validator page</Link>.
      </p>
      <CodeBlock language="yaml" title=".github/workflows/setu-conformance.yml">
        {workflow}
      </CodeBlock>
      <p>
        Your pipeline&apos;s results change only when you change its version. To move: read what changed below, set{' '}
        <code>SETU_CONFORM_VERSION</code> and <code>SETU_CONFORM_SHA256</code> to the version and SHA-256 this page shows, and run the
        workflow on a branch first. A minor version changes checks (one added, or made stricter or more lenient); a patch version changes
        the file but no check; a major version changes the command line or a report format.
      </p>
      <p>What changed, the releases that changed checks:</p>
      <ul data-testid="conform-changelog">
        {release.changelog.map((entry) => (
          <li key={entry.version}>
            <strong>{entry.version}</strong> ({entry.date}): {entry.changes.join(' ')}
          </li>
        ))}
      </ul>
    </>
  );
}
