// A small JSON scanner that knows where it is: it parses exactly the JSON of RFC 8259 (as
// JSON.parse does) but reports syntax errors by line and column in words an implementer
// understands, and finds the line of any JSON pointer in the text.
//
// It is iterative (an explicit stack instead of recursion), so 10,000 or 1,000,000 levels of
// nesting cannot overflow the call stack, and it builds objects as JSON.parse does: a key
// "__proto__" becomes an own property, never the prototype, so no input can pollute Object.prototype.

/** @typedef {{line: number, column: number, offset: number}} Position */
/** @typedef {{message: string, line: number, column: number}} ScanWarning */

export class JsonSyntaxError extends Error {
  /**
   * @param {string} message
   * @param {number} line 1-based
   * @param {number} column 1-based, in UTF-16 code units as a textarea counts them
   * @param {number} offset 0-based index in the text
   */
  constructor(message, line, column, offset) {
    super(message);
    this.name = 'JsonSyntaxError';
    this.line = line;
    this.column = column;
    this.offset = offset;
  }
}

const hasOwn = Object.prototype.hasOwnProperty;
const maxWarnings = 50;

/**
 * A character for a message: 'x', or its code point when it is invisible.
 * @param {string} text
 * @param {number} i
 */
function describeChar(text, i) {
  if (i >= text.length) return 'the end of the text';
  const code = text.codePointAt(i) ?? 0;
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  if (code === 0) return `a NUL character (${hex})`;
  if (code === 0xfffd) return `the replacement character ${hex} (the text was not valid UTF-8)`;
  if (code === 0xfeff) return `a byte order mark (${hex})`;
  if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return `the control character ${hex}`;
  if (code === 0xa0 || (code >= 0x2000 && code <= 0x200f) || code === 0x2028 || code === 0x2029 || code === 0x3000)
    return `an invisible space (${hex})`;
  const ch = String.fromCodePoint(code);
  return code < 0x7f ? `'${ch}'` : `'${ch}' (${hex})`;
}

// The engine's own JSON Pointer code, not json-pointer (src/spec-refs.mjs, the build's): it runs in a web worker, small and without recursion.

/**
 * A name as one reference token of a JSON Pointer (RFC 6901): `~` -> `~0`, `/` -> `~1`.
 * @param {string | number} name
 */
export const escapeToken = (name) => String(name).replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * A reference token of a JSON Pointer as the name it stands for: `~1` -> `/`, `~0` -> `~`.
 * @param {string} token
 */
export const unescapeToken = (token) => token.replace(/~1/g, '/').replace(/~0/g, '~');

/**
 * "/a/b~1c/0" -> ["a", "b/c", "0"]; "" -> [].
 * @param {string} pointer
 * @returns {string[]}
 */
export function pointerSegments(pointer) {
  if (pointer === '') return [];
  return pointer.slice(1).split('/').map(unescapeToken);
}

/**
 * ["a", "b/c", 0] -> "/a/b~1c/0".
 * @param {(string | number)[]} segments
 */
export function toPointer(segments) {
  return segments.map((s) => `/${escapeToken(s)}`).join('');
}

// Parser states: what may come next.
const VALUE = 0; // any value
const FIRST_ITEM = 1; // a value or ']' (just after '[')
const FIRST_KEY = 2; // a key or '}' (just after '{')
const KEY = 3; // a key (after ',' in an object)
const AFTER = 4; // ',' or the closing bracket of the current container, or the end of the text

/**
 * @typedef {object} Frame
 * @property {boolean} isArray
 * @property {any} value the object or array being built (when building)
 * @property {string} key the pending key (objects)
 * @property {number} index the number of elements so far (arrays)
 * @property {TrieNode | null} node the pointer-trie node of this container (when locating)
 * @property {number} line where it opened
 * @property {number} column
 */
/** @typedef {{children: Map<string, TrieNode>, pointer: string | null}} TrieNode */

/**
 * The one scanning loop behind parseJson() and locatePointers().
 * @param {string} text
 * @param {boolean} build build the value (else only check the syntax)
 * @param {TrieNode | null} trie pointers to locate
 */
