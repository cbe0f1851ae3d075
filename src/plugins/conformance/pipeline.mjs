// Where the site publishes the one-file setu-conform, and the GitHub Actions job that the kit's page and its Markdown
// twin show: in one place, so that the plugin that writes the file and the pages that link to it agree.

/** The route of the published file, under the site's base URL (/docs/tools/setu-conform.mjs). */
export const publishedRoute = '/tools/setu-conform.mjs';

/**
 * A complete GitHub Actions job that runs the kit against a test server of the implementer's and keeps the JUnit report.
 * It asks for the current LTS release of Node.js (`lts/*`): the file runs on Node.js 20 or later.
 * @param {string} fileUrl the absolute address of the published file
 */
export const githubActionsJob = (fileUrl) => `jobs:
  setu-conformance:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/setup-node@v4
        with:
          node-version: lts/* # setu-conform.mjs runs on Node.js 20 or later
      - name: Check the test server against the SETU standard
        env:
          SETU_TOKEN: \${{ secrets.SETU_TEST_SERVER_TOKEN }}
        run: |
          curl --fail --silent --show-error --location --output setu-conform.mjs ${fileUrl}
          node setu-conform.mjs --api p2p --base-url https://test.example.com/setu \\
            --party "Staffing supplier's backoffice APIs" \\
            --header "Authorization: Bearer $SETU_TOKEN" --report setu-conformance.xml
      - name: Keep the report
        if: \${{ !cancelled() }}
        uses: actions/upload-artifact@v4
        with:
          name: setu-conformance
          path: setu-conformance.xml`;
