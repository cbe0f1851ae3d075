// Parsing an XML message into a tree of elements with the line and column of each, safely and fast.
//
// A scanner of our own, not a library: it checks XML 1.0 well-formedness (characters, names, tags,
// attributes, references, comments, CDATA, processing instructions, the XML declaration) in one pass
// over the text, and keeps the tree flat (see XmlTree). It replaced saxes, the strict parser the validator
// used before, for speed: a 5 MB message took saxes and its tree of objects ~3 times as long (BENCHMARKS.md,
// "The validator command"); tests/unit/validator/xml-parser.test.mjs holds it to saxes' verdicts and trees on
// well-formed and broken documents. What a SETU message never needs and an attacker would is refused:
// a document type declaration (and with it every entity declaration, internal or external) as soon as
// `<!DOCTYPE` is read, and any entity reference other than the five predefined ones and character
// references. No recursion (an explicit stack of open elements), so deep nesting cannot overflow the
// call stack; no DTD is processed and nothing is ever fetched.

/** @typedef {{message: string, line: number, column: number}} ScanWarning */

/**
 * @typedef {object} XmlAttribute
 * @property {string} name qualified name as written
 * @property {string} local
 * @property {string} prefix
 * @property {string} uri namespace, '' for none
 * @property {string} value
 */

// The tree is kept flat: a row of numbers per element in one Int32Array (where it is, its name, its next sibling, …),
// its name and what few elements have besides (attributes, decoded text) in lists beside it. Objects for 100,000
// elements, held until the check ends, cost more than the parse itself in garbage collection (each surviving object is
// copied between generations); a typed array is not even scanned. The elements the check reads are views of a row
// (XmlElement), made as it reads them, which die young.
//
// A row holds no more than the check reads, as every fresh 4 KB page the parse writes costs a page fault (~16 µs on a
// small VM; 15 numbers per element were ~8 ms for a 1 MB message): the rows are in document order, so an element's
// first child is the row after its own, and lines and columns are counted from offsets, only where one is asked for
// (positionOf).
const OFFSET = 0; // of the start tag's "<"
const CONTENT_START = 1; // after the start tag; 0 for an empty-element tag
const CONTENT_END = 2; // where the end tag starts; 0 while the element is open
const END = 3; // after the end tag, or the empty-element tag
const NAME = 4; // its entry in `names`
// References to other entries are the entry's index + 1, so that 0, a fresh row's value, is none: a row is written
// where it differs from zeros only.
const NEXT_SIBLING = 5; // the row + 1; 0 for none
const TEXT = 6; // the offset of its first non-blank character data (0: none), or IN_DECODED
const EXTRA = 7; // its entry in `extras` + 1; 0 for none
const ROW = 8;
/** In TEXT: where its first non-blank character data is was counted in its decoded text (see Extra.textAt). */
const IN_DECODED = -1;

/**
 * What few elements have besides a row.
 * @typedef {object} Extra
 * @property {XmlAttribute[]} attributes
 * @property {string | null} decoded its text where that is not the source's runs between its children (references,
 *   CDATA, comments, CRs); null where it is
 * @property {{from: number, breaks: number, column: number} | null} textAt where its first non-blank character data is
 *   when that was counted in the decoded text: `breaks` lines after the line of offset `from`, at `column`
 */

/**
 * @typedef {object} XmlTree
 * @property {string} source the document
 * @property {Int32Array} rows ROW numbers per element, the root's first, in document order
 * @property {number} count the number of elements
 * @property {{name: string, local: string, uri: string}[]} names qualified name as written, local name, namespace
 * @property {Extra[]} extras
 * @property {number[] | null} lineStarts the offset where each line starts, made at the first position asked for
 */

// An element read without a view: the mapping reads every element of a message, and a view per element (XmlElement)
// was a third of the garbage it made, which a 1 MB message pays in scavenges and fresh pages. `e` is the element's row.
/** @returns {{name: string, local: string, uri: string}} the element's names */
export const namesOf = (/** @type {XmlTree} */ tree, /** @type {number} */ e) => tree.names[tree.rows[e * ROW + NAME]];
/** The first child element's row, -1 for none: the next row, if that element starts inside this one. */
export function firstChildOf(/** @type {XmlTree} */ tree, /** @type {number} */ e) {
  const {rows} = tree;
  if (e + 1 >= tree.count || rows[e * ROW + CONTENT_START] === 0) return -1;
  const end = rows[e * ROW + CONTENT_END];
  // Every element read after an open one (no end yet) is inside it.
  return end === 0 || rows[(e + 1) * ROW + OFFSET] < end ? e + 1 : -1;
}
/** The next element of the same parent's row, -1 for none. */
export const nextSiblingOf = (/** @type {XmlTree} */ tree, /** @type {number} */ e) => tree.rows[e * ROW + NEXT_SIBLING] - 1;
/** Whether the element has non-blank character data of its own (see XmlElement.textAt). */
export const hasTextOf = (/** @type {XmlTree} */ tree, /** @type {number} */ e) => tree.rows[e * ROW + TEXT] !== 0;
export const hasAttributesOf = (/** @type {XmlTree} */ tree, /** @type {number} */ e) => {
  const k = tree.rows[e * ROW + EXTRA];
  return k !== 0 && tree.extras[k - 1].attributes !== noAttributes;
};
/** The element's own character data (CDATA included), children's excluded. */
export function textOf(/** @type {XmlTree} */ tree, /** @type {number} */ e) {
  const k = tree.rows[e * ROW + EXTRA];
  if (k > 0 && tree.extras[k - 1].decoded !== null) return /** @type {string} */ (tree.extras[k - 1].decoded);
  return tree.rows[e * ROW + CONTENT_START] === 0 ? '' : runsOf(tree, e, tree.rows[e * ROW + CONTENT_END]);
}

