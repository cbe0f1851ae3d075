// setu-validate's own version (not the site's): what `setu-validate --version` prints, the name of its versioned
// file (/docs/tools/setu-validate-<version>.mjs, whose content never changes) and, in the page's GitHub Actions job,
// what a pipeline pins. Bump it whenever the published file would change (the site's CI compares each version's
// SHA-256 with what the live site serves under that version, ARCHITECTURE.md "Pinned downloads"):
// - major: an option or an output format changes so that a pipeline's command line or its reading of the output breaks;
// - minor: a verdict changes (a message valid before is not, or the reverse, or an error's position or rule): say so
//   in `changelog`, which the validator page shows;
// - patch: the file changes with no verdict changed (a rebuild with newer dependencies, a faster check, a fix of the
//   wording of a message, an option added beside the ones a pipeline uses).
// `changelog` lists every release a pipeline would want to know of before it moves: each that changed verdicts, and
// each that changed the command line.

/** The version. */
export const version = '1.1.0';

/**
 * The releases that changed verdicts or the command line, newest first: the validator page lists them under "What
 * changed", so that a pipeline moving to a newer version knows which of its messages may be judged differently, and
 * which options it may use.
 * @type {{version: string, date: string, changes: string[]}[]}
 */
export const changelog = [
  {
    version: '1.1.0',
    date: '2026-11-28',
    changes: [
      "An XML value that SETU's XSD rejects and only our repair of its code list accepts (a competency's `schemeAgencyId` such as `SSVV`, an attachment's `descriptions` such as `Diploma`) gets a note naming the repair and the XSD's codes, as the same value in JSON did.",
      'Every note on a repair is at the first value it names: `FILE:LINE:COLUMN: note:` in the text, `line` and `column` in the JSON report. On a message that is not valid anyway it reads "Relies on our repair of ..." instead of "Valid only under our repair of ...".',
      "A missing required element followed by an element that a wildcard takes (an Inquiry Pay Equity 1.0 condition without its `conditionType`) is reported at that element's line, where libxml2 reports it, not at its parent's.",
      '`--format json`: a file that is not well-formed, not a message or unreadable lists its one error (line, column, message), as the text report and JUnit do, instead of `"errorCount": 0`.',
      '`--version` prints the command’s version wherever it stands: `setu-validate --version tc.json` said “no file to check”.',
      'The version of the standard has an option of its own, `--standard-version 1.0`; `--version 1.0`, where a version follows it, still means the same.',
    ],
  },
  {
    version: '1.0.0',
    date: '2026-11-28',
    changes: [
      'The first release with a version of its own: the verdicts of the validator page on that day, published under a name whose content never changes.',
    ],
  },
];
