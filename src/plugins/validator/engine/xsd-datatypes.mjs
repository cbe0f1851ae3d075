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
  /[\t\n\r]|^ | $| {2}/.test(text) ? text.replace(/[ \t\n\r]+/g, ' ').replace(/^ | $/g, '') : text;

const zone = String.raw`(?:Z|[+-](?:(?:0\d|1[0-3]):[0-5]\d|14:00))`;
const timePart = String.raw`(\d{2}):(\d{2}):(\d{2})(\.\d+)?`;
// A year has at least four digits, no leading zero beyond four, and may be negative; 0000 is no year in XML Schema 1.0.
const datePart = String.raw`(-?(?:[1-9]\d{3,}|0\d{3}))-(\d{2})-(\d{2})`;
const timeRe = new RegExp(`^${timePart}(${zone})?$`);
const badZone = new RegExp(`^(?:${datePart}T${timePart}|${datePart}|${timePart})[-+Z]`);
const zoneWords = 'the time zone must be Z or ±hh:mm, from -14:00 to +14:00';
const dateRe = new RegExp(`^${datePart}(${zone})?$`);
const dateTimeRe = new RegExp(`^${datePart}T${timePart}(${zone})?$`);

/** Days in a month of a year (XML Schema 1.0 years: -0001 is the year before 0001, a leap year like 0000 would be). */
function daysIn(/** @type {number} */ year, /** @type {number} */ month) {
  const y = year < 0 ? year + 1 : year;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
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
