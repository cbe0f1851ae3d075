// The lexical rules of the XML Schema 1.0 datatypes that SETU's XSDs use (XML Schema Part 2, 3.2), and what the
// JSON form of the same field needs where it asks more. An XML message is judged by its XSD: its values by these
// rules, not by the JSON Schema `format`s of the JSON form (`08:00:00` is a valid xs:time, while JSON's
// `format: time` needs an offset). Which datatype a field has comes from its XSD (src/data/published-forms/): see datatypeOf.
import * as ajvFormats from 'ajv-formats/dist/formats.js';

// The formats module is CommonJS: Node puts its exports under `default`, bundlers give them directly.
const fullFormats = ajvFormats.fullFormats ?? /** @type {any} */ (ajvFormats).default?.fullFormats;

/** @typedef {'xs:string' | 'xs:time' | 'xs:date' | 'xs:dateTime' | 'xs:boolean' | 'xs:decimal' | 'xs:integer' | 'xs:anyURI'} XsdType */

/** The datatypes the validator reads; the generator refuses a fact of the XSDs that names another. */
export const xsdTypes = /** @type {XsdType[]} */ ([
  'xs:string',
  'xs:time',
  'xs:date',
  'xs:dateTime',
  'xs:boolean',
  'xs:decimal',
  'xs:integer',
  'xs:anyURI',
]);

/** The datatype of the fields of a JSON `format` in a message type without an XSD. */
const formatTypes = /** @type {Record<string, XsdType>} */ ({time: 'xs:time', date: 'xs:date', 'date-time': 'xs:dateTime'});

/**
 * The key of an element in a message type's `xml.datatypes` and `xml.codes`: its path below the root, without
 * positions (`/Timecard/timeInterval[2]/id/value` -> `timeInterval/id/value`).
 * @param {string} path
 */
export const xsdPathOf = (path) => path.slice(path.indexOf('/', 1) + 1).replace(/\[\d+\]/g, '');

/**
 * The XSD datatype of a leaf. Where the message type has an XSD, it is the datatype the XSD gives the element (the
 * catalog's `xml.datatypes`, read from src/data/published-forms/; an element not named there is xs:string): in
 * Inquiry Pay Equity 1.0 most dates are xs:date, but three, and every time of a time window, are xs:string. A message
 * type without an XSD (Purchase to Pay's TimeInterval, Allowance and Attachment bodies; the planning line bodies)
 * keeps the choice by JSON type and format: booleans, integers and numbers as such, `time`, `date` and `date-time`
 * strings as xs:time, xs:date and xs:dateTime, any other string as xs:string.
 * @param {string} kind 'string', 'number', 'integer' or 'boolean'
 * @param {{format?: string} | null} schema
 * @param {Record<string, string> | null | undefined} datatypes the XSD's datatypes, null without an XSD
 * @param {string} path the element path, e.g. /Timecard/timeInterval[2]/id/value
 * @returns {XsdType}
 */
export function datatypeOf(kind, schema, datatypes, path) {
  if (datatypes) return /** @type {XsdType} */ (datatypes[xsdPathOf(path)] ?? 'xs:string');
  if (kind === 'boolean') return 'xs:boolean';
  if (kind === 'integer') return 'xs:integer';
  if (kind === 'number') return 'xs:decimal';
  const format = schema?.format;
  return format ? (formatTypes[format] ?? 'xs:string') : 'xs:string';
}

/** XML Schema's whiteSpace="collapse": only the four XML whitespace characters count, never e.g. a no-break space. */
export const collapse = (/** @type {string} */ text) =>
  // Most values (dates, numbers, codes) have nothing to collapse: testing is cheaper than replacing.
  needsCollapse(text) ? text.replace(/[ \t\n\r]+/g, ' ').replace(/^ | $/g, '') : text;

/** Whether `text` has a tab, line feed or carriage return, a space at either end or two spaces in a row. */
function needsCollapse(/** @type {string} */ text) {
  // As /[\t\n\r]|^ | $| {2}/.test(text), by character: called once per value of a message, the regular expression
  // cost more (and made garbage) than the loop.
  const n = text.length;
  if (n === 0) return false;
  if (text.charCodeAt(0) === 32 || text.charCodeAt(n - 1) === 32) return true;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 9 || c === 10 || c === 13 || (c === 32 && text.charCodeAt(i + 1) === 32)) return true;
  }
  return false;
}

