// Where a line may break inside a piece of inline code. Field paths, URLs and long names have no spaces, so a table
// column that holds one is at least as wide as the whole name, and the table grows wider than the page's column.
// These are the places a reader expects a name to continue on the next line:
//   after a dot or colon between two names   positionProfile.|positionLocation, urn:|fdc:|peppol.|eu
//   before a slash inside a path              /purchase-to-pay|/staffing-order|/{id}
//   between the words of a long camel-case    Collective|Labour|Agreement|Extended (a name of 18 characters or more;
//   name                                      in a path, which breaks at its dots already, of 20 or more)
// Numbers (`18.5`, `3.0`) and a URL's `://` keep together. The page marks each place with <wbr>, which breaks the line
// there only when it must and adds no character to what the reader copies.

/** A camel-case name this long or longer may break between its words; in a path (`a.b`, `/a/b`), one this long. */
const longName = 18;
const longNameInPath = 20;

/**
 * The positions in `text` (0 < position < length) at which a line may break, in ascending order.
 * @param {string} text
 * @returns {number[]}
 */
function breakOpportunities(text) {
  /** @type {Set<number>} */
  const at = new Set();
  for (const m of text.matchAll(/(?<=[\w)\]}])[.:](?=[A-Za-z_{[(])/g)) at.add(m.index + 1);
  for (const m of text.matchAll(/(?<=[\w)\]}])\/(?=[\w{])/g)) at.add(m.index);
  const long = at.size > 0 ? longNameInPath : longName;
  for (const name of text.matchAll(new RegExp(`[A-Za-z0-9]{${long},}`, 'g'))) {
    for (const hump of name[0].matchAll(/(?<=[a-z0-9])[A-Z]/g)) at.add(name.index + hump.index);
  }
  return [...at].sort((a, b) => a - b);
}

/**
 * `text` cut at its break opportunities.
 * @param {string} text
 * @returns {string[]}
 */
export function splitAtBreakOpportunities(text) {
  const parts = [];
  let from = 0;
  for (const position of breakOpportunities(text)) {
    parts.push(text.slice(from, position));
    from = position;
  }
  parts.push(text.slice(from));
  return parts;
}