/**
 * The line and column of an offset in the tree's source: 1-based, the column in UTF-16 code units as a textarea
 * counts them. The lines are found at the first position asked for: most messages need none.
 * @returns {{line: number, column: number}}
 */
function positionOf(/** @type {XmlTree} */ tree, /** @type {number} */ at) {
  const starts = (tree.lineStarts ??= lineStartsOf(tree.source));
  // The last line that starts at or before `at`.
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle] <= at) low = middle;
    else high = middle - 1;
  }
  return {line: low + 1, column: at - starts[low] + 1};
}

/** Where the lines of a text start: after each line break (a CR LF, a CR alone and a LF alone are each one, as editors count them). */
function lineStartsOf(/** @type {string} */ text) {
  const starts = [0];
  if (!text.includes('\r')) {
    for (let k = text.indexOf('\n'); k !== -1; k = text.indexOf('\n', k + 1)) starts.push(k + 1);
    return starts;
  }
  for (let k = 0; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (c === 10 || (c === 13 && text.charCodeAt(k + 1) !== 10)) starts.push(k + 1);
  }
  return starts;
}

/** An element of the tree: a view of its row. */
export class XmlElement {
  /**
   * @param {XmlTree} tree
   * @param {number} index the element's row
   */
  constructor(tree, index) {
    this.tree = tree;
    this.index = index;
    /** Where its row starts in tree.rows. */
    this.base = index * ROW;
    /** Its names. */
    this.qualified = tree.names[tree.rows[this.base + NAME]];
  }

  /** The qualified name as written, e.g. "setu:Timecard". */
  get name() {
    return this.qualified.name;
  }

  /** The local name, e.g. "Timecard". */
  get local() {
    return this.qualified.local;
  }

  /** The namespace, '' for none. */
  get uri() {
    return this.qualified.uri;
  }

  /** @returns {XmlAttribute[]} */
  get attributes() {
    const k = this.tree.rows[this.base + EXTRA];
    return k === 0 ? noAttributes : this.tree.extras[k - 1].attributes;
  }

  /** @returns {XmlElement[]} the child elements, in order (a new list on each call: read it once) */
  get children() {
    const {tree} = this;
    const first = firstChildOf(tree, this.index);
    if (first < 0) return noChildren;
    /** @type {XmlElement[]} */
    const out = [];
    for (let c = first; c >= 0; c = nextSiblingOf(tree, c)) out.push(new XmlElement(tree, c));
    return out;
  }

  /**
   * The first child element, or null; with nextSibling, a walk over the children that makes no list (a list per
   * element, made by cold code, cost a 1 MB message's mapping ~20 ms more than the walk).
   * @returns {XmlElement | null}
   */
  get firstChild() {
    const c = firstChildOf(this.tree, this.index);
    return c < 0 ? null : new XmlElement(this.tree, c);
  }

  /** @returns {XmlElement | null} the next element of the same parent, or null */
  get nextSibling() {
    const c = this.tree.rows[this.base + NEXT_SIBLING];
    return c === 0 ? null : new XmlElement(this.tree, c - 1);
  }

  /** The line of the start tag's "<", 1-based. */
  get line() {
    return positionOf(this.tree, this.tree.rows[this.base + OFFSET]).line;
  }

  /** The column of the start tag's "<", 1-based, in UTF-16 code units as a textarea counts them. */
  get column() {
    return positionOf(this.tree, this.tree.rows[this.base + OFFSET]).column;
  }

  /** The element's own character data (CDATA included), children's excluded. */
  get text() {
    return textOf(this.tree, this.index);
  }

  /** @returns {{line: number, column: number} | null} where its first non-blank character data is */
  get textAt() {
    const {tree} = this;
    const at = tree.rows[this.base + TEXT];
    if (at === 0) return null;
    if (at !== IN_DECODED) return positionOf(tree, at);
    const counted = /** @type {NonNullable<Extra['textAt']>} */ (tree.extras[tree.rows[this.base + EXTRA] - 1].textAt);
    return {line: positionOf(tree, counted.from).line + counted.breaks, column: counted.column};
  }
}

