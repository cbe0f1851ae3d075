// How the plan's texts (titles, purposes, details) name things.

/** A name as code: `` `documentId` ``. */
export const code = (/** @type {string} */ s) => `\`${s}\``;

/** A word with its indefinite article: `a Timecard`, `an InquiryPayEquity`. */
export const a = (/** @type {string} */ word) => `${/^[AEIOU]/i.test(word) ? 'an' : 'a'} ${word}`;

/** Statuses as a title names them: `200 or 204`. */
export const statusWords = (/** @type {number[]} */ list) => list.join(' or ');
