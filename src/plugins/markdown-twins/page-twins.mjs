// Twins of the pages that are React components rather than Markdown (the validator's and the sandbox's pages, src/plugins/validator/ and
// src/plugins/sandbox/, the search page of the search
// plugin, src/plugins/search): what the page is and how to use it, in Markdown. A route of the sitemap without a twin fails the build
// (src/plugins/markdown-twins/index.ts), so a new page of that kind is given one here.
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {checksumsRoute, githubActionsWorkflow, pinnedActions} from '../validator/command/pipeline.mjs';
import {statusWording} from '../../data/registry.mjs';
import {oursWhereSilent, unlikeRealServers} from '../sandbox/handlers/behaviour.mjs';

const dataDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../data');

/**
 * @param {{apis: Array<{id: string, api?: false, standard: string, version: string, status: string, messageTypes: string[], xml?: object}>,
 *   releases: import('../validator/command/pipeline.mjs').PublishedRelease[], url: (route: string) => string}} context the API
 *   registry; the commands the build publishes, with their versions and checksums (the validator plugin's content); url
 *   makes a site route (under /docs) an absolute URL
 * @returns {Record<string, {title: string, description: string, markdown: string}>} by route under the base URL; the
 *   validator's only where the build publishes setu-validate
 */
export function pageTwins({apis, releases, url}) {
  const setuValidate = releases.find((r) => r.name === 'setu-validate');
  const actionList = Object.values(pinnedActions)
    .map((a) => `\`${a.uses}\` ${a.release}`)
    .join(', ');
  /** @type {{standard: string, version: string, rules: import('../validator/engine/rules.mjs').BusinessRule[]}} */
  const rules = JSON.parse(fs.readFileSync(path.join(dataDir, 'planning-business-rules.json'), 'utf8'));
  const numbers = rules.rules.map((r) => r.number);
  const messageList = apis
    .map(
      (a) =>
        `- ${a.standard} v${a.version}${a.status === 'current' ? '' : ` (${statusWording[/** @type {keyof typeof statusWording} */ (a.status)]?.label ?? a.status})`}: ${(a.messageTypes ?? []).map((m) => `\`${m}\``).join(', ')}${a.xml ? ' (JSON and XML)' : ' (JSON only)'}`,
    )
    .join('\n');
  const twins = {
    '/validator': setuValidate && {
      title: 'Message validator',
      description:
        'Checks a SETU message, JSON or XML, against the OpenAPI specifications and the planning business rules, in the browser.',
      markdown: `# Message validator

An interactive page at ${url('/validator')}: paste a SETU message (JSON or XML) or open a file, and the page checks it against the site's OpenAPI specifications and, for Planning and Scheduling messages, against the standard's [business rules](${url('/planning/business-rules')}). The check runs in the browser; the message is not sent anywhere.

## How to use it

1. Open ${url('/validator')} and paste the message into the text box, or open a \`.json\` or \`.xml\` file.
2. The validator detects the message type from the message (the properties of a JSON message, the root element of an XML one); you can also choose the type in the list.
3. It reports a verdict and, for each error, the path of the field or element, the rule it breaks, and its line and column.

A text whose first character is \`<\` is read as XML, one that starts with \`{\` or \`[\` as JSON.

## What it checks

- The message against its schema from the site's OpenAPI files (the same for both forms: an XML message is mapped to the message model first).
- For XML: element order, unknown or repeated elements, attributes, the root element and the namespace.
- The business rules of ${rules.standard} v${rules.version} (BR ${Math.min(...numbers)} to BR ${Math.max(...numbers)}), after the schema check; each result says which of SETU's published business rules apply to the message, or that none are published for it.
- A value that is valid only under one of the site's repairs of SETU's published schemas (listed with each specification, for example in the [differences](${url('/api/oas-gelijkwaardige-beloning#deviations')})) gets a note that names the repair and what the published file says: a receiver that checks against that file rejects it.

A valid verdict covers rules 4 to 7 of SETU's [compliance statement](${url('/api/compliance')}): the mandatory elements are present, no element outside the schema is, and the message validates against its schema.

## Message types

${messageList}

The OpenAPI specifications are listed in the [API overview](${url('/api/')}).

## Validate in your pipeline

The same checks run as a command: ${url(setuValidate.route)} is one file that runs with Node.js 20 or later and nothing else installed (\`node setu-validate.mjs messages/*.xml messages/*.json\`). It detects each file's message type as the page does (\`--type\` and \`--standard-version\` fix it; \`--no-rules\` skips the business rules) and writes each problem as \`FILE:LINE:COLUMN: error: message [rule] (path)\`, then a verdict per file and a summary line; \`--format json\` gives the verdicts with a link to each error's field in the message dictionary, \`--format junit\` a test report for CI. Exit status: 0 every file valid (warnings allowed), 1 a file not valid, 2 a usage error or an unreadable file.

To check a server that implements a SETU API rather than the messages it exchanges, the [conformance kit](${url('/conformance')}) calls it as a client would and judges every answer with this validator's engine.

### Pin a version

\`setu-validate.mjs\` is always the newest version. A pipeline should run one that does not change under it: the current version, **${setuValidate.version}**, is also published at ${url(setuValidate.versionedRoute)}, whose content never changes, with the SHA-256 \`${setuValidate.sha256}\`. ${url(checksumsRoute)} lists the SHA-256 of every file under \`/docs/tools/\` in the form \`sha256sum --check\` reads; \`node setu-validate.mjs --version\` prints a file's version. Every version stays at its address when newer ones are published.

### A GitHub Actions workflow

It checks every message under \`messages/\` with setu-validate ${setuValidate.version}: it checks out the repository, installs Node.js, downloads the versioned file and checks it against the SHA-256 written in the workflow, stopping there if they differ (a changed file is never run), then validates the messages and uploads the JUnit report \`setu-validate-report.xml\` as an artifact of the run, also when a message is not valid. The checksum is in your repository, not fetched beside the file.

\`\`\`yaml
${githubActionsWorkflow({release: setuValidate, url, pageUrl: `${url('/validator')}#pin-a-version`})}\`\`\`