const zone = String.raw`(?:Z|[+-](?:(?:0\d|1[0-3]):[0-5]\d|14:00))`;
const timePart = String.raw`(\d{2}):(\d{2}):(\d{2})(\.\d+)?`;
// A year has at least four digits, no leading zero beyond four, and may be negative; 0000 is no year in XML Schema 1.0.
const datePart = String.raw`(-?(?:[1-9]\d{3,}|0\d{3}))-(\d{2})-(\d{2})`;
const timeRe = new RegExp(`^${timePart}(${zone})?$`);
const badZone = new RegExp(`^(?:${datePart}T${timePart}|${datePart}|${timePart})[-+Z]`);
const zoneWords = 'the time zone must be Z or ±hh:mm, from -14:00 to +14:00';
const dateRe = new RegExp(`^${datePart}(${zone})?$`);
const dateTimeRe = new RegExp(`^${datePart}T${timePart}(${zone})?$`);

const monthDays = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Days in a month of a year (XML Schema 1.0 years: -0001 is the year before 0001, a leap year like 0000 would be). */
function daysIn(/** @type {number} */ year, /** @type {number} */ month) {
  const y = year < 0 ? year + 1 : year;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  return month === 2 && leap ? 29 : monthDays[month - 1];
}

// The usual forms of dates and times, checked character by character: a message has thousands, and the regular
// expressions' match arrays (with a string per part) were most of the garbage that reading them made. Each returns
// true only for a value that the regular expressions and the value rules below accept too; anything else (a fault,
// a year of five digits, 24:00:00) goes the general way, which words the fault.

