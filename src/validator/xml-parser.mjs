// Parsing an XML message into a tree of elements with the line and column of each, safely and fast.
//
// A scanner of our own, not a library: it checks XML 1.0 well-formedness (characters, names, tags,
// attributes, references, comments, CDATA, processing instructions, the XML declaration) in one pass
// over the text, about ten times faster than saxes, the strict parser it replaces (measured in
// BENCHMARKS.md, "The validator command"; tests/unit/xml-parser.test.mjs holds it to saxes' verdict on
// well-formed and broken documents). What a SETU message never needs and an attacker would is refused:
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

/**
 * An element of the tree. Its text is read off the source text only when asked for: a message's elements are mostly
 * leaves and white space between tags, and strings made for all of them while parsing cost more than the parse
 * itself. Where the text is not a plain run of the source (a reference, a CR, a CDATA section, a comment or a
 * processing instruction inside), it is kept as read.
 */
export class XmlElement {
  /**
   * @param {string} source the document
   * @param {string} name qualified name as written, e.g. "setu:Timecard"
   * @param {string} local local name, e.g. "Timecard"
   * @param {string} uri namespace, '' for none
   * @param {XmlAttribute[]} attributes
   * @param {number} line of the start tag's "<", 1-based
   * @param {number} column of the start tag's "<", 1-based, in UTF-16 code units as a textarea counts them
   * @param {number} offset of the start tag's "<"
   */
  constructor(source, name, local, uri, attributes, line, column, offset) {
    this.name = name;
    this.local = local;
    this.uri = uri;
    this.attributes = attributes;
    /** @type {XmlElement[]} */
    this.children = noChildren;
    this.line = line;
    this.column = column;
    this.offset = offset;
    /** Where the content starts (after the start tag), -1 for an empty-element tag. */
    this.contentStart = -1;
    /** Where the end tag starts. */
    this.contentEnd = -1;
    /** Where the element ends (after its end tag, or its empty-element tag). */
    this.end = -1;
    /** Where its first non-blank character data is (line 0: none). */
    this.textLine = 0;
    this.textColumn = 0;
    /** @type {string | null} the text as read, where it is not the source's runs between the children */
    this.decoded = null;
    this.source = source;
  }

  /** The element's own character data (CDATA included), children's excluded. */
  get text() {
    if (this.decoded !== null) return this.decoded;
    return this.contentStart < 0 ? '' : runsOf(this, this.contentEnd);
  }

  /** Where its first non-blank character data is, or null. */
  get textAt() {
    return this.textLine ? {line: this.textLine, column: this.textColumn} : null;
  }
}