/** An element's character data up to `upTo`, read off the source: the runs before, between and after its children. */
function runsOf(/** @type {XmlTree} */ tree, /** @type {number} */ element, /** @type {number} */ upTo) {
  const {source, rows} = tree;
  const start = rows[element * ROW + CONTENT_START];
  let child = firstChildOf(tree, element);
  if (child < 0) return source.slice(start, upTo);
  let out = source.slice(start, rows[child * ROW + OFFSET]);
  for (; child >= 0; child = rows[child * ROW + NEXT_SIBLING] - 1) {
    const next = rows[child * ROW + NEXT_SIBLING] - 1;
    out += source.slice(rows[child * ROW + END], next >= 0 ? rows[next * ROW + OFFSET] : upTo);
  }
  return out;
}

export class XmlSyntaxError extends Error {
  /**
   * @param {string} message
   * @param {number} line 1-based
   * @param {number} column 1-based
   */
  constructor(message, line, column) {
    super(message);
    this.name = 'XmlSyntaxError';
    this.line = line;
    this.column = column;
  }
}

const maxWarnings = 50;
const xmlScope = Object.freeze({'': '', xml: 'http://www.w3.org/XML/1998/namespace'});
const xmlnsNamespace = 'http://www.w3.org/2000/xmlns/';
// The attributes and children of an element without any (most of a message's elements): one shared list, frozen so
// that nothing adds to it by mistake.
const noAttributes = /** @type {XmlAttribute[]} */ (/** @type {unknown} */ (Object.freeze([])));
const noChildren = /** @type {XmlElement[]} */ (/** @type {unknown} */ (Object.freeze([])));

/** The five entities XML predefines; a SETU message declares no others. */
const predefined = /** @type {Record<string, string>} */ ({amp: '&', lt: '<', gt: '>', quot: '"', apos: "'"});

// XML 1.0 (fifth edition) names: NameStartChar and NameChar, a table for ASCII and the ranges above it.
const nameStartAscii = new Uint8Array(128);
const nameAscii = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const start = (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 58;
  nameStartAscii[c] = start ? 1 : 0;
  nameAscii[c] = start || (c >= 48 && c <= 57) || c === 45 || c === 46 ? 1 : 0;
}
/** NameStartChar above ASCII (code points). */
const isNameStartWide = (/** @type {number} */ c) =>
  (c >= 0xc0 && c <= 0xd6) ||
  (c >= 0xd8 && c <= 0xf6) ||
  (c >= 0xf8 && c <= 0x2ff) ||
  (c >= 0x370 && c <= 0x37d) ||
  (c >= 0x37f && c <= 0x1fff) ||
  (c >= 0x200c && c <= 0x200d) ||
  (c >= 0x2070 && c <= 0x218f) ||
  (c >= 0x2c00 && c <= 0x2fef) ||
  (c >= 0x3001 && c <= 0xd7ff) ||
  (c >= 0xf900 && c <= 0xfdcf) ||
  (c >= 0xfdf0 && c <= 0xfffd) ||
  (c >= 0x10000 && c <= 0xeffff);
/** NameChar above ASCII (code points). */
const isNameWide = (/** @type {number} */ c) =>
  isNameStartWide(c) || c === 0xb7 || (c >= 0x300 && c <= 0x36f) || (c >= 0x203f && c <= 0x2040);
/** Char of XML 1.0, for a code point. */
const isXmlChar = (/** @type {number} */ c) =>
  c === 9 || c === 10 || c === 13 || (c >= 0x20 && c <= 0xd7ff) || (c >= 0xe000 && c <= 0xfffd) || (c >= 0x10000 && c <= 0x10ffff);
/** White space in XML's sense (S): space, tab, line feed, carriage return. */
const isSpace = (/** @type {number} */ c) => c === 32 || c === 10 || c === 9 || c === 13;
/** Not white space in JavaScript's sense, as the mapping reads blank text (so a no-break space is blank, too). */
const nonBlank = /\S/;
/** White space in JavaScript's sense (\s), for a UTF-16 code unit. */
const isBlank = (/** @type {number} */ c) =>
  c === 32 ||
  (c >= 9 && c <= 13) ||
  c === 0xa0 ||
  c === 0x1680 ||
  (c >= 0x2000 && c <= 0x200a) ||
  c === 0x2028 ||
  c === 0x2029 ||
  c === 0x202f ||
  c === 0x205f ||
  c === 0x3000 ||
  c === 0xfeff;

/** A character for a message: 'x', or its code point when it is invisible or not allowed. */
function describe(/** @type {string} */ text, /** @type {number} */ i) {
  if (i >= text.length) return 'the end of the text';
  const c = /** @type {number} */ (text.codePointAt(i));
  const hex = `U+${c.toString(16).toUpperCase().padStart(4, '0')}`;
  if (c < 0x21 || (c >= 0x7f && c <= 0x9f) || (c >= 0xd800 && c <= 0xdfff) || c === 0xfffe || c === 0xffff) return hex;
  return c < 0x7f ? `'${String.fromCodePoint(c)}'` : `'${String.fromCodePoint(c)}' (${hex})`;
}

