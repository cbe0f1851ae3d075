// The local references (`$ref: "#/components/…"`) of the specs in specs/, which are self-contained OpenAPI documents,
// followed with json-pointer (RFC 6901): the one way the build tooling (scripts/) and the config-time plugins
// (src/plugins/, src/remark/) read them. The validator engine (src/plugins/validator/engine/) keeps its own small walkers: it runs in
// a web worker, without recursion, and carries no library it does not need.
import jsonPointer from 'json-pointer';

/**
 * The JSON Pointer a local reference stands for: `#/components/schemas/X` → `/components/schemas/X`.
 * @param {string} ref
 */
export function pointerOfRef(ref) {
  if (!ref.startsWith('#/')) throw new Error(`external $ref not allowed: ${ref} (the specs are self-contained)`);
  return ref.slice(1);
}

/**
 * The node a local reference names in a document.
 * @param {any} document
 * @param {string} ref
 * @returns {any}
 */
export function refTarget(document, ref) {
  const pointer = pointerOfRef(ref);
  try {
    return jsonPointer.get(document, pointer);
  } catch {
    throw new Error(`unresolvable $ref ${ref}`);
  }
}

/**
 * A node with its references followed until a node that is none (the node itself where it is no reference).
 * @param {any} document
 * @param {any} node
 * @returns {any}
 */
export function deref(document, node) {
  let current = node;
  const seen = new Set();
  while (current && typeof current === 'object' && typeof current.$ref === 'string') {
    if (seen.has(current.$ref)) throw new Error(`circular $ref ${current.$ref}`);
    seen.add(current.$ref);
    current = refTarget(document, current.$ref);
  }
  return current;
}

/**
 * The name of the component a local reference names in one section of `components` (`schemas` unless said):
 * `#/components/schemas/X` → `X`; null for any other reference, or none.
 * @param {unknown} ref
 * @param {string} [section]
 * @returns {string | null}
 */
export function componentNameOf(ref, section = 'schemas') {
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return null;
  const tokens = jsonPointer.parse(ref.slice(1));
  return tokens.length === 3 && tokens[0] === 'components' && tokens[1] === section ? tokens[2] : null;
}