/** An element's character data up to `upTo`, read off the source: the runs before, between and after its children. */
function runsOf(/** @type {XmlElement} */ element, /** @type {number} */ upTo) {
  const {children, source} = element;
  if (children.length === 0) return source.slice(element.contentStart, upTo);
  let out = source.slice(element.contentStart, children[0].offset);
  for (let k = 0; k < children.length; k++) out += source.slice(children[k].end, k + 1 < children.length ? children[k + 1].offset : upTo);
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
  // The current line (1-based) and the offset where it starts: columns are offsets from there, in UTF-16 code units.
  let line = 1;
  let lineStart = 0;
  /** @type {XmlElement[]} */
  const stack = [];
  /** The namespace bindings in force, one entry per open element. */
  /** @type {Record<string, string>[]} */
  const scopes = [];
  /** @type {XmlElement | null} */
  let root = null;
  let depth = 0;
  let elements = 0;
  /** @type {ScanWarning[]} */
  const warnings = [];
  /** @type {Record<string, string> | null} */
  let cachedScope = null;
  /** @type {Map<string, {prefix: string, local: string, uri: string}>} */
  const resolvedNames = new Map();

  /** A place to report: an offset with the line it is on. */
  const here = () => ({at: i, line, lineStart});
  /** @typedef {{at: number, line: number, lineStart: number}} Place */
  /** @returns {never} */
  const fail = (/** @type {string} */ message, /** @type {Place} */ where = here()) => {
    throw new XmlSyntaxError(message, where.line, Math.max(1, where.at - where.lineStart + 1));
  };
  /** Counts a line break at k (a CR LF, a CR alone and a LF alone are each one, as editors count them). */
  const newLineAt = (/** @type {number} */ k) => {
    const c = text.charCodeAt(k);
    if (c === 10 || (c === 13 && text.charCodeAt(k + 1) !== 10)) {
      line++;
      lineStart = k + 1;
    }
  };

  /**
   * Checks the characters of text[from, to) (no markup in them) and counts their line breaks; `attribute`: the
   * characters are an attribute's value, where '<' is not allowed either. Returns whether there is a CR.
   */
  const scanChars = (/** @type {number} */ from, /** @type {number} */ to, attribute = false) => {
    let cr = false;
    for (let k = from; k < to; k++) {
      const c = text.charCodeAt(k);
      if (c >= 0x20 && c < 0xd800 && c !== 60) continue;
      if (c === 10) newLineAt(k);
      else if (c === 13) {
        cr = true;
        newLineAt(k);
      } else if (c === 9) continue;
      else if (c === 60) {
        if (attribute) fail("'<' is not allowed in an attribute value (write it as &lt;)", {at: k, line, lineStart});
      } else if (c < 0x20) fail(`the character ${describe(text, k)} is not allowed in XML`, {at: k, line, lineStart});
      else if (c <= 0xdbff) {
        const next = text.charCodeAt(k + 1);
        if (next >= 0xdc00 && next <= 0xdfff) k++;
        else fail(`the character ${describe(text, k)} (half of a surrogate pair) is not allowed in XML`, {at: k, line, lineStart});
      } else if (c <= 0xdfff)
        fail(`the character ${describe(text, k)} (half of a surrogate pair) is not allowed in XML`, {at: k, line, lineStart});
      else if (c === 0xfffe || c === 0xffff) fail(`the character ${describe(text, k)} is not allowed in XML`, {at: k, line, lineStart});
    }
    return cr;
  };
  /** Text with its line breaks as XML reads them: CR LF and a lone CR become LF. */
  const newlines = (/** @type {string} */ s) => s.replace(/\r\n?/g, '\n');

  /** Skips white space at i (counting lines); returns whether there was any. */
  const skipSpace = () => {
    const from = i;
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 9) i++;
      else if (c === 10 || c === 13) {
        newLineAt(i);
        i++;
      } else return i > from;
    }
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

  /** Reads the name of an element at i. */
  const readElementName = () => readName('an element name');

  /** Reads the reference at i (text[i] is '&'); returns the character it stands for. */
  const readReference = () => {
    const start = here();
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

  /**
   * Character data from i up to `to` (the next '<' or the end): its characters checked and ']]>' refused; returns its
   * text with references read and line breaks as XML reads them, or null where that is the source text itself.
   */
  const readText = (/** @type {number} */ to) => {
    let out = '';
    let run = i;
    let cr = false;
    let references = false;
    for (let k = i; k < to; k++) {
      const c = text.charCodeAt(k);
      // Most characters: letters, digits, punctuation other than '&' and ']', and everything above up to the surrogates.
      if (c > 0x5d ? c < 0xd800 : c > 0x26 ? c < 0x5d : c >= 0x20 && c < 0x26) continue;
      if (c === 0x26) {
        references = true;
        out += text.slice(run, k);
        i = k;
        out += readReference();
        run = i;
        k = i - 1;
      } else if (c === 0x5d) {
        if (text.charCodeAt(k + 1) === 0x5d && text.charCodeAt(k + 2) === 62)
          fail("the sequence ']]>' is not allowed in text (write '>' as &gt;)", {at: k, line, lineStart});
      } else {
        if (c === 13) cr = true;
        scanChars(k, k + 1 + (c >= 0xd800 && c <= 0xdbff ? 1 : 0));
        if (c >= 0xd800 && c <= 0xdbff) k++;
      }
    }
    i = to;
    if (!references && !cr) return null;
    const data = run === to ? out : out + text.slice(run, to);
    return cr ? newlines(data) : data;
  };

  /** From now on, the open element keeps its text as read (from `at` on, what follows is not a plain run). */
  const keepText = (/** @type {XmlElement} */ element, /** @type {number} */ at) => {
    if (element.decoded === null) element.decoded = runsOf(element, at);
  };

  /**
   * Character data of the open element, read from offset `from` (on line `fromLine`, which starts at `fromLineStart`)
   * up to i: `data` is its text where that is not the source text itself (see readText). Notes where its first
   * non-blank character is.
   */
  const addText = (
    /** @type {string | null} */ data,
    /** @type {number} */ from,
    /** @type {number} */ fromLine,
    /** @type {number} */ fromLineStart,
  ) => {
    const element = stack[stack.length - 1];
    if (data !== null) {
      keepText(element, from);
      element.decoded += data;
    } else if (element.decoded !== null) element.decoded += text.slice(from, i);
    if (element.textLine) return;
    if (data === null) {
      // A plain run: the first character that is not blank (white space as JavaScript's \s has it), on its line.
      let l = fromLine;
      let start = fromLineStart;
      for (let k = from; k < i; k++) {
        const c = text.charCodeAt(k);
        if (c === 10) {
          l++;
          start = k + 1;
        } else if (!isBlank(c)) {
          element.textLine = l;
          element.textColumn = k - start + 1;
          return;
        }
      }
      return;
    }
    const k = data.search(nonBlank);
    if (k !== -1) {
      // Counted in the data: exact unless references come before it, and then still on the right line.
      const before = data.slice(0, k);
      const breaks = before.split('\n').length - 1;
      element.textLine = fromLine + breaks;
      element.textColumn = breaks === 0 ? from - fromLineStart + k + 1 : k - before.lastIndexOf('\n');
    }
  };

  /** The XML declaration, read only at the very start: <?xml version="1.0" encoding="…" standalone="yes|no"?>. */
  const readDeclaration = () => {
    const start = here();
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
      const at = here();
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

  /** A start tag or an empty-element tag at i. */
  const openTag = () => {
    const at = i;
    const atLine = line;
    const atLineStart = lineStart;
    if (root && stack.length === 0)
      fail('a second root element: an XML document has exactly one', {at, line: atLine, lineStart: atLineStart});
    i++;
    const name = readElementName();
    /** @type {string[] | null} name, value, name, value, … */
    let raw = null;
    let empty = false;
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
      if (i >= n) fail(`the tag <${name}> is not closed by '>'`, {at, line: atLine, lineStart: atLineStart});
      if (!spaced) fail(`a space, '>' or '/>' expected in the tag <${name}>, not ${describe(text, i)}`);
      const attributeStart = here();
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
    const parent = stack.length > 0 ? stack[stack.length - 1] : null;
    const inherited = parent ? scopes[scopes.length - 1] : xmlScope;
    /** @type {Record<string, string> | null} */
    let declared = null;
    if (raw) {
      for (let k = 0; k < raw.length; k += 2) {
        const a = raw[k];
        if (a === 'xmlns' || a.startsWith('xmlns:')) (declared ??= {...inherited})[a === 'xmlns' ? '' : a.slice(6)] = raw[k + 1];
      }
    }
    const scope = declared ?? inherited;
    // Names resolve alike in one scope, which most elements share with their parent.
    if (scope !== cachedScope) {
      cachedScope = scope;
      resolvedNames.clear();
    }
    let resolved = resolvedNames.get(name);
    if (!resolved) {
      resolved =
        resolveName(name, scope, false) ??
        fail(`the namespace prefix of the element ${name} is not declared`, {at, line: atLine, lineStart: atLineStart});
      resolvedNames.set(name, resolved);
    }
    /** @type {XmlAttribute[]} */
    let attributes = noAttributes;
    if (raw) {
      attributes = [];
      for (let k = 0; k < raw.length; k += 2) {
        const r = resolveName(raw[k], scope, true);
        if (!r) fail(`the namespace prefix of the attribute ${raw[k]} is not declared`, {at, line: atLine, lineStart: atLineStart});
        attributes.push({name: raw[k], ...r, value: raw[k + 1]});
      }
    }
    const element = new XmlElement(text, name, resolved.local, resolved.uri, attributes, atLine, at - atLineStart + 1, at);
    if (empty) element.end = i;
    else element.contentStart = i;
    elements++;
    if (!parent) root = element;
    else if (parent.children === noChildren) parent.children = [element];
    else parent.children.push(element);
    if (stack.length + 1 > depth) depth = stack.length + 1;
    if (!empty) {
      stack.push(element);
      scopes.push(scope);
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

  /** An end tag at i: it must close the element opened last. */
  const closeTag = () => {
    const start = here();
    i += 2;
    const name = readName('an element name in an end tag');
    skipSpace();
    if (text.charCodeAt(i) !== 62) fail(`'>' expected to end the end tag </${name}>, not ${describe(text, i)}`);
    i++;
    const open = stack[stack.length - 1];
    if (!open) fail(`the end tag </${name}> closes no open element`, start);
    if (open.name !== name)
      fail(`the end tag </${name}> does not match the open element <${open.name}> (line ${open.line}, column ${open.column})`, start);
    open.contentEnd = start.at;
    open.end = i;
    stack.pop();
    scopes.pop();
  };

  /** A comment, a CDATA section, or a document type declaration, which is refused. */
  const markupDeclaration = () => {
    const start = here();
    if (text.startsWith('<!--', i)) {
      const end = text.indexOf('--', i + 4);
      if (end === -1) fail('the comment is not closed by -->', start);
      scanChars(i + 4, end);
      if (text.charCodeAt(end + 2) !== 62) fail("'--' is not allowed inside a comment", {at: end, line, lineStart});
      // The element's text goes on after the comment, which is no part of it.
      if (stack.length > 0) keepText(stack[stack.length - 1], start.at);
      i = end + 3;
    } else if (text.startsWith('<![CDATA[', i)) {
      if (stack.length === 0) fail('a CDATA section outside the root element', start);
      const end = text.indexOf(']]>', i + 9);
      if (end === -1) fail('the CDATA section is not closed by ]]>', start);
      i += 9;
      const from = i;
      const fromLine = line;
      const fromLineStart = lineStart;
      const data = text.slice(i, end);
      keepText(stack[stack.length - 1], start.at);
      addText(scanChars(i, end) ? newlines(data) : data, from, fromLine, fromLineStart);
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
    const start = here();
    i += 2;
    const target = readName('the target of a processing instruction');
    if (target.toLowerCase() === 'xml') fail('the XML declaration (<?xml … ?>) is allowed only at the very start of the text', start);
    const end = text.indexOf('?>', i);
    if (end === -1) fail(`the processing instruction <?${target} is not closed by ?>`, start);
    if (end > i && !isSpace(text.charCodeAt(i))) fail(`a space or ?> expected after <?${target}, not ${describe(text, i)}`);
    scanChars(i, end);
    i = end + 2;
    if (stack.length > 0) keepText(stack[stack.length - 1], start.at);
    if (warnings.length < maxWarnings) {
      warnings.push({
        line: start.line,
        column: start.at - start.lineStart + 1,
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
      if (stack.length > 0) {
        const from = i;
        const fromLine = line;
        const fromLineStart = lineStart;
        addText(readText(to), from, fromLine, fromLineStart);
      } else {
        skipSpace();
        if (i < to) fail(root ? 'text after the end of the root element' : 'text before the root element');
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
  if (stack.length > 0) {
    const open = stack[stack.length - 1];
    fail(`the element <${open.name}> (line ${open.line}, column ${open.column}) is not closed`);
  }
  if (!root) fail('the text has no root element', {at: 0, line: 1, lineStart: 0});
  return {root: /** @type {XmlElement} */ (/** @type {unknown} */ (root)), depth, elements, warnings};
}

/** Whether a text is meant as XML: its first character other than blanks and a byte order mark is "<". */
export function looksLikeXml(/** @type {string} */ text) {
  return /^[\ufeff\s]*</.test(text.slice(0, 1024));
}
