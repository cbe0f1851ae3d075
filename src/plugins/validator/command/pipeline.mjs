// Where the site publishes the one-file setu-validate, and the GitHub Actions step that the validator page and its
// Markdown twin show: in one place, so that the plugin that writes the file and the pages that link to it agree.

/** The route of the published file, under the site's base URL (/docs/tools/setu-validate.mjs). */
export const publishedRoute = '/tools/setu-validate.mjs';

/**
 * A GitHub Actions step that downloads the command and checks every message under `messages/`. It asks for the current
 * LTS release of Node.js (`lts/*`), not a fixed one: Node.js 20, the oldest the file runs on, reached its end of life
 * in April 2026, and a pipeline copied from the page should not pin it.
 * @param {string} fileUrl the absolute address of the published file
 */
export const githubActionsSteps = (fileUrl) => `- uses: actions/setup-node@v4
  with:
    node-version: lts/* # setu-validate.mjs runs on Node.js 20 or later
- name: Validate the SETU messages
  shell: bash
  run: |
    curl --fail --silent --show-error --location --output setu-validate.mjs ${fileUrl}
    shopt -s globstar nullglob
    node setu-validate.mjs messages/**/*.xml messages/**/*.json`;