function scan(text, build, trie) {
  const n = text.length;
  let i = 0;
  let line = 1;
  let lineStart = 0;
  /** @type {Frame[]} */
  const stack = [];
  let state = VALUE;
  /** @type {any} */
  let root;
  let depth = 0;
  /** @type {ScanWarning[]} */
  const warnings = [];
  /** @type {Map<string, Position> | null} */
  const found = trie ? new Map() : null;
  // The trie node of the value about to be read, and whether it has been recorded (members are recorded at their key).
  /** @type {TrieNode | null} */
  let pending = trie;
  let pendingRecorded = false;

  const fail = (/** @type {string} */ message, at = i) => {
    throw new JsonSyntaxError(message, line, at - lineStart + 1, at);
  };
  const warn = (/** @type {string} */ message, at = i) => {
    if (warnings.length < maxWarnings) warnings.push({message, line, column: at - lineStart + 1});
  };
  const record = (/** @type {TrieNode | null} */ node, at = i) => {
    if (node && node.pointer !== null && found) found.set(node.pointer, {line, column: at - lineStart + 1, offset: at});
  };

  if (text.charCodeAt(0) === 0xfeff) {
    i = 1;
    warn('The text starts with a byte order mark (U+FEFF); it was ignored, but some receivers reject it.', 0);
  }

  /** Reads the string at i (text[i] is '"'); returns its value when `decode`, else ''. */
  const readString = (/** @type {boolean} */ decode) => {
    const start = i;
    i++;
    let out = '';
    let run = i;
    for (;;) {
      if (i >= n) fail('Unterminated string: the closing double quote (") is missing.', start);
      const c = text.charCodeAt(i);
      if (c === 34) {
        if (decode) out += text.slice(run, i);
        i++;
        return out;
      }
      if (c === 92) {
        if (decode) out += text.slice(run, i);
        const e = text.charCodeAt(i + 1);
        let ch = '';
        if (e === 34) ch = '"';
        else if (e === 92) ch = '\\';
        else if (e === 47) ch = '/';
        else if (e === 98) ch = '\b';
        else if (e === 102) ch = '\f';
        else if (e === 110) ch = '\n';
        else if (e === 114) ch = '\r';
        else if (e === 116) ch = '\t';
        else if (e === 117) {
          const hex = text.slice(i + 2, i + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail('Invalid \\u escape: it needs exactly four hexadecimal digits, as in \\u00e9.');
          ch = String.fromCharCode(parseInt(hex, 16));
          i += 4;
        } else if (i + 1 >= n) fail('Unterminated string: the closing double quote (") is missing.', start);
        else fail(`Invalid escape sequence \\${text[i + 1]} in a string: JSON allows \\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX.`);
        if (decode) out += ch;
        i += 2;
        run = i;
        continue;
      }
      if (c < 0x20) {
        if (c === 10 || c === 13)
          fail(
            'Unterminated string: a string cannot continue on the next line (the closing quote is missing, or write the line break as \\n).',
          );
        fail(`${describeChar(text, i)} inside a string must be escaped (for example as \\u${c.toString(16).padStart(4, '0')}).`);
      }
      i++;
    }
  };

  /** Reads the number at i; returns its value when `decode`. */
  const readNumber = (/** @type {boolean} */ decode) => {
    const start = i;
    if (text.charCodeAt(i) === 45) i++;
    const digit = (/** @type {number} */ c) => c >= 48 && c <= 57;
    if (!digit(text.charCodeAt(i))) fail(`Invalid number: a digit must follow '-', found ${describeChar(text, i)}.`);
    if (text.charCodeAt(i) === 48) {
      i++;
      if (digit(text.charCodeAt(i)))
        fail('Invalid number: leading zeros are not allowed (write 7, not 07; identifiers with leading zeros are strings: "07").', start);
    } else while (digit(text.charCodeAt(i))) i++;
    if (text.charCodeAt(i) === 46) {
      i++;
      if (!digit(text.charCodeAt(i))) fail(`Invalid number: a digit must follow the decimal point, found ${describeChar(text, i)}.`);
      while (digit(text.charCodeAt(i))) i++;
    }
    const e = text.charCodeAt(i);
    if (e === 101 || e === 69) {
      i++;
      const s = text.charCodeAt(i);
      if (s === 43 || s === 45) i++;
      if (!digit(text.charCodeAt(i))) fail(`Invalid number: the exponent needs digits, found ${describeChar(text, i)}.`);
      while (digit(text.charCodeAt(i))) i++;
    }
    return decode ? Number(text.slice(start, i)) : 0;
  };

  /** Explains what stands at i where a value was expected. */
  const badValue = () => {
    const c = text[i];
    if (i >= n) fail(stack.length ? unclosed() : 'Unexpected end of the text: a value is missing.');
    if (c === "'") fail('Strings must be in double quotes ("), not single quotes (\').');
    if (c === '/') fail('Comments are not allowed in JSON.');
    if (c === ']' || c === '}')
      fail(`Expected a value, found '${c}'${state === VALUE && stack.length ? ': remove the trailing comma before it.' : '.'}`);
    if (c === ',') fail("Expected a value, found ',': a value is missing (two commas in a row?).");
    const word = /^[A-Za-z_$][\w$]*/.exec(text.slice(i, i + 40));
    if (word) {
      if (['NaN', 'Infinity', 'undefined'].includes(word[0])) fail(`${word[0]} is not a JSON value (use null, or a number or string).`);
      if (['True', 'False', 'TRUE', 'FALSE', 'Null', 'NULL', 'None', 'nil'].includes(word[0]))
        fail(`${word[0]} is not a JSON value: JSON writes true, false and null in lower case.`);
      fail(`Unexpected word '${word[0]}': text values must be in double quotes.`);
    }
    fail(`Expected a value (an object, list, string, number, true, false or null), found ${describeChar(text, i)}.`);
  };

  const unclosed = () => {
    const top = stack[stack.length - 1];
    const what = top.isArray ? "the list '[' " : "the object '{' ";
    return `Unexpected end of the text: ${what}opened at line ${top.line}, column ${top.column} is not closed (${top.isArray ? "']'" : "'}'"} missing).`;
  };

  /** Stores a finished value in its container (or as the root). */
  const emit = (/** @type {any} */ value) => {
    const top = stack[stack.length - 1];
    if (!top) root = value;
    else if (top.isArray) {
      if (build) top.value.push(value);
      top.index++;
    } else if (build) {
      const obj = top.value;
      const key = top.key;
      if (hasOwn.call(obj, key)) warn(`Duplicate property "${key}": only its last value counts, and receivers may reject the message.`);
      // As JSON.parse: "__proto__" is an ordinary own property, not the prototype.
      if (key === '__proto__') Object.defineProperty(obj, key, {value, writable: true, enumerable: true, configurable: true});
      else obj[key] = value;
    }
    state = AFTER;
  };

  for (;;) {
    // Skip whitespace; lines are counted here only, since strings cannot contain raw line breaks.
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 9 || c === 13) i++;
      else if (c === 10) {
        i++;
        line++;
        lineStart = i;
      } else break;
    }
    const c = i < n ? text.charCodeAt(i) : -1;

    if (state === AFTER) {
      const top = stack[stack.length - 1];
      if (!top) {
        if (i < n)
          fail(
            `Unexpected ${describeChar(text, i)} after the end of the JSON value: only one message can be checked at a time, and nothing may follow it.`,
          );
        break;
      }
      if (c === 44) {
        i++;
        state = top.isArray ? VALUE : KEY;
        if (top.isArray) {
          pending = top.node ? (top.node.children.get(String(top.index)) ?? null) : null;
          pendingRecorded = false;
        }
        continue;
      }
      if (c === (top.isArray ? 93 : 125)) {
        i++;
        stack.pop();
        emit(top.value);
        continue;
      }
      if (c === -1) fail(unclosed());
      if (!top.isArray && c === 93)
        fail(
          `Expected ',' or '}' after the property value, found ']': the object opened at line ${top.line} is closed with the wrong bracket.`,
        );
      if (top.isArray && c === 125)
        fail(`Expected ',' or ']' after the list item, found '}': the list opened at line ${top.line} is closed with the wrong bracket.`);
      if (c === 34 || c === 123 || c === 91 || (c >= 48 && c <= 57) || c === 45 || c === 116 || c === 102 || c === 110) {
        fail(
          `Expected ',' or '${top.isArray ? ']' : '}'}' after the ${top.isArray ? 'list item' : 'property value'}, found ${describeChar(text, i)}: is a comma missing?`,
        );
      }
      fail(
        `Expected ',' or '${top.isArray ? ']' : '}'}' after the ${top.isArray ? 'list item' : 'property value'}, found ${describeChar(text, i)}.`,
      );
    }

    if (state === FIRST_KEY || state === KEY) {
      const top = stack[stack.length - 1];
      if (c === 125 && state === FIRST_KEY) {
        i++;
        stack.pop();
        emit(top.value);
        continue;
      }
      if (c !== 34) {
        if (c === 125) fail("Trailing comma: remove the ',' before '}'.");
        if (c === -1) fail(unclosed());
        if (c === 39) fail('Property names must be in double quotes ("), not single quotes (\').');
        if (c === 47) fail('Comments are not allowed in JSON.');
        if (/[A-Za-z_$]/.test(text[i])) fail('Property names must be in double quotes, as in "name": value.');
        fail(`Expected a property name in double quotes, found ${describeChar(text, i)}.`);
      }
      const keyAt = i;
      const key = readString(true);
      top.key = key;
      pending = top.node ? (top.node.children.get(key) ?? null) : null;
      record(pending, keyAt);
      pendingRecorded = true;
      while (i < n) {
        const w = text.charCodeAt(i);
        if (w === 32 || w === 9 || w === 13) i++;
        else if (w === 10) {
          i++;
          line++;
          lineStart = i;
        } else break;
      }
      if (text.charCodeAt(i) !== 58)
        fail(`Expected ':' after the property name "${key.length > 40 ? `${key.slice(0, 40)}…` : key}", found ${describeChar(text, i)}.`);
      i++;
      state = VALUE;
      continue;
    }

    // state VALUE or FIRST_ITEM
    if (c === 93 && state === FIRST_ITEM) {
      i++;
      const top = /** @type {Frame} */ (stack.pop());
      emit(top.value);
      continue;
    }
    if (!pendingRecorded) record(pending);
    pendingRecorded = false;
    if (c === 123 || c === 91) {
      const isArray = c === 91;
      stack.push({isArray, value: build ? (isArray ? [] : {}) : null, key: '', index: 0, node: pending, line, column: i - lineStart + 1});
      if (stack.length > depth) depth = stack.length;
      i++;
      state = isArray ? FIRST_ITEM : FIRST_KEY;
      if (isArray) {
        pending = pending ? (pending.children.get('0') ?? null) : null;
        pendingRecorded = false;
      }
      continue;
    }
    if (c === 34) emit(readString(build));
    else if (c === 45 || (c >= 48 && c <= 57)) emit(readNumber(build));
    else if (c === 116 && text.startsWith('true', i)) {
      i += 4;
      emit(true);
    } else if (c === 102 && text.startsWith('false', i)) {
      i += 5;
      emit(false);
    } else if (c === 110 && text.startsWith('null', i)) {
      i += 4;
      emit(null);
    } else badValue();
    // A literal or number glued to letters ("truex", "12abc") is caught by the AFTER state.
  }
  return {value: root, warnings, depth, found};
}

/**
 * Parses JSON text.
 * @param {string} text
 * @returns {{value: unknown, warnings: ScanWarning[], depth: number}}
 * @throws {JsonSyntaxError} with the line and column of the first error
 */
export function parseJson(text) {
  const {value, warnings, depth} = scan(text, true, null);
  return {value, warnings, depth};
}

/**
 * Where each JSON pointer is in the text: the position of its property name for an object member,
 * of its value for a list item or the root. Pointers not in the text are left out. The text must
 * be valid JSON (parse it first).
 * @param {string} text
 * @param {Iterable<string>} pointers
 * @returns {Map<string, Position>}
 */
export function locatePointers(text, pointers) {
  /** @type {TrieNode} */
  const trie = {children: new Map(), pointer: null};
  for (const pointer of pointers) {
    let node = trie;
    for (const segment of pointerSegments(pointer)) {
      let child = node.children.get(segment);
      if (!child) node.children.set(segment, (child = {children: new Map(), pointer: null}));
      node = child;
    }
    node.pointer = pointer;
  }
  return /** @type {Map<string, Position>} */ (scan(text, false, trie).found);
}
