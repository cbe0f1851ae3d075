// setu-conform's own version (not the site's): what `setu-conform --version` prints, the name of its versioned file
// (/docs/tools/setu-conform-<version>.mjs, whose content never changes) and what a pipeline pins. Bump it whenever the
// published file would change, by the rules of setu-validate's (src/plugins/validator/command/version.mjs), where a
// "verdict" is a check's result: a check added, removed or made stricter or more lenient is a minor release.

/** The version. */
export const version = '1.1.0';

/**
 * The releases that changed checks, newest first: the conformance page lists them, so that a pipeline moving to a
 * newer version knows which results may differ.
 * @type {{version: string, date: string, changes: string[]}[]}
 */
export const changelog = [
  {
    version: '1.1.0',
    date: '2026-11-28',
    changes: [
      '`unsupported-content-type` is stricter: it requires `400`, the code SETU’s response codes give a request that is not valid; a `415` fails it.',
      '`location` and `content-location` are stricter: an address is resolved against the request (dot segments too) and must lie under the base URL, origin and path; one that does not fails the check and is never called, not even to delete what it names.',
      'Options that select nothing to check (`--party`, `--only`, `--standard-only`) exit with 2 instead of passing an empty run; `--party` takes the parties the API pages list.',
      'The JUnit report gives each check the time of its requests; the titles of checks of our reading say they are ours.',
    ],
  },
  {
    version: '1.0.0',
    date: '2026-11-28',
    changes: ["The first release: the kit's checks of every API version on that day, published under a name whose content never changes."],
  },
];
