// The success answer of an operation: the status it declares, its headers (Location, Content-Location, Date, and what
// the validator found in the request's body: findings.mjs), and its
// body where it declares one, in the form the client's Accept header prefers: JSON, or SETU's XML form written by the
// validator's own writer.
import {Refusal, code, jsonType, listWords, xmlType} from './refusals.mjs';
import {messageTypeOf} from './body.mjs';
import {findingHeaders} from './findings.mjs';
import {toXml, xmlFormOf} from './xml-form.mjs';

/** @typedef {import('./operations.mjs').SandboxApi} SandboxApi */
/** @typedef {import('./operations.mjs').SandboxOperation} SandboxOperation */
/** @typedef {import('./operations.mjs').SandboxResponse} SandboxResponse */
/** @typedef {import('./store.mjs').StoredResource} StoredResource */
/** @typedef {import('./handler.mjs').Context} Context */

/**
 * The success answer: the status the operation declares, its headers, and its body where it declares one, in the
 * form the client accepts.
 * @param {Context} c
 * @param {SandboxResponse} response
 * @param {{resource?: StoredResource, line?: unknown, list?: unknown[], path: string, accept: string | null}} what
 */
export function success(c, response, what) {
  const {api} = c;
  const location = `${c.base}${api.id}${what.path}`;
  /** @type {Record<string, string>} */
  const headers = findingHeaders(c.findings);
  for (const header of response.headers) {
    const name = header.toLowerCase();
    if (name === 'location') headers.Location = location;
    else if (name === 'content-location') headers['Content-Location'] = new URL(location, c.url).href;
    else if (name === 'date') headers.Date = c.now().toUTCString();
  }
  const body = response.body;
  if (!body) return new Response(null, {status: response.status, headers});

  /** @type {{json: (() => string) | null, xml: (() => string | null) | null}} */
  let forms = {json: null, xml: null};
  if (body.link) {
    const value = {[body.link]: new URL(location, c.url).href};
    const schema = /** @type {string} */ (body.schema);
    forms = {json: () => JSON.stringify(value, null, 2), xml: () => toXml(api, schema, value)};
  } else if (body.list) {
    const {schema, xmlName} = body.list;
    const list = what.list ?? [];
    forms = {json: () => JSON.stringify(list, null, 2), xml: xmlName ? () => listToXml(api, schema, xmlName, list) : null};
  } else if (what.line !== undefined) {
    const schema = /** @type {string} */ (body.schema);
    forms = {json: () => JSON.stringify(what.line, null, 2), xml: () => toXml(api, schema, what.line)};
  } else if (what.resource) {
    const resource = what.resource;
    if (resource.message === null) forms = {json: null, xml: () => resource.text};
    else if (resource.text === null && messageTypeOf(api, resource.schema))
      forms = {json: () => JSON.stringify(resource.message, null, 2), xml: () => toXml(api, resource.schema, resource.message)};
    else forms = {json: () => JSON.stringify(resource.message, null, 2), xml: null};
  }
  /** @type {Record<'json' | 'xml', string | null>} */
  const made = {json: null, xml: null};
  /** @type {('json' | 'xml')[]} */
  const available = [];
  if (forms.json && body.mediaTypes.includes(jsonType)) {
    made.json = forms.json();
    available.push('json');
  }
  if (forms.xml && body.mediaTypes.includes(xmlType)) {
    made.xml = forms.xml();
    if (made.xml !== null) available.push('xml');
  }
  const chosen = negotiate(what.accept, available);
  if (!chosen) {
    throw new Refusal(
      406,
      'NOT_ACCEPTABLE',
      `${code(`Accept: ${what.accept}`)} names no form this answer has: ${available.length ? listWords(available.map((f) => code(f === 'json' ? jsonType : xmlType))) : 'none'}.`,
    );
  }
  headers['Content-Type'] = `${chosen === 'json' ? jsonType : xmlType}; charset=utf-8`;
  return new Response(made[chosen], {status: response.status, headers});
}

/** The success response of an operation with the status wanted, else the nearest it declares (its first). */
export function pick(/** @type {SandboxOperation} */ op, /** @type {number} */ wanted) {
  return op.responses.find((r) => r.status === wanted) ?? op.responses[0];
}

/** A list of messages in XML: the wrapper element the spec names, holding each message's root element. */
function listToXml(
  /** @type {SandboxApi} */ api,
  /** @type {string} */ schema,
  /** @type {string} */ wrapper,
  /** @type {unknown[]} */ items,
) {
  const form = xmlFormOf(api, schema, items[0]);
  if (!form) return null;
  const parts = [];
  for (const item of items) {
    const xml = toXml(api, schema, item);
    if (xml === null) return null;
    // Each item without its XML declaration and its namespace declaration, which the wrapper makes the default.
    const lines = xml.trimEnd().split('\n').slice(1);
    lines[0] = lines[0].replace(` xmlns="${form.namespace}"`, '');
    parts.push(...lines.map((line) => `  ${line}`));
  }
  const open = `<${wrapper} xmlns="${form.namespace}"`;
  return items.length === 0
    ? `<?xml version="1.0" encoding="UTF-8"?>\n${open}/>\n`
    : `<?xml version="1.0" encoding="UTF-8"?>\n${open}>\n${parts.join('\n')}\n</${wrapper}>\n`;
}

/**
 * The form an answer takes: the one the client's Accept header prefers among those available (JSON first on a tie, as
 * without Accept), or null when it accepts none of them.
 * @param {string | null} accept
 * @param {('json' | 'xml')[]} available
 * @returns {'json' | 'xml' | null}
 */
export function negotiate(accept, available) {
  if (available.length === 0) return null;
  if (!accept || !accept.trim()) return available[0];
  const ranges = accept.split(',').map((part) => {
    const [range, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    return {range: range.trim(), q: q === undefined ? 1 : Number(q)};
  });
  const mediaType = {json: jsonType, xml: xmlType};
  let best = /** @type {'json' | 'xml' | null} */ (null);
  let bestQ = 0;
  for (const form of available) {
    const type = mediaType[form];
    const q = Math.max(0, ...ranges.filter((r) => r.range === type || r.range === 'application/*' || r.range === '*/*').map((r) => r.q));
    if (q > bestQ) {
      best = form;
      bestQ = q;
    }
  }
  return best;
}