Each action is pinned by the commit of a release, named in a comment (${actionList}): a tag can be moved to other code, a commit cannot. Check each commit against the action's repository before you adopt the workflow (\`git ls-remote https://github.com/actions/checkout 'refs/tags/${pinnedActions.checkout.release}*'\` lists the tag; the commit is on the line ending \`^{}\` where the tag is annotated).

### Moving to a newer version

The pipeline's verdicts change only when its version does. To move: read what changed below, set \`SETU_VALIDATE_VERSION\` and \`SETU_VALIDATE_SHA256\` to the version and SHA-256 that ${url('/validator')} shows, and run the workflow on a branch before you merge. A minor version changes verdicts; a patch version changes the file but no verdict; a major version changes the command line or an output format.

#### What changed: the releases that changed verdicts or options

${setuValidate.changelog.map((e) => `- **${e.version}** (${e.date}): ${e.changes.join(' ')}`).join('\n')}
`,
    },
    '/sandbox': {
      title: 'API sandbox',
      description:
        'A sandbox in the browser that answers every operation of the SETU APIs documented here, checks each request body as the message validator does, and keeps what is created until it is cleared.',
      markdown: `# API sandbox

An interactive page at ${url('/sandbox')}: a service worker of the site answers every operation of the SETU APIs it documents, in the reader's browser, at \`/docs/sandbox/<API>/<operation path>\` (for example \`POST /docs/sandbox/p2p/purchase-to-pay/timecard/{id}\`). A request body is checked as the [message validator](${url('/validator')}) checks a message, with the operation's message type and the published business rules; a refusal is SETU's error object, \`{"code", "description"}\`, whose description lists each error with its path and line. A message that passes is stored in the browser (IndexedDB) and can be read, replaced and deleted; the page lists what the sandbox holds and clears it. Nothing is sent anywhere.

The APIs: ${apis
        .filter((a) => a.api !== false)
        .map((a) => `\`/docs/sandbox/${a.id}\` (${a.standard} v${a.version})`)
        .join(', ')}.

On a developer's own machine, \`npm run sandbox -- --port 4010\` (from a clone of the site's repository) serves the same handlers at \`http://127.0.0.1:4010/<API>/<operation path>\` and logs each request with its answer. It answers the site's paths too, \`http://127.0.0.1:4010/docs/sandbox/<API>/<operation path>\`, so a request sample copied from an operation page (whose address only the browser's service worker answers; from a terminal it gets the site's page-not-found) runs against it once its scheme, host and port are changed. Where the client chooses a resource's id, the samples of one resource's operations use the same one, so create, read, update and delete run in that order; where the server assigns it, take it from the \`Location\` header of the create's answer.

To check an implementation: with \`--report FILE\` the local sandbox writes every request your client sent and its verdict when it stops, a JUnit or JSON report for your CI, and the [conformance kit](${url('/conformance')}) runs the standard's call sequences against your own server.

## Where it differs from a real server

${entries(unlikeRealServers, url)}

## What it does where the standard is silent (ours)

${entries(oursWhereSilent, url)}
`,
    },
    '/search': {
      title: 'Search the documentation',
      description: 'Full-text search of the site, run in the browser from an index built with the site.',
      markdown: `# Search the documentation

An interactive page at ${url('/search')}: a full-text search over every page of the site, including the API reference and the message dictionary, run in the browser from an index built with the site (Pagefind), of which a query loads only the parts it needs. Open ${url('/search?q=timecard')} to search for a word (\`q\` is the query); add \`version\` to keep to one version of one standard, e.g. ${url('/search?q=holidayAllowance&version=Inquiry%20Pay%20Equity%202.0')}.

Each result links to the place that matches: a section's heading, a field of the message dictionary (found by its name, such as \`positionLocation\`, or its path, such as \`positionProfile.positionLocation\`), or a business rule (\`BR285\` or \`BR 285\`). Each names the standard and version of its page; a version older than its standard's newest ranks lower.

For a list of every page with a one-line description, read ${url('/llms.txt')}; every page is also available as Markdown at its URL with \`.md\` appended.
`,
    },
  };
  // The validator's twin only where the build publishes setu-validate (a configuration without the validator has neither).
  return Object.fromEntries(
    Object.entries(twins).flatMap(([route, twin]) => (twin ? [/** @type {[string, typeof twin]} */ ([route, twin])] : [])),
  );
}

/**
 * The sandbox's lists as Markdown: one item per entry, its title in bold, its link to the page it cites.
 * @param {import('../sandbox/handlers/behaviour.mjs').BehaviourEntry[]} list
 * @param {(route: string) => string} url
 */
function entries(list, url) {
  return list.map((e) => `- **${e.title}.** ${e.text}${e.see ? ` See [${e.see.label}](${url(e.see.route)}).` : ''}`).join('\n');
}
