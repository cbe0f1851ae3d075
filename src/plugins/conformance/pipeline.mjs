// Where the site publishes the one-file setu-conform, and the GitHub Actions workflow that the conformance page and its
// Markdown twin show: in one place, so that the plugin that writes the file (src/plugins/validator/, through build.mjs)
// and the page that links it (docs/conformance.mdx, theme/ConformanceWorkflow) agree. No Node module here: the page
// imports it.
import {downloadStep, pinVariable, pinnedActions, uses} from '../validator/command/pipeline.mjs';

/** The route of the published file, under the site's base URL (/docs/tools/setu-conform.mjs). */
export const publishedRoute = '/tools/setu-conform.mjs';

/** The API version, the party and the test server of the page's example workflow. */
const workflowExample = {
  api: 'p2p',
  party: "Staffing supplier's backoffice APIs",
  baseUrl: 'https://test.example.com/setu',
  report: 'setu-conformance.xml',
};

/**
 * A complete GitHub Actions workflow that checks a test server with one version of setu-conform, pinned as the validator
 * page's workflow pins setu-validate (src/plugins/validator/command/pipeline.mjs): Node.js, the versioned file checked
 * against the SHA-256 written in the workflow before it runs, the run with the agreed authentication from a secret (the
 * kit never prints it), and the JUnit report uploaded, also when a check failed. No checkout: the kit tests a server,
 * not the repository.
 * @param {{release: import('../validator/command/pipeline.mjs').PublishedRelease, url: (route: string) => string, pageUrl: string}} options
 *   `url` makes a site route (under /docs) an absolute URL; `pageUrl` is where the reader finds newer versions
 */
export const conformanceWorkflow = ({release, url, pageUrl}) => `# .github/workflows/setu-conformance.yml
name: SETU conformance
on: [workflow_dispatch, push]
permissions:
  contents: read
jobs:
  conformance:
    runs-on: ubuntu-latest
    env:
      # The version of ${release.name} and the SHA-256 of its file: ${pageUrl}
      ${pinVariable(release)}_VERSION: ${release.version}
      ${pinVariable(release)}_SHA256: ${release.sha256}
      # Your test server: where the API lives (the kit calls nothing else, and deletes what it made).
      SETU_BASE_URL: ${workflowExample.baseUrl}
    defaults:
      run:
        shell: bash
    steps:
      - uses: ${uses(pinnedActions.setupNode)}
        with:
          node-version: lts/* # ${release.name} runs on Node.js 20 or later
${downloadStep(release, url)}      - name: Check the test server against the SETU standard
        id: conform
        env:
          SETU_TOKEN: \${{ secrets.SETU_TEST_SERVER_TOKEN }}
        run: |
          node setu-conform.mjs --api ${workflowExample.api} --base-url "\${SETU_BASE_URL}" \\
            --party "${workflowExample.party}" \\
            --header "Authorization: Bearer \${SETU_TOKEN}" --report ${workflowExample.report}
      - name: Upload the JUnit report
        if: \${{ !cancelled() && steps.conform.outcome != 'skipped' }}
        uses: ${uses(pinnedActions.uploadArtifact)}
        with:
          name: setu-conformance
          path: ${workflowExample.report}
`;