/** The two digits at `i` as a number, or -1. */
function twoDigits(/** @type {string} */ text, /** @type {number} */ i) {
  const a = text.charCodeAt(i) - 48;
  const b = text.charCodeAt(i + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

/** Whether text[at…] starts with a valid date YYYY-MM-DD of a four-digit year other than 0000. */
function plainDateAt(/** @type {string} */ text, /** @type {number} */ at) {
  const high = twoDigits(text, at);
  const low = twoDigits(text, at + 2);
  if (high < 0 || low < 0 || text.charCodeAt(at + 4) !== 45 || text.charCodeAt(at + 7) !== 45) return false;
  const year = high * 100 + low;
  const month = twoDigits(text, at + 5);
  const day = twoDigits(text, at + 8);
  return year !== 0 && month >= 1 && month <= 12 && day >= 1 && day <= daysIn(year, month);
}

/** Where a valid time hh:mm:ss (hour below 24), with optional fractional seconds, at text[at…] ends; -1: none. */
function plainTimeEnd(/** @type {string} */ text, /** @type {number} */ at) {
  const h = twoDigits(text, at);
  const m = twoDigits(text, at + 3);
  const s = twoDigits(text, at + 6);
  if (h < 0 || h > 23 || m < 0 || m > 59 || s < 0 || s > 59 || text.charCodeAt(at + 2) !== 58 || text.charCodeAt(at + 5) !== 58) return -1;
  let end = at + 8;
  if (text.charCodeAt(end) === 46) {
    const digits = ++end;
    while (end < text.length && text.charCodeAt(end) >= 48 && text.charCodeAt(end) <= 57) end++;
    if (end === digits) return -1;
  }
  return end;
}

/** Whether text[at…] is nothing, or a valid time zone (Z or ±hh:mm from -14:00 to +14:00) up to the end. */
function zoneOrNothingAt(/** @type {string} */ text, /** @type {number} */ at) {
  const rest = text.length - at;
  if (rest === 0) return true;
  if (rest === 1) return text.charCodeAt(at) === 90;
  const sign = text.charCodeAt(at);
  if (rest !== 6 || (sign !== 43 && sign !== 45) || text.charCodeAt(at + 3) !== 58) return false;
  const h = twoDigits(text, at + 1);
  const m = twoDigits(text, at + 4);
  return (h >= 0 && h <= 13 && m >= 0 && m <= 59) || (h === 14 && m === 0);
}

/** Whether `text` is one of the usual valid forms of `type`: then it has no lexical fault. */
function plainValid(/** @type {XsdType} */ type, /** @type {string} */ text) {
  switch (type) {
    case 'xs:date':
      return plainDateAt(text, 0) && zoneOrNothingAt(text, 10);
    case 'xs:dateTime': {
      if (!plainDateAt(text, 0) || text.charCodeAt(10) !== 84) return false;
      const end = plainTimeEnd(text, 11);
      return end >= 0 && zoneOrNothingAt(text, end);
    }
    case 'xs:time': {
      const end = plainTimeEnd(text, 0);
      return end >= 0 && zoneOrNothingAt(text, end);
    }
    case 'xs:boolean':
      return text === 'true' || text === 'false' || text === '1' || text === '0';
    case 'xs:decimal':
    case 'xs:integer': {
      // [+-]?\d+ for an integer; [+-]?(\d+(\.\d*)?|\.\d+) for a decimal.
      const n = text.length;
      let i = text.charCodeAt(0) === 43 || text.charCodeAt(0) === 45 ? 1 : 0;
      let digits = 0;
      for (; i < n && text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57; i++) digits++;
      if (type === 'xs:decimal' && text.charCodeAt(i) === 46) {
        for (i++; i < n && text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57; i++) digits++;
      }
      return i === n && digits > 0;
    }
    default:
      return false;
  }
}

/** Why a time of day breaks xs:time's value rules, or null: 00–23 hours (24:00:00 only as the end of a day), 00–59 minutes and seconds. */
function timeFault(
  /** @type {string} */ hh,
  /** @type {string} */ mm,
  /** @type {string} */ ss,
  /** @type {string | undefined} */ fraction,
) {
  const [h, m, s] = [Number(hh), Number(mm), Number(ss)];
  if (h > 24) return `the hour is ${hh}, at most 23`;
  if (m > 59) return `the minutes are ${mm}, at most 59`;
  if (s > 59) return `the seconds are ${ss}, at most 59`;
  if (h === 24 && (m > 0 || s > 0 || Number(fraction ?? 0) > 0)) return 'the hour 24 is allowed only as 24:00:00, the end of a day';
  return null;
}

/** Why a date breaks xs:date's value rules, or null. */
function dateFault(/** @type {string} */ yyyy, /** @type {string} */ mo, /** @type {string} */ dd) {
  const [y, m, d] = [Number(yyyy), Number(mo), Number(dd)];
  if (y === 0) return 'the year 0000 does not exist in XML Schema 1.0';
  if (m < 1 || m > 12) return `the month is ${mo}, from 01 to 12`;
  const days = daysIn(y, m);
  if (d < 1 || d > days) return `day ${dd} does not exist in ${yyyy}-${mo}, which has ${days} days`;
  return null;
}

/** What a datatype's lexical form is, in words, with examples of the valid form. */
export const datatypeWords = /** @type {Record<XsdType, string>} */ ({
  'xs:string': 'text',
  'xs:time':
    'a time hh:mm:ss, with optional fractional seconds and an optional time zone (Z or ±hh:mm), for example 08:00:00 or 17:30:00+01:00',
  'xs:date': 'a date YYYY-MM-DD with an optional time zone, for example 2025-03-31 or 2025-03-31Z',
  'xs:dateTime':
    'a date and time YYYY-MM-DDThh:mm:ss, with optional fractional seconds and an optional time zone, for example 2025-03-31T08:00:00 or 2025-03-31T08:00:00+02:00',
  'xs:boolean': 'true, false, 1 or 0',
  'xs:decimal': 'a decimal number: an optional sign, digits and an optional fraction, no exponent, for example 12, -0.5 or 37.25',
  'xs:integer': 'a whole number: an optional sign and digits, for example 3 or -12',
  'xs:anyURI': 'a URI reference',
});

/**
 * Why `text` (already whitespace-collapsed, except for xs:string) is not in the lexical space of `type`, or null when it is.
 * @param {XsdType} type
 * @param {string} text
 * @returns {string | null} the fault in words, without the value itself
 */
export function lexicalFault(type, text) {
  if (plainValid(type, text)) return null;
  switch (type) {
    case 'xs:time': {
      const m = timeRe.exec(text);
      if (!m) return /^\d{2}:\d{2}:\d{2}(\.\d+)?[-+Z]/.test(text) ? zoneWords : 'it does not have the form hh:mm:ss';
      return timeFault(m[1], m[2], m[3], m[4]);
    }
    case 'xs:date': {
      const m = dateRe.exec(text);
      if (!m) return badZone.test(text) && !text.includes('T') ? zoneWords : 'it does not have the form YYYY-MM-DD';
      return dateFault(m[1], m[2], m[3]);
    }
    case 'xs:dateTime': {
      const m = dateTimeRe.exec(text);
      if (!m) return badZone.test(text) && text.includes('T') ? zoneWords : 'it does not have the form YYYY-MM-DDThh:mm:ss';
      return dateFault(m[1], m[2], m[3]) ?? timeFault(m[4], m[5], m[6], m[7]);
    }
    case 'xs:boolean':
      return /^(true|false|1|0)$/.test(text) ? null : 'only true, false, 1 and 0 are booleans';
    case 'xs:decimal':
      if (/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(text)) return null;
      return /^[+-]?(\d+(\.\d*)?|\.\d+)[eE][+-]?\d+$/.test(text) ? 'a decimal has no exponent' : 'it is not a decimal number';
    case 'xs:integer':
      return /^[+-]?\d+$/.test(text) ? null : 'it is not a whole number';
    // xs:anyURI: the XSDs give it only to fields with a code list (Inquiry Pay Equity 1.0's weekdays), whose codes decide.
    default:
      return null;
  }
}

/**
 * The JSON value of a valid lexical form: a boolean or number for those types, else the text itself.
 * @param {XsdType} type
 * @param {string} text
 */
export function jsonValueOf(type, text) {
  if (type === 'xs:boolean') return text === 'true' || text === '1';
  if (type === 'xs:decimal' || type === 'xs:integer') return Number(text);
  return text;
}

/** Whether a value meets a JSON Schema format as the JSON form judges it (ajv-formats, as the generated validators). */
function meetsJsonFormat(/** @type {string} */ format, /** @type {string} */ value) {
  const rule = /** @type {Record<string, unknown>} */ (fullFormats)[format];
  if (rule instanceof RegExp) return rule.test(value);
  if (typeof rule === 'function') return Boolean(rule(value));
  if (rule && typeof rule === 'object' && 'validate' in rule) {
    const validate = /** @type {{validate: RegExp | ((v: string) => boolean)}} */ (rule).validate;
    return validate instanceof RegExp ? validate.test(value) : Boolean(validate(value));
  }
  return true;
}

/**
 * @typedef {object} JsonNeed
 * @property {string} kind what is missing or too much, the same for every value of its kind (notes are grouped by it)
 * @property {string} words what the JSON form needs, in words
 * @property {string | null} example the value in the JSON form, where it follows from the XML value alone
 */

/**
 * What the JSON form of a field needs where an XML value that is valid for the XSD does not meet the field's JSON `format`; null where it does.
 * @param {XsdType} type
 * @param {string} format the JSON Schema format of the field
 * @param {string} value the XML value (collapsed for types other than xs:string)
 * @returns {JsonNeed | null}
 */
export function jsonNeedOf(type, format, value) {
  if (meetsJsonFormat(format, value)) return null;
  const zoned = new RegExp(`${zone}$`).test(value);
  if ((type === 'xs:time' || type === 'xs:dateTime') && !zoned && meetsJsonFormat(format, `${value}Z`)) {
    return {
      kind: 'offset',
      words: 'a UTC offset (optional in XML Schema, required by RFC 3339): Z for UTC, or ±hh:mm as the time is meant',
      example: `${value}Z`,
    };
  }
  if (type === 'xs:date' && zoned) {
    const bare = value.replace(new RegExp(`${zone}$`), '');
    if (meetsJsonFormat(format, bare))
      return {kind: 'zone', words: 'no time zone: a JSON date (RFC 3339 full-date) has none', example: bare};
  }
  return {kind: `format ${format}`, words: `a value of the JSON Schema format \`${format}\``, example: null};
}
