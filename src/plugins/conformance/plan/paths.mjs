// The paths of the plan's requests: a template with its parameters (PathSpec), where a parameter may be an id the
// server chooses and names in a create's Location (a binding), filled when the request is sent.
import {paramOf, segmentsOf} from '../../sandbox/handlers/path-template.mjs';

/**
 * A path: a template and its parameters, each a value or the name of an id the server chose.
 * @typedef {{template: string, values: Record<string, string | {binding: string}>, query?: string}} PathSpec
 */

/** A path template with its parameters filled (each encoded as one segment); a binding the run has not got yet is `{name}`. */
export function fillPath(/** @type {PathSpec} */ spec, /** @type {Record<string, string>} */ bindings = {}) {
  /** @type {string[]} */
  const missing = [];
  const path = `/${segmentsOf(spec.template)
    .map((segment) => {
      const name = paramOf(segment);
      if (name === null) return segment;
      const value = spec.values[name];
      if (typeof value === 'string') return encodeURIComponent(value);
      const bound = value ? bindings[value.binding] : undefined;
      if (bound === undefined) missing.push(value?.binding ?? name);
      return bound === undefined ? `{${value?.binding ?? name}}` : encodeURIComponent(bound);
    })
    .join('/')}${spec.query ?? ''}`;
  return {path, missing};
}

/**
 * The parameters of a path that a template matches (`/a/{id}` and `/a/x` → `{id: 'x'}`), or null.
 * @param {string} template
 * @param {string} path a path under the base URL, percent-encoded
 * @returns {Record<string, string> | null}
 */
export function templateMatch(template, path) {
  const parts = segmentsOf(template);
  const segments = segmentsOf(path.split('?')[0]);
  if (parts.length !== segments.length) return null;
  /** @type {Record<string, string>} */
  const params = {};
  for (let i = 0; i < parts.length; i++) {
    const name = paramOf(parts[i]);
    let segment;
    try {
      segment = decodeURIComponent(segments[i]);
    } catch {
      return null;
    }
    if (name === null ? parts[i] !== segment : segment === '') return null;
    if (name !== null) params[name] = segment;
  }
  return params;
}

/** The name of a template's last parameter (`/a/{id}` → `id`), or null where its last segment is fixed. */
export const lastParamOf = (/** @type {string} */ template) => paramOf(/** @type {string} */ (segmentsOf(template).at(-1)));

/**
 * A new path for a resource template: a new id for its last parameter, `parents` for the others.
 * @param {string} template
 * @param {Record<string, string | {binding: string}>} parents
 * @param {() => string} newId
 */
export function newPath(template, parents, newId) {
  const last = lastParamOf(template);
  return /** @type {PathSpec} */ ({template, values: last ? {...parents, [last]: newId()} : {...parents}});
}

/** The path of a resource whose id the server chooses: its last parameter is the id a create's Location names. */
export const boundPath = (/** @type {string} */ template, /** @type {string} */ binding) =>
  /** @type {PathSpec} */ ({template, values: {[/** @type {string} */ (lastParamOf(template))]: {binding}}});

/** What a create in a collection binds: the id its Location names, as the last parameter of the resource's template. */
export const locationBinding = (/** @type {string} */ template, /** @type {string} */ name) => ({
  name,
  param: /** @type {string} */ (lastParamOf(template)),
  template,
});
