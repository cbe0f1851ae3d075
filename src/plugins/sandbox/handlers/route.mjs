// Locating an operation: the API version a request's URL names under the sandbox's base, and the operation of that
// version its path and method name, with the path's parameters; a refusal (404, 405) where there is none.
import {segmentsOf, paramOf} from './path-template.mjs';
import {Refusal, code, listWords} from './refusals.mjs';

/** @typedef {import('./operations.mjs').SandboxApi} SandboxApi */
/** @typedef {import('./operations.mjs').SandboxOperation} SandboxOperation */

/** The path of a template with the given parameter values (each encoded as one path segment). */
export function fill(/** @type {string} */ template, /** @type {Record<string, string>} */ values) {
  return `/${segmentsOf(template)
    .map((segment) => {
      const name = paramOf(segment);
      return name === null ? segment : encodeURIComponent(values[name]);
    })
    .join('/')}`;
}

/**
 * The operations of the given API versions under each of `bases`.
 * @param {SandboxApi[]} apis
 * @param {string[]} bases the paths under which the APIs are answered, each ending in `/`; the first is the one named
 *   in refusals
 */
export function operationLocator(apis, bases) {
  const byId = new Map(apis.map((api) => [api.id, api]));
  // Longest first: `/docs/sandbox/p2p/…` is the API `p2p` under `/docs/sandbox/`, not an API `docs` under `/`.
  const longestFirst = [...bases].sort((a, b) => b.length - a.length);

  /** The API version a URL's path names, the path under it and the base it came under; null when the URL is not the sandbox's. */
  const locate = (/** @type {URL} */ url) => {
    for (const base of longestFirst) {
      if (!url.pathname.startsWith(base)) continue;
      const rest = url.pathname.slice(base.length);
      const slash = rest.indexOf('/');
      const api = slash > 0 ? byId.get(rest.slice(0, slash)) : undefined;
      if (api) return {api, path: rest.slice(slash), base};
    }
    return null;
  };

  /**
   * The operation a request names, with its API version, path parameters and the base it came under; a refusal where
   * it names none.
   * @param {URL} url
   * @param {string} method upper case
   * @returns {{api: SandboxApi, operation: SandboxOperation, params: Record<string, string>, base: string}}
   */
  const operationOf = (url, method) => {
    const located = locate(url);
    if (!located) {
      throw new Refusal(
        404,
        'NO_SUCH_API',
        `The sandbox answers ${listWords(apis.map((a) => code(`${bases[0]}${a.id}/…`)))}${
          bases.length > 1 ? `, also under ${listWords(bases.slice(1).map((b) => code(b)))}` : ''
        }; ${code(url.pathname)} is none of them.`,
      );
    }
    const {api, path, base} = located;
    const found = match(api, method, path);
    if (found === null) {
      throw new Refusal(404, 'NO_SUCH_OPERATION', `No operation of the ${api.title} ${api.version} has the path ${code(path)}.`);
    }
    if ('allowed' in found) {
      throw new Refusal(
        405,
        'METHOD_NOT_ALLOWED',
        `${code(path)} has no ${method} operation in the ${api.title} ${api.version}; it takes ${listWords(found.allowed)}.`,
        {Allow: found.allowed.join(', ')},
      );
    }
    return {api, operation: found.operation, params: found.params, base};
  };

  return {locate, operationOf};
}

/**
 * The operation a path and method name, or why there is none: the template that matches the path with the most literal
 * segments first (as OpenAPI orders concrete paths before templated ones).
 * @param {SandboxApi} api
 * @param {string} method
 * @param {string} path the request's path under the API, still percent-encoded
 * @returns {{operation: SandboxOperation, params: Record<string, string>} | {allowed: string[]} | null}
 */
function match(api, method, path) {
  const raw = segmentsOf(path);
  /** @type {string[]} */
  let segments;
  try {
    segments = raw.map((s) => decodeURIComponent(s));
  } catch {
    return null;
  }
  if (segments.some((s) => s === '')) return null;
  const templates = [...new Set(api.operations.map((o) => o.path))];
  const matches = templates
    .map((template) => {
      const parts = segmentsOf(template);
      if (parts.length !== segments.length) return null;
      /** @type {Record<string, string>} */
      const params = {};
      for (let i = 0; i < parts.length; i++) {
        const name = paramOf(parts[i]);
        if (name !== null) params[name] = segments[i];
        else if (parts[i] !== segments[i]) return null;
      }
      return {template, params, literal: parts.map((p) => (paramOf(p) === null ? 1 : 0))};
    })
    .filter((m) => m !== null)
    .sort((a, b) => {
      for (let i = 0; i < a.literal.length; i++) if (a.literal[i] !== b.literal[i]) return b.literal[i] - a.literal[i];
      return 0;
    });
  const best = matches[0];
  if (!best) return null;
  const operation = api.operations.find((o) => o.path === best.template && o.method === method);
  if (!operation) return {allowed: api.operations.filter((o) => o.path === best.template).map((o) => o.method)};
  return {operation, params: best.params};
}
