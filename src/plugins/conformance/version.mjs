// setu-conform's own version (not the site's): what `setu-conform --version` prints, the name of its versioned file
// (/docs/tools/setu-conform-<version>.mjs, whose content never changes) and what a pipeline pins. Bump it whenever the
// published file would change, by the rules of setu-validate's (src/plugins/validator/command/version.mjs), where a
// "verdict" is a check's result: a check added, removed or made stricter or more lenient is a minor release.

/** The version. */
export const version = '1.0.0';

/**
 * The releases that changed checks, newest first: the conformance page lists them, so that a pipeline moving to a
 * newer version knows which results may differ.
 * @type {{version: string, date: string, changes: string[]}[]}
 */
export const changelog = [
  {
    version: '1.0.0',
    date: '2026-11-28',
    changes: ["The first release: the kit's checks of every API version on that day, published under a name whose content never changes."],
  },
];
