// Reading a request: its headers as the operation declares them (a required one missing, a Content-Type or
// setuVersionId it does not take, a value outside a header's list), its required query parameters, and its body as
// UTF-8 text of at most maxBodyBytes. What the body holds is judged later (body.mjs), in the order of the store's queue.
import {Refusal, code, listWords, missingHeader, xmlType} from './refusals.mjs';

/** @typedef {import('./operations.mjs').SandboxApi} SandboxApi */
/** @typedef {import('./operations.mjs').SandboxOperation} SandboxOperation */

/** The largest body the sandbox reads: 5 MB, the size the validator page is measured up to. */
export const maxBodyBytes = 5 * 1024 * 1024;

/**
 * The request's body text (null for an operation without a body) and its form by its Content-Type (`json` without
 * one); a refusal where a header, a query parameter or the body's size is not what the operation takes.
 * @param {SandboxApi} api
 * @param {SandboxOperation} op
 * @param {Request} request
 * @param {URL} url
 * @returns {Promise<{text: string | null, form: 'json' | 'xml'}>}
 */
export async function readRequest(api, op, request, url) {
  // Headers, as the operation declares them.
  /** @type {'json' | 'xml' | null} */
  let bodyForm = null;
  for (const parameter of op.parameters.filter((p) => p.in === 'header')) {
    const name = parameter.name.toLowerCase();
    if (name === 'accept') continue;
    const value = request.headers.get(parameter.name)?.trim() ?? '';
    if (value === '') {
      if (parameter.required) throw missingHeader(api, op, parameter.name);
      continue;
    }
    if (name === 'content-type') {
      const {type, charset} = mediaTypeOf(value);
      const allowed = op.requestBody?.mediaTypes ?? parameter.enum ?? [];
      if (!allowed.includes(type))
        throw new Refusal(
          400,
          'UNSUPPORTED_MEDIA_TYPE',
          `${code(`Content-Type: ${value}`)} is not a format this operation takes: it takes ${listWords(allowed.map(code))}.`,
        );
      if (charset && charset !== 'utf-8')
        throw new Refusal(
          400,
          'UNSUPPORTED_MEDIA_TYPE',
          `The sandbox reads bodies as UTF-8; ${code(`charset=${charset}`)} is not supported.`,
        );
      bodyForm = type === xmlType ? 'xml' : 'json';
    } else if (name === 'setuversionid') {
      if (!api.versions.includes(value)) {
        throw new Refusal(
          400,
          'UNSUPPORTED_VERSION',
          `${code(`setuVersionId: ${value}`)} is not a version the ${api.title} ${api.version} carries: it takes ${listWords(api.versions.map(code))}` +
            `${api.versions.length > 1 ? ` (its own version, and the example value of its specification)` : ''}.`,
        );
      }
    } else if (parameter.enum && !parameter.enum.includes(value)) {
      throw new Refusal(
        400,
        'INVALID_HEADER',
        `${code(`${parameter.name}: ${value}`)} is not allowed: the header takes ${listWords(parameter.enum.map(code))}.`,
      );
    }
  }
  if (op.requestBody && bodyForm === null) {
    const given = request.headers.get('content-type');
    if (!given) throw missingHeader(api, op, 'Content-Type');
    const {type} = mediaTypeOf(given);
    if (!op.requestBody.mediaTypes.includes(type))
      throw new Refusal(
        400,
        'UNSUPPORTED_MEDIA_TYPE',
        `${code(`Content-Type: ${given}`)} is not a format this operation takes: it takes ${listWords(op.requestBody.mediaTypes.map(code))}.`,
      );
    bodyForm = type === xmlType ? 'xml' : 'json';
  }
  for (const parameter of op.parameters.filter((p) => p.in === 'query' && p.required)) {
    if (!url.searchParams.get(parameter.name)) {
      throw new Refusal(
        400,
        'MISSING_PARAMETER',
        `The query parameter ${code(parameter.name)} is required${parameter.example ? `, e.g. ${code(`?${parameter.name}=${parameter.example}`)}` : ''}.`,
      );
    }
  }

  /** @type {string | null} */
  let text = null;
  if (op.requestBody) {
    const body = await readBody(request, maxBodyBytes);
    if ('tooLarge' in body) {
      throw new Refusal(
        413,
        'PAYLOAD_TOO_LARGE',
        `The body is ${body.tooLarge ? megabytes(body.tooLarge) : `over ${megabytes(maxBodyBytes)}`}; the sandbox takes bodies of up to ${megabytes(maxBodyBytes)}.`,
      );
    }
    text = body.text;
    if (text.trim() === '')
      throw new Refusal(400, 'EMPTY_BODY', `The body is empty; this operation takes a ${op.requestBody.schema} message.`);
  }

  return {text, form: bodyForm ?? 'json'};
}

/** The media type of a Content-Type header, lower case, without its parameters; and its charset, if it names one. */
function mediaTypeOf(/** @type {string} */ header) {
  const [type, ...params] = header.split(';');
  const charset = params.map((p) => /^\s*charset\s*=\s*"?([^"\s]+)"?\s*$/i.exec(p)?.[1]).find(Boolean);
  return {type: type.trim().toLowerCase(), charset: charset?.toLowerCase() ?? null};
}

/**
 * Reads a body stream up to `limit` bytes, and stops (cancelling the stream) past it: the sandbox reads a request's
 * body so, and the conformance kit an answer's (src/plugins/conformance/http-client.mjs).
 * @param {ReadableStream<Uint8Array> | null} stream
 * @param {number} limit
 * @returns {Promise<{bytes: Uint8Array, over: boolean}>} `bytes`: what was read, up to the limit
 */
export async function readBounded(stream, limit) {
  if (!stream) return {bytes: new Uint8Array(0), over: false};
  const reader = stream.getReader();
  /** @type {Uint8Array[]} */
  const chunks = [];
  let size = 0;
  let over = false;
  for (;;) {
    const {done, value} = await reader.read();
    if (done) break;
    if (size + value.byteLength > limit) {
      await reader.cancel();
      over = true;
      break;
    }
    size += value.byteLength;
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return {bytes, over};
}

/**
 * Reads a request's body as UTF-8 text, stopping past `limit` bytes.
 * @param {Request} request
 * @param {number} limit
 * @returns {Promise<{text: string, bytes: number} | {tooLarge: number | null}>} `tooLarge`: the declared length, if any
 */
async function readBody(request, limit) {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) return {tooLarge: declared};
  const {bytes, over} = await readBounded(request.body, limit);
  if (over) return {tooLarge: null};
  // As the validator page reads a file: UTF-8, a byte order mark dropped, undecodable bytes as U+FFFD (which the
  // validator's engine then reports as binary data).
  return {text: new TextDecoder('utf-8').decode(bytes), bytes: bytes.byteLength};
}

const megabytes = (/** @type {number} */ bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
