// The validator's XML parser as it was until it got a scanner of its own (src/plugins/validator/engine/xml-parser.mjs), on saxes, a
// strict XML 1.0 parser: kept as the reference that tests/unit/validator/xml-parser.test.mjs holds the scanner to.
//
// saxes does the XML 1.0 well-formedness checks (a streaming state machine: no recursion, so deep
// nesting cannot overflow the stack) and never processes a DTD. On top of it this module refuses
// what a SETU message never needs and an attacker would: a document type declaration (and with it
// every entity declaration, internal or external) is rejected as soon as it is read, and an entity
// reference other than the five predefined ones or a character reference is a syntax error. The tree
// is built with an explicit stack.
import {SaxesParser} from 'saxes';

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
 * @typedef {object} XmlElement
 * @property {string} name qualified name as written, e.g. "setu:Timecard"
 * @property {string} local local name, e.g. "Timecard"
 * @property {string} uri namespace, '' for none
 * @property {XmlAttribute[]} attributes
 * @property {XmlElement[]} children
 * @property {string} text the element's own character data (CDATA included), children's excluded
 * @property {{line: number, column: number} | null} textAt where its first non-blank character data is
 * @property {number} line of the start tag's "<", 1-based
 * @property {number} column of the start tag's "<", 1-based, in UTF-16 code units as a textarea counts them
 */

class XmlSyntaxError extends Error {
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

/** saxes' messages ("1:8: undefined entity.") in words for implementers. */
function explain(/** @type {string} */ raw) {
  const message = raw.replace(/^[^:]*?\d+:\d+: /, '').replace(/\.$/, '');
  if (message === 'undefined entity') {
    return 'an entity reference other than &amp;, &lt;, &gt;, &quot;, &apos; or a character reference (such as &#233;); a SETU message declares no entities';
  }
  if (message === 'document must contain a root element') return 'the text has no root element';
  return message;
}

/**
 * Parses `text` as an XML document.
 * @param {string} text
 * @returns {{root: XmlElement, depth: number, elements: number, warnings: ScanWarning[]}}
 * @throws {XmlSyntaxError} when the text is not well-formed XML or declares a document type
 */
export function parseXml(text) {
  const parser = new SaxesParser({xmlns: false, position: true});
  /** The namespace bindings in force, one entry per open element. */
  /** @type {Record<string, string>[]} */
  const scopes = [];
  /** @type {XmlElement[]} */
  const stack = [];
  /** @type {XmlElement | null} */
  let root = null;
  let depth = 0;
  let elements = 0;
  /** @type {ScanWarning[]} */
  const warnings = [];
  let start = {line: 1, column: 1};

  const here = () => ({line: parser.line, column: parser.columnIndex});
  // Where the markup read last ends: character data starts there (saxes reports text only once it is complete).
  let mark = {line: 1, index: 0};
  const setMark = () => {
    mark = {line: parser.line, index: parser.columnIndex};
  };
  /** Where the first non-blank character of `data`, starting at the mark, is. */
  const textStart = (/** @type {string} */ data) => {
    const k = data.search(/\S/);
    const before = data.slice(0, k);
    const breaks = before.split('\n').length - 1;
    return breaks === 0 ? {line: mark.line, column: mark.index + k + 1} : {line: mark.line + breaks, column: k - before.lastIndexOf('\n')};
  };
  const fail = (/** @type {string} */ message, at = here()) => {
    throw new XmlSyntaxError(message, at.line, Math.max(1, at.column));
  };

  parser.on('doctype', () =>
    fail(
      'a document type declaration (<!DOCTYPE …>) is not allowed: a SETU message has none, and the validator processes no DTD, entity declarations or external entities',
    ),
  );
  parser.on('processinginstruction', (pi) => {
    if (warnings.length < maxWarnings) {
      warnings.push({...here(), message: `The processing instruction <?${pi.target} …?> means nothing in a SETU message and was ignored.`});
    }
    setMark();
  });
  parser.on('opentagstart', (tag) => {
    // saxes has read the name and the character after it: the "<" is that many characters back (columns are 1-based).
    start = {line: parser.line, column: parser.columnIndex - tag.name.length - 1};
  });
  parser.on('opentag', (tag) => {
    const parent = stack.at(-1);
    // Namespaces are resolved here, not by saxes: its lookup walks up all open elements for every element, which
    // takes seconds at 10,000 levels. A scope is shared with the parent unless the element declares a prefix.
    const inherited = parent ? scopes[scopes.length - 1] : xmlScope;
    /** @type {Record<string, string> | null} */
    let declared = null;
    const names = Object.keys(tag.attributes);
    for (const name of names) {
      if (name === 'xmlns' || name.startsWith('xmlns:'))
        (declared ??= {...inherited})[name === 'xmlns' ? '' : name.slice(6)] = String(tag.attributes[name]);
    }
    const scope = declared ?? inherited;
    const name = resolveName(tag.name, scope, false);
    if (!name) fail(`the namespace prefix of the element ${tag.name} is not declared`, start);
    /** @type {XmlAttribute[]} */
    const attributes = [];
    for (const qualified of names) {
      const resolved = resolveName(qualified, scope, true);
      if (!resolved) fail(`the namespace prefix of the attribute ${qualified} is not declared`, start);
      else attributes.push({name: qualified, ...resolved, value: String(tag.attributes[qualified])});
    }
    /** @type {XmlElement} */
    const element = {
      name: tag.name,
      local: name ? name.local : tag.name,
      uri: name ? name.uri : '',
      attributes,
      children: [],
      text: '',
      textAt: null,
      line: start.line,
      column: start.column,
    };
    scopes.push(scope);
    elements++;
    if (parent) parent.children.push(element);
    else root = element;
    stack.push(element);
    if (stack.length > depth) depth = stack.length;
    setMark();
  });
  const onText = (/** @type {string} */ data) => {
    const element = stack.at(-1);
    if (!element) return; // blanks around the root (anything else is a saxes error)
    if (!element.textAt && /\S/.test(data)) element.textAt = textStart(data);
    element.text += data;
  };
  parser.on('text', onText);
  parser.on('cdata', (data) => {
    onText(data);
    setMark();
  });
  parser.on('closetag', () => {
    stack.pop();
    scopes.pop();
    setMark();
  });
  parser.on('comment', setMark);

  try {
    parser.write(text).close();
  } catch (error) {
    if (error instanceof XmlSyntaxError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    const at = /(\d+):(\d+): /.exec(message);
    throw new XmlSyntaxError(explain(message), at ? Number(at[1]) : parser.line, at ? Math.max(1, Number(at[2])) : parser.columnIndex);
  }
  if (!root) throw new XmlSyntaxError('the text has no root element', 1, 1);
  return {root, depth, elements, warnings};
}
