// The headers of the plan's requests: the form of the body and of the answer, the SETU version, and the headers an
// operation requires (with the spec's example values).

/** @typedef {import('../model.mjs').KitModel} KitModel */
/** @typedef {import('../model.mjs').KitOperation} KitOperation */

export const json = 'application/json';
export const xml = 'application/xml';

/** @typedef {{form?: 'json' | 'xml', accept?: 'json' | 'xml', version?: boolean}} HeaderOptions */

/**
 * The headers of a request of an operation: the form of the body and of the answer, the SETU version (the API's own),
 * and the other headers it requires, with their example values.
 * @param {KitModel} model
 * @param {KitOperation} op
 * @param {HeaderOptions} [how]
 */
export function requestHeaders(model, op, how = {}) {
  const {form = 'json', accept = 'json', version = true} = how;
  /** @type {Record<string, string>} */
  const headers = {Accept: accept === 'json' ? json : xml};
  if (op.requestBody) {
    if (version) headers.setuVersionId = model.versions[0];
    headers['Content-Type'] = form === 'json' ? json : xml;
  }
  for (const p of op.parameters) {
    if (p.in !== 'header' || !p.required || Object.keys(headers).some((h) => h.toLowerCase() === p.name.toLowerCase())) continue;
    if (p.name.toLowerCase() === 'setuversionid') continue;
    headers[p.name] = String(p.example ?? p.enum?.[0] ?? '');
  }
  return headers;
}
