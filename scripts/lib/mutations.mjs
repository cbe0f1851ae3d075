// Negative cases generated from a valid example: each breaks one rule that the schema states
// at one place of the message, so each must be rejected there.
import {merge} from 'allof-merge';
import jsonPointer from 'json-pointer';
import {deref} from '../../src/build/specs.mjs';

const clone = (v) => structuredClone(v);

function setAt(root, pathParts, fn) {
  const copy = clone(root);
  let node = copy;
  for (const part of pathParts.slice(0, -1)) node = node[part];
  fn(node, pathParts.at(-1));
  return copy;
}

/** allOf schemas merged by allof-merge, once per schema: a schema gives the same object each time (`accepts` may cache by it). */
const merged = new WeakMap();
function withAllOfMerged(spec, schema) {
  if (!merged.has(schema)) merged.set(schema, merge(schema, {source: spec}));
  return merged.get(schema);
}

/**
 * Resolves $ref and merges allOf; for oneOf/anyOf picks the alternative that
 * accepts `value` (checked with `accepts(schema, value)`).
 */
function resolve(spec, schema, value, accepts) {
  let s = deref(spec, schema);
  for (let guard = 0; guard < 20; guard++) {
    if (s?.allOf) s = withAllOfMerged(spec, s);
    else if (s?.oneOf || s?.anyOf) {
      const alternatives = (s.oneOf ?? s.anyOf).map((a) => deref(spec, a));
      const match = alternatives.find((a) => accepts(a, value));
      if (!match) return {schema: s, underChoice: true};
      return {...resolve(spec, match, value, accepts), underChoice: true};
    } else break;
  }
  return {schema: s, underChoice: false};
}

/**
 * Yields {kind, path, description, value} mutations of `example` against `schema`.
 * kinds: required, additionalProperties, enum, maxItems, format.
 */
export function* mutations(spec, schema, example, accepts, parts = [], root = example, underChoice = false) {
  const r = resolve(spec, schema, parts.length ? parts.reduce((o, k) => o[k], root) : root, accepts);
  const s = r.schema;
  const inChoice = underChoice || r.underChoice;
  const value = parts.reduce((o, k) => o[k], root);
  if (!s || typeof s !== 'object') return;

  if (Array.isArray(value)) {
    if (typeof s.maxItems === 'number' && value.length > 0 && parts.length) {
      yield {
        kind: 'maxItems',
        path: jsonPointer.compile(parts),
        inChoice,
        description: `${s.maxItems + 1} entries where at most ${s.maxItems} are allowed`,
        value: setAt(root, parts, (node, key) => {
          while (node[key].length <= s.maxItems) node[key].push(clone(node[key][0]));
        }),
      };
    }
    if (s.items) for (let i = 0; i < value.length; i++) yield* mutations(spec, s.items, example, accepts, [...parts, i], root, inChoice);
    return;
  }
  if (value && typeof value === 'object') {
    if (parts.length) {
      for (const key of s.required ?? []) {
        if (key in value)
          yield {
            kind: 'required',
            path: jsonPointer.compile(parts),
            key,
            inChoice,
            description: `required "${key}" removed`,
            value: setAt(root, [...parts, key], (node, k) => delete node[k]),
          };
      }
      if (s.additionalProperties === false) {
        yield {
          kind: 'additionalProperties',
          path: jsonPointer.compile(parts),
          key: 'unknownField',
          inChoice,
          description: 'unknown property "unknownField" added',
          value: setAt(root, [...parts, 'unknownField'], (node, k) => {
            node[k] = 'x';
          }),
        };
      }
    }
    for (const [key, sub] of Object.entries(s.properties ?? {})) {
      if (key in value) yield* mutations(spec, sub, example, accepts, [...parts, key], root, inChoice);
    }
    return;
  }
  if (typeof value === 'string' && parts.length) {
    if (Array.isArray(s.enum)) {
      yield {
        kind: 'enum',
        path: jsonPointer.compile(parts),
        inChoice,
        description: `value "NotAnAllowedValue" instead of one of ${s.enum.join(', ')}`,
        value: setAt(root, parts, (node, k) => {
          node[k] = 'NotAnAllowedValue';
        }),
      };
    }
    if (['date', 'date-time', 'time'].includes(s.format)) {
      yield {
        kind: 'format',
        path: jsonPointer.compile(parts),
        inChoice,
        description: `malformed ${s.format}`,
        value: setAt(root, parts, (node, k) => {
          node[k] = '2025-13-45T25:61';
        }),
      };
    }
  }
}