/**
 * The parts of a qualified name in a scope of namespace bindings; null when its prefix is not declared.
 * An attribute without a prefix is in no namespace.
 * @param {string} qualified
 * @param {Record<string, string>} scope
 * @param {boolean} isAttribute
 */
function resolveName(qualified, scope, isAttribute) {
  const colon = qualified.indexOf(':');
  const prefix = colon === -1 ? '' : qualified.slice(0, colon);
  const local = colon === -1 ? qualified : qualified.slice(colon + 1);
  if (prefix === '' && isAttribute) return {prefix, local, uri: ''};
  if (prefix === 'xmlns' || (qualified === 'xmlns' && isAttribute)) return {prefix, local, uri: xmlnsNamespace};
  const uri = scope[prefix];
  return uri === undefined ? null : {prefix, local, uri};
}

/**
 * Parses `text` as an XML document.
 * @param {string} text
 * @returns {{root: XmlElement, depth: number, elements: number, warnings: ScanWarning[]}}
 * @throws {XmlSyntaxError} when the text is not well-formed XML or declares a document type
 */
export function parseXml(text) {
  const n = text.length;
  let i = 0;
  // The elements' rows, for about one element per 32 characters at first (a SETU message has one per 35 or so).
  let capacity = Math.max(64, (n >> 5) + 16);
  let rows = new Int32Array(capacity * ROW);
  let count = 0;
  /** @type {XmlTree} */
  const tree = {source: text, rows, count: 0, names: [], extras: [], lineStarts: null};
  // The open elements, the root's first: each one's row, the row of its last child so far (-1: none), and the
  // namespace bindings in force in it. `open` of them are in use (the lists are not shortened, only overwritten).
  /** @type {number[]} */
  const stack = [];
  /** @type {number[]} */
  const lastChildren = [];
  /** @type {Record<string, string>[]} */
  const scopes = [];
  let open = 0;
  let depth = 0;
  /** @type {ScanWarning[]} */
  const warnings = [];
  /** @type {Record<string, string> | null} */
  let cachedScope = null;
  /** Each element name's entry in tree.names, in the scope of namespace bindings `cachedScope`. */
  /** @type {Map<string, number>} */
  const resolvedNames = new Map();
  /** The qualified name of an element (its row), its line and column, in words. */
  const described = (/** @type {number} */ e) => {
    const {line, column} = positionOf(tree, rows[e * ROW + OFFSET]);
    return `<${tree.names[rows[e * ROW + NAME]].name}> (line ${line}, column ${column})`;
  };

  /** @returns {never} */
  const fail = (/** @type {string} */ message, /** @type {number} */ at = i) => {
    const {line, column} = positionOf(tree, at);
    throw new XmlSyntaxError(message, line, column);
  };

  /**
   * Checks the characters of text[from, to) (no markup in them); `attribute`: the characters are an attribute's value,
   * where '<' is not allowed either. Returns whether there is a CR.
   */
  const scanChars = (/** @type {number} */ from, /** @type {number} */ to, attribute = false) => {
    let cr = false;
    for (let k = from; k < to; k++) {
      const c = text.charCodeAt(k);
      if (c >= 0x20 && c < 0xd800 && c !== 60) continue;
      if (c === 10 || c === 9) continue;
      else if (c === 13) cr = true;
      else if (c === 60) {
        if (attribute) fail("'<' is not allowed in an attribute value (write it as &lt;)", k);
      } else if (c < 0x20) fail(`the character ${describe(text, k)} is not allowed in XML`, k);
      else if (c <= 0xdbff) {
        const next = text.charCodeAt(k + 1);
        if (next >= 0xdc00 && next <= 0xdfff) k++;
        else fail(`the character ${describe(text, k)} (half of a surrogate pair) is not allowed in XML`, k);
      } else if (c <= 0xdfff) fail(`the character ${describe(text, k)} (half of a surrogate pair) is not allowed in XML`, k);
      else if (c === 0xfffe || c === 0xffff) fail(`the character ${describe(text, k)} is not allowed in XML`, k);
    }
    return cr;
  };
  /** Text with its line breaks as XML reads them: CR LF and a lone CR become LF. */
  const newlines = (/** @type {string} */ s) => s.replace(/\r\n?/g, '\n');

  /** Skips white space at i; returns whether there was any. */
  const skipSpace = () => {
    const from = i;
    for (let c = text.charCodeAt(i); c === 32 || c === 10 || c === 9 || c === 13; c = text.charCodeAt(i)) i++;
    return i > from;
  };

  /**
   * The names read so far, by a hash of their characters: a message repeats a few dozen names thousands of times, and
   * reusing one string per name spares a copy per tag (and makes comparing a start and an end tag's names cheap).
   * @type {Map<number, string[]>}
   */
  const names = new Map();

  /** Reads the name at i; `what` names it in the error when there is none. */
  const readName = (/** @type {string} */ what) => {
    const from = i;
    let c = text.charCodeAt(i);
    if (c < 128 ? nameStartAscii[c] !== 1 : !isNameStartWide(/** @type {number} */ (text.codePointAt(i))))
      fail(`${what} must start with a letter, '_' or ':', not ${describe(text, i)}`);
    let hash = c;
    i += c >= 0xd800 && c <= 0xdbff ? 2 : 1;
    for (;;) {
      c = text.charCodeAt(i);
      if (c < 128) {
        if (nameAscii[c] !== 1) break;
        hash = (hash * 31 + c) | 0;
        i++;
      } else {
        const cp = /** @type {number} */ (text.codePointAt(i));
        if (!isNameWide(cp)) break;
        hash = (hash * 31 + cp) | 0;
        i += cp > 0xffff ? 2 : 1;
      }
    }
    const length = i - from;
    const known = names.get(hash);
    if (known) {
      for (let k = 0; k < known.length; k++) if (known[k].length === length && text.startsWith(known[k], from)) return known[k];
    }
    const name = text.slice(from, i);
    if (known) known.push(name);
    else names.set(hash, [name]);
    return name;
  };

  /** Reads the reference at i (text[i] is '&'); returns the character it stands for. */
  const readReference = () => {
    const start = i;
    let end = i + 1;
    while (end < n && end - i <= 12 && text.charCodeAt(end) !== 59) end++;
    if (text.charCodeAt(end) !== 59)
      fail("a '&' must start a reference such as &amp; (write a '&' in text as &amp;), closed by ';'", start);
    const body = text.slice(i + 1, end);
    i = end + 1;
    if (body.charCodeAt(0) === 35) {
      const hex = body.charCodeAt(1) === 120;
      const digits = body.slice(hex ? 2 : 1);
      if (!(hex ? /^[0-9a-fA-F]+$/ : /^[0-9]+$/).test(digits)) fail(`&${body}; is not a character reference (&#233; or &#xE9;)`, start);
      const code = parseInt(digits, hex ? 16 : 10);
      if (!isXmlChar(code)) fail(`&${body}; refers to a character that XML does not allow`, start);
      return String.fromCodePoint(code);
    }
    const value = predefined[body];
    if (value === undefined)
      fail(
        'an entity reference other than &amp;, &lt;, &gt;, &quot;, &apos; or a character reference (such as &#233;); a SETU message declares no entities',
        start,
      );
    return value;
  };

  /** The offset of the first non-blank character of the plain run read last (0: none), for addText. */
  let firstText = 0;

  /**
   * Character data from i up to `to` (the next '<' or the end): its characters checked and ']]>' refused; returns its
   * text with references read and line breaks as XML reads them, or null where that is the source text itself (and
   * then notes where its first non-blank character is, in firstText).
   */
  const readText = (/** @type {number} */ to) => {
    let out = '';
    let run = i;
    let cr = false;
    let references = false;
    firstText = 0;
    for (let k = i; k < to; k++) {
      const c = text.charCodeAt(k);
      // Most characters: letters, digits, punctuation other than '&' and ']', and everything above up to the surrogates.
      if (c > 0x5d ? c < 0xd800 : c > 0x26 ? c < 0x5d : c >= 0x20 && c < 0x26) {
        if (firstText === 0 && c !== 32 && !isBlank(c)) firstText = k;
        continue;
      }
      if (c === 10 || c === 9) continue;
      else if (c === 0x26) {
        references = true;
        out += text.slice(run, k);
        i = k;
        out += readReference();
        run = i;
        k = i - 1;
      } else if (c === 0x5d) {
        if (text.charCodeAt(k + 1) === 0x5d && text.charCodeAt(k + 2) === 62)
          fail("the sequence ']]>' is not allowed in text (write '>' as &gt;)", k);
        if (firstText === 0) firstText = k;
      } else {
        if (c === 13) cr = true;
        else if (firstText === 0 && !isBlank(c)) firstText = k;
        scanChars(k, k + 1 + (c >= 0xd800 && c <= 0xdbff ? 1 : 0));
        if (c >= 0xd800 && c <= 0xdbff) k++;
      }
    }
    i = to;
    if (!references && !cr) return null;
    const data = run === to ? out : out + text.slice(run, to);
    return cr ? newlines(data) : data;
  };

  /** The element's extra entry, made where it has none. */
  const extraOf = (/** @type {number} */ element) => {
    const k = rows[element * ROW + EXTRA];
    if (k > 0) return tree.extras[k - 1];
    /** @type {Extra} */
    const extra = {attributes: noAttributes, decoded: null, textAt: null};
    rows[element * ROW + EXTRA] = tree.extras.push(extra);
    return extra;
  };

  /** From now on, the open element keeps its text as read (from `at` on, what follows is not a plain run). */
  const keepText = (/** @type {number} */ element, /** @type {number} */ at) => {
    const extra = extraOf(element);
    extra.decoded ??= runsOf(tree, element, at);
    return extra;
  };

  /**
   * Character data of the open element, read from offset `from` up to i: `data` is its text where that is not the
   * source text itself (see readText). Notes where its first non-blank character is.
   */
  const addText = (/** @type {string | null} */ data, /** @type {number} */ from) => {
    const element = stack[open - 1];
    const r = element * ROW;
    if (data === null) {
      // A plain run: readText noted where its first non-blank character (white space as JavaScript's \s has it) is.
      if (rows[r + EXTRA] > 0) {
        const extra = tree.extras[rows[r + EXTRA] - 1];
        if (extra.decoded !== null) extra.decoded += text.slice(from, i);
      }
      if (firstText !== 0 && rows[r + TEXT] === 0) rows[r + TEXT] = firstText;
      return;
    }
    const extra = keepText(element, from);
    extra.decoded += data;
    if (rows[r + TEXT] !== 0) return;
    const k = data.search(nonBlank);
    if (k !== -1) {
      // Counted in the data: exact unless references come before it, and then still on the right line. With no line
      // break before it in the data, there is none in the source either: from + k is on the line of `from`.
      const before = data.slice(0, k);
      const breaks = before.split('\n').length - 1;
      if (breaks === 0) rows[r + TEXT] = from + k;
      else {
        rows[r + TEXT] = IN_DECODED;
        extra.textAt = {from, breaks, column: k - before.lastIndexOf('\n')};
      }
    }
  };

  /** The XML declaration, read only at the very start: <?xml version="1.0" encoding="…" standalone="yes|no"?>. */
  const readDeclaration = () => {
    const start = i;
    i += 5;
    const order = ['version', 'encoding', 'standalone'];
    let last = -1;
    for (;;) {
      const spaced = skipSpace();
      if (text.startsWith('?>', i)) {
        i += 2;
        break;
      }
      if (!spaced) fail(`a space or ?> expected in the XML declaration, not ${describe(text, i)}`);
      const at = i;
      const name = readName('a part of the XML declaration');
      skipSpace();
      if (text.charCodeAt(i) !== 61) fail(`'=' expected after ${name} in the XML declaration`);
      i++;
      skipSpace();
      const quote = text.charCodeAt(i);
      if (quote !== 34 && quote !== 39) fail(`the value of ${name} in the XML declaration must be in quotes`);
      const end = text.indexOf(quote === 34 ? '"' : "'", i + 1);
      if (end === -1) fail(`the value of ${name} in the XML declaration is not closed`);
      const value = text.slice(i + 1, end);
      const index = order.indexOf(name);
      if (index === -1) fail(`the XML declaration has no part called ${name} (only version, encoding and standalone)`, at);
      if (index <= last) fail(`${name} is repeated or out of order in the XML declaration (version, encoding, standalone)`, at);
      if (last === -1 && index !== 0) fail('the XML declaration must give the version first (<?xml version="1.0"?>)', at);
      if (name === 'version' && !/^1\.[0-9]+$/.test(value)) fail(`the XML version must be 1.x, not "${value}"`, at);
      if (name === 'encoding' && !/^[A-Za-z][A-Za-z0-9._-]*$/.test(value)) fail(`"${value}" is not an encoding name`, at);
      if (name === 'standalone' && value !== 'yes' && value !== 'no') fail('standalone must be "yes" or "no" in the XML declaration', at);
      last = index;
      i = end + 1;
    }
    if (last === -1) fail('the XML declaration must give the version (<?xml version="1.0"?>)', start);
  };

  /** The element names read so far (valid names all of them), to know a start tag's name again without reading it. */
  /** @type {Set<string>} */
  const elementNames = new Set();

  /** A start tag or an empty-element tag at i. */
  const openTag = () => {
    const at = i;
    if (count > 0 && open === 0) fail('a second root element: an XML document has exactly one', at);
    i++;
    const inherited = open > 0 ? scopes[open - 1] : xmlScope;
    // The namespace bindings in force in the element: its parent's unless it declares any.
    let scope = inherited;
    let name = '';
    let nameIndex = -1;
    let empty = false;
    /** @type {XmlAttribute[] | null} */
    let attributes = null;
    // The usual start tag is `<name>` or `<name/>`, with a name read before: then the text up to '>' is that name,
    // found by a lookup instead of character by character (and resolved already, where the scope is the last one).
    const gt = text.indexOf('>', i);
    if (gt > i) {
      empty = text.charCodeAt(gt - 1) === 47;
      const candidate = text.slice(i, empty ? gt - 1 : gt);
      if (inherited === cachedScope) nameIndex = resolvedNames.get(candidate) ?? -1;
      if (nameIndex >= 0 || elementNames.has(candidate)) {
        name = candidate;
        i += candidate.length;
      }
    }
    if (nameIndex >= 0) i = gt + 1;
    else {
      if (name === '') {
        name = readName('an element name');
        elementNames.add(name);
      }
      /** @type {string[] | null} name, value, name, value, … */
      let raw = null;
      empty = false;
      for (;;) {
        const spaced = skipSpace();
        const c = text.charCodeAt(i);
        if (c === 62) {
          i++;
          break;
        }
        if (c === 47) {
          if (text.charCodeAt(i + 1) !== 62) fail(`'>' expected after '/' in the tag <${name}>`);
          i += 2;
          empty = true;
          break;
        }
        if (i >= n) fail(`the tag <${name}> is not closed by '>'`, at);
        if (!spaced) fail(`a space, '>' or '/>' expected in the tag <${name}>, not ${describe(text, i)}`);
        const attributeStart = i;
        const attribute = readName('an attribute name');
        skipSpace();
        if (text.charCodeAt(i) !== 61) fail(`'=' expected after the attribute ${attribute}`);
        i++;
        skipSpace();
        const quote = text.charCodeAt(i);
        if (quote !== 34 && quote !== 39) fail(`the value of the attribute ${attribute} must be in quotes`);
        const end = text.indexOf(quote === 34 ? '"' : "'", i + 1);
        if (end === -1) fail(`the value of the attribute ${attribute} is not closed by its quote`);
        i++;
        const value = attributeValue(end);
        i = end + 1;
        raw ??= [];
        for (let k = 0; k < raw.length; k += 2) if (raw[k] === attribute) fail(`the attribute ${attribute} appears twice`, attributeStart);
        raw.push(attribute, value);
      }

      // Namespaces are resolved here: a scope is shared with the parent unless the element declares a prefix.
      /** @type {Record<string, string> | null} */
      let declared = null;
      if (raw) {
        for (let k = 0; k < raw.length; k += 2) {
          const a = raw[k];
          if (a === 'xmlns' || a.startsWith('xmlns:')) (declared ??= {...inherited})[a === 'xmlns' ? '' : a.slice(6)] = raw[k + 1];
        }
      }
      scope = declared ?? inherited;
      // Names resolve alike in one scope, which most elements share with their parent.
      if (scope !== cachedScope) {
        cachedScope = scope;
        resolvedNames.clear();
      }
      nameIndex = resolvedNames.get(name) ?? -1;
      if (nameIndex < 0) {
        const resolved = resolveName(name, scope, false) ?? fail(`the namespace prefix of the element ${name} is not declared`, at);
        nameIndex = tree.names.push({name, local: resolved.local, uri: resolved.uri}) - 1;
        resolvedNames.set(name, nameIndex);
      }
      if (raw) {
        attributes = [];
        for (let k = 0; k < raw.length; k += 2) {
          const r = resolveName(raw[k], scope, true);
          if (!r) fail(`the namespace prefix of the attribute ${raw[k]} is not declared`, at);
          attributes.push({name: raw[k], ...r, value: raw[k + 1]});
        }
      }
    }

    if (count === capacity) {
      capacity *= 2;
      const grown = new Int32Array(capacity * ROW);
      grown.set(rows);
      rows = tree.rows = grown;
    }
    const e = count++;
    tree.count = count;
    const r = e * ROW;
    // A fresh row is zeros: only what differs is written (see NEXT_SIBLING).
    rows[r + OFFSET] = at;
    rows[r + NAME] = nameIndex;
    if (empty) rows[r + END] = i;
    else rows[r + CONTENT_START] = i;
    if (attributes) rows[r + EXTRA] = tree.extras.push({attributes, decoded: null, textAt: null});
    if (open > 0) {
      const previous = lastChildren[open - 1];
      if (previous >= 0) rows[previous * ROW + NEXT_SIBLING] = e + 1;
      lastChildren[open - 1] = e;
    }
    if (open + 1 > depth) depth = open + 1;
    if (!empty) {
      stack[open] = e;
      lastChildren[open] = -1;
      scopes[open] = scope;
      open++;
    }
  };

  /**
   * An attribute's value from i to `end` (its closing quote): references read, and each white space character
   * written in it a space (attribute-value normalization; a CR LF is one line break, so one space).
   */
  const attributeValue = (/** @type {number} */ end) => {
    let out = '';
    for (;;) {
      let stop = text.indexOf('&', i);
      if (stop === -1 || stop > end) stop = end;
      const cr = scanChars(i, stop, true);
      const literal = text.slice(i, stop);
      out += /[\t\n\r]/.test(literal) ? (cr ? newlines(literal) : literal).replace(/[\t\n]/g, ' ') : literal;
      i = stop;
      if (stop === end) return out;
      out += readReference();
    }
  };

  /** Closes the element opened last, whose end tag starts at `start` and ends at i. */
  const close = (/** @type {number} */ element, /** @type {number} */ start) => {
    rows[element * ROW + CONTENT_END] = start;
    rows[element * ROW + END] = i;
    open--;
  };

  /** An end tag at i: it must close the element opened last. */
  const closeTag = () => {
    if (open > 0) {
      // The usual end tag, </name> of the element opened last: nothing to read but that its name is there.
      const element = stack[open - 1];
      const name = tree.names[rows[element * ROW + NAME]].name;
      const after = i + 2 + name.length;
      if (text.charCodeAt(after) === 62 && text.startsWith(name, i + 2)) {
        const start = i;
        i = after + 1;
        close(element, start);
        return;
      }
    }
    const start = i;
    i += 2;
    const name = readName('an element name in an end tag');
    skipSpace();
    if (text.charCodeAt(i) !== 62) fail(`'>' expected to end the end tag </${name}>, not ${describe(text, i)}`);
    i++;
    if (open === 0) fail(`the end tag </${name}> closes no open element`, start);
    const element = stack[open - 1];
    if (tree.names[rows[element * ROW + NAME]].name !== name)
      fail(`the end tag </${name}> does not match the open element ${described(element)}`, start);
    close(element, start);
  };

  /** A comment, a CDATA section, or a document type declaration, which is refused. */
  const markupDeclaration = () => {
    const start = i;
    if (text.startsWith('<!--', i)) {
      const end = text.indexOf('--', i + 4);
      if (end === -1) fail('the comment is not closed by -->', start);
      scanChars(i + 4, end);
      if (text.charCodeAt(end + 2) !== 62) fail("'--' is not allowed inside a comment", end);
      // The element's text goes on after the comment, which is no part of it.
      if (open > 0) keepText(stack[open - 1], start);
      i = end + 3;
    } else if (text.startsWith('<![CDATA[', i)) {
      if (open === 0) fail('a CDATA section outside the root element', start);
      const end = text.indexOf(']]>', i + 9);
      if (end === -1) fail('the CDATA section is not closed by ]]>', start);
      i += 9;
      const from = i;
      const data = text.slice(i, end);
      keepText(stack[open - 1], start);
      addText(scanChars(i, end) ? newlines(data) : data, from);
      i = end + 3;
    } else if (text.startsWith('<!DOCTYPE', i)) {
      fail(
        'a document type declaration (<!DOCTYPE …>) is not allowed: a SETU message has none, and the validator processes no DTD, entity declarations or external entities',
        start,
      );
    } else fail("'<!' must start a comment (<!-- … -->) or a CDATA section (<![CDATA[ … ]]>)", start);
  };

  /** A processing instruction: ignored with a warning. */
  const instruction = () => {
    const start = i;
    i += 2;
    const target = readName('the target of a processing instruction');
    if (target.toLowerCase() === 'xml') fail('the XML declaration (<?xml … ?>) is allowed only at the very start of the text', start);
    const end = text.indexOf('?>', i);
    if (end === -1) fail(`the processing instruction <?${target} is not closed by ?>`, start);
    if (end > i && !isSpace(text.charCodeAt(i))) fail(`a space or ?> expected after <?${target}, not ${describe(text, i)}`);
    scanChars(i, end);
    i = end + 2;
    if (open > 0) keepText(stack[open - 1], start);
    if (warnings.length < maxWarnings) {
      warnings.push({
        ...positionOf(tree, start),
        message: `The processing instruction <?${target} …?> means nothing in a SETU message and was ignored.`,
      });
    }
  };

  // A byte order mark at the start is no part of the document.
  if (text.charCodeAt(0) === 0xfeff) i = 1;
  if (text.startsWith('<?xml', i) && (isSpace(text.charCodeAt(i + 5)) || text.startsWith('?>', i + 5))) readDeclaration();

  for (;;) {
    // Character data up to the next markup.
    const lt = text.indexOf('<', i);
    const to = lt === -1 ? n : lt;
    if (to > i) {
      if (open > 0) {
        const from = i;
        addText(readText(to), from);
      } else {
        skipSpace();
        if (i < to) fail(count > 0 ? 'text after the end of the root element' : 'text before the root element');
      }
    }
    if (lt === -1) break;
    i = lt;
    const next = text.charCodeAt(i + 1);
    if (next === 47) closeTag();
    else if (next === 33) markupDeclaration();
    else if (next === 63) instruction();
    else openTag();
  }
  if (open > 0) fail(`the element ${described(stack[open - 1])} is not closed`);
  if (count === 0) fail('the text has no root element', 0);
  return {root: new XmlElement(tree, 0), depth, elements: count, warnings};
}

/** Whether a text is meant as XML: its first character other than blanks and a byte order mark is "<". */
export function looksLikeXml(/** @type {string} */ text) {
  return /^[\ufeff\s]*</.test(text.slice(0, 1024));
}
