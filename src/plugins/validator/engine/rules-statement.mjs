// Which business rules apply to a message type, in one sentence: the verdicts of the validator page and of the command
// say it, and so does the type's page of the message dictionary. The published rules come from SETU's Schematron files
// (src/build/business-rules.mjs reads what scripts/derive-published-facts.mjs derived from them); what is checked, from
// the rules the validator runs (rules.mjs, with the data of src/data/).

/**
 * The business rules SETU publishes for a message type.
 * @typedef {object} PublishedRules
 * @property {number[]} numbers e.g. [285, 286, …]
 * @property {string} message the message whose Schematron file holds them (a line body's message)
 * @property {string} version
 * @property {string} file the Schematron file, e.g. PlanningRequest_BRs_v1.0.xml
 * @property {string[]} elements for a line body: its line elements, whose rules these are (else none)
 */

/** "285–292, 294 and 295": runs of three or more numbers as a range. */
export function numberWords(/** @type {number[]} */ numbers) {
  /** @type {string[]} */
  const parts = [];
  for (let i = 0; i < numbers.length;) {
    let j = i;
    while (j + 1 < numbers.length && numbers[j + 1] === numbers[j] + 1) j++;
    if (j - i >= 2) parts.push(`${numbers[i]}\u2013${numbers[j]}`);
    else for (let k = i; k <= j; k++) parts.push(String(numbers[k]));
    i = j + 1;
  }
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

const code = (/** @type {string} */ s) => `\`${s}\``;

/**
 * The sentence: which published rules apply to the type and whether they are checked, or that SETU publishes none for
 * it (and which rules of another version the validator checks on it instead, as warnings).
 * @param {object} what
 * @param {string} what.schema the message type's schema, e.g. Timecard
 * @param {string} what.version its version
 * @param {PublishedRules | null} what.published
 * @param {import('./rules.mjs').BusinessRule[] | null} what.checked the rules the validator runs on the type; null: none
 *   are run (the command's --no-rules)
 * @param {string} [what.checkedWords] how the checking is said: "checked" in a verdict
 * @returns {string}
 */
export function rulesStatement({schema, version, published, checked, checkedWords = 'checked'}) {
  const run = checked ?? [];
  if (published) {
    const lines = published.elements.length ? `, those on its ${published.elements.map(code).join(' and ')}` : '';
    const rules = `BR ${numberWords(published.numbers)} of SETU's ${published.message} v${published.version}${lines} (${published.file})`;
    if (!checked) return `Business rules: ${rules}; not checked in this run.`;
    const unchecked = run.filter((r) => r.check === null && published.numbers.includes(r.number)).map((r) => r.number);
    const except = unchecked.length
      ? `, except BR ${numberWords(unchecked)}, which one message cannot show (${unchecked.length === 1 ? 'a note' : 'notes'})`
      : '';
    return `Business rules: ${rules}; ${checkedWords}${except}.`;
  }
  const none = `Business rules: none published for ${schema} ${version}`;
  const instead = run.filter((r) => r.check !== null && r.basedOn);
  if (instead.length === 0) return `${none}.`;
  return (
    `${none}; BR ${numberWords(instead.map((r) => r.number))} of v${instead[0].basedOn} are ${checkedWords} as warnings, ` +
    'as SETU has not said whether they apply.'
  );
}
