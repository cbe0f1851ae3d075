// The sandbox's refusals: SETU's error object (`{"code", "description"}`) with an HTTP status, thrown by any step of a
// request (handler.mjs answers it), and the refusals several steps give, worded alike.

/** @typedef {import('./operations.mjs').SandboxApi} SandboxApi */
/** @typedef {import('./operations.mjs').SandboxOperation} SandboxOperation */
/** @typedef {import('./store.mjs').StoredResource} StoredResource */

export const jsonType = 'application/json';
export const xmlType = 'application/xml';

/**
 * An error the validator found in a refused body, as setu-validate reports it: where (line and column of the body),
 * what, the rule and the path.
 * @typedef {{line: number | null, column: number | null, message: string, rule: string | null, path: string | null}} BodyError
 */

/** A refusal: the HTTP status and SETU's error object; `errors`, the validator's errors in a refused body (for reports). */
export class Refusal extends Error {
  /**
   * @param {number} status
   * @param {string} code
   * @param {string} description
   * @param {Record<string, string>} [headers]
   * @param {BodyError[]} [errors]
   */
  constructor(status, code, description, headers = {}, errors = []) {
    super(description);
    this.status = status;
    this.code = code;
    this.headers = headers;
    this.errors = errors;
  }
}

/** A name or value as code in a description. */
export const code = (/** @type {string} */ s) => `\`${s}\``;
/** `a`, `a and b`, `a, b and c`. */
export const listWords = (/** @type {string[]} */ words) =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
export const isObject = (/** @type {unknown} */ v) => v !== null && typeof v === 'object' && !Array.isArray(v);

/** SETU's error object as a response. */
export function refusalResponse(/** @type {Refusal} */ refusal) {
  return new Response(`${JSON.stringify({code: refusal.code, description: refusal.message}, null, 2)}\n`, {
    status: refusal.status,
    headers: {'Content-Type': `${jsonType}; charset=utf-8`, ...refusal.headers},
  });
}

export function missingHeader(/** @type {SandboxApi} */ api, /** @type {SandboxOperation} */ op, /** @type {string} */ name) {
  const lower = name.toLowerCase();
  const why =
    lower === 'setuversionid'
      ? ` Every write names the SETU version of the message in its body; the ${api.title} ${api.version} takes ${listWords(api.versions.map((v) => code(`setuVersionId: ${v}`)))}.`
      : lower === 'content-type'
        ? ` It says which form the body is in: ${listWords((op.requestBody?.mediaTypes ?? op.parameters.find((p) => p.name.toLowerCase() === 'content-type')?.enum ?? []).map(code))}.`
        : '';
  return new Refusal(400, 'MISSING_HEADER', `The header ${code(name)} is required by ${op.operationId}.${why}`);
}

export function notHeld(/** @type {SandboxApi} */ api, /** @type {SandboxOperation} */ op, /** @type {string} */ path) {
  const schema = api.resources.find((r) => r.template === op.resource)?.schema ?? op.schema;
  return new Refusal(404, 'NOT_FOUND', `No ${schema} is stored at ${code(path)} in the sandbox of the ${api.title} ${api.version}.`);
}

export function lineExists(/** @type {StoredResource} */ parent, /** @type {string} */ id) {
  return new Refusal(
    400,
    'LINE_EXISTS',
    `The ${parent.schema} at ${code(parent.path)} already holds the line ${code(id)}; a line's id is unique within its message. Replace it with PUT on the line's path, or give the new line another id.`,
  );
}
