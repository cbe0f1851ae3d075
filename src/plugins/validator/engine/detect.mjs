// Which message type a message is, decided from its top-level properties, with the reason in words.
//
// Every message type is scored by its top-level properties (from the generated catalog, that is
// from specs/): the type that knows all properties of the message, misses the fewest required
// ones and knows the most of them wins. When two types tie (the planning line wrappers share their
// property name), the one the message breaks the fewest rules of wins. The reason names the most
// telling properties: required ones that the fewest types have, for example
// "has `orderType` and `positionProfile`".

/** @typedef {import('../../../../generated/validator/catalog.mjs').MessageType} MessageType */

/**
 * @typedef {object} Detection
 * @property {string | null} type the detected type, null when none fits
 * @property {string | null} variant e.g. "Order" or "RFQ" for a StaffingOrder
 * @property {string} reason why, in words (Markdown-style `code` for property names)
 * @property {string[]} [alsoConsidered] other types that tied on the properties
 */

const code = (/** @type {string} */ name) => `\`${name}\``;
const errorCount = (/** @type {number} */ n) => `${n} ${n === 1 ? 'error' : 'errors'}`;

/** "a", "a and b", "a, b and c". */
export function listWords(/** @type {string[]} */ words) {
  return words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/**
 * The variant of a message of a type with variants (StaffingOrder: its `orderType`).
 * @param {MessageType} type
 * @param {Record<string, unknown>} message
 */
export function variantOf(type, message) {
  if (!type.variantProperty) return null;
  const value = message[type.variantProperty];
  return typeof value === 'string' && value.length <= 40 ? value : null;
}

/** Rank of a version by its registry status when nothing in a message tells two versions apart: the one to build on first. */
const statusRank = (/** @type {MessageType} */ t) => ['current', 'referenced', 'previous', 'message-model'].indexOf(t.status ?? 'current');

/** "`a`, `b` and 2 more". */
const somePaths = (/** @type {string[]} */ paths) =>
  paths.length > 3 ? `${paths.slice(0, 3).map(code).join(', ')} and ${paths.length - 3} more` : listWords(paths.map(code));

/**
 * Versions of one standard whose messages have the same top-level properties (Planning and Scheduling 1.0 and 2.0)
 * are told apart by structure: the parts of the message that a version's model does not know. The version that knows
 * all of it wins, then the one the message breaks the fewest rules of; where nothing differs, the version to build on
 * first (its registry status). The reason says which parts decided, or that none did.
 * @param {{t: MessageType, order: number}[]} tied
 * @param {unknown} message
 * @param {(type: string, message: unknown) => string[]} unknownPaths
 * @param {((type: string, message: unknown) => number) | null} countErrors
 */
function byStructure(tied, message, unknownPaths, countErrors) {
  const judged = tied
    .map((s) => ({s, unknown: unknownPaths(s.t.name, message), errors: countErrors ? countErrors(s.t.name, message) : 0}))
    .sort(
      (a, b) =>
        a.unknown.length - b.unknown.length || a.errors - b.errors || statusRank(a.s.t) - statusRank(b.s.t) || a.s.order - b.s.order,
    );
  const [win, ...rest] = judged;
  let note;
  if (win.unknown.length === 0 && rest.every((r) => r.unknown.length === 0)) {
    note =
      `; its structure fits ${listWords([win, ...rest].map((r) => r.s.t.name))} alike (it uses no part that differs between them), ` +
      `so it is checked as ${win.s.t.name}, the version ${win.s.t.status === 'referenced' ? 'the published API references' : 'to build on'}`;
  } else if (win.unknown.length === 0) {
    note = `; its structure is that of ${win.s.t.name}: ${rest.map((r) => `${r.s.t.name} has no ${somePaths(r.unknown)}`).join('; ')}`;
  } else {
    note =
      `; its structure fits no version fully: it is closer to ${win.s.t.name}, which does not know ${somePaths(win.unknown)}, ` +
      `than to ${rest.map((r) => `${r.s.t.name}, which does not know ${somePaths(r.unknown)}`).join(', or ')}`;
  }
  return {winner: win.s, note};
}

/**
 * @param {unknown} message the parsed message (an object; anything else gives type null)
 * @param {MessageType[]} types the catalog
 * @param {((type: string, message: unknown) => number) | null} [countErrors] number of rule violations of `message` against a type, for tie-breaks
 * @param {((type: string, message: unknown) => string[]) | null} [unknownPaths] the parts of `message` a type's model does not know
 *   (dotted paths), to tell versions of a standard apart by structure
 * @returns {Detection}
 */
export function detectType(message, types, countErrors = null, unknownPaths = null) {
  if (message === null || typeof message !== 'object' || Array.isArray(message)) {
    return {type: null, variant: null, reason: 'a SETU message is a JSON object'};
  }
  const obj = /** @type {Record<string, unknown>} */ (message);
  const keys = Object.keys(obj);
  // Types with oneOf forms are never detected themselves: detection names the form.
  const candidates = types.filter((t) => t.alternatives.length === 0);
  if (keys.length === 0) return {type: null, variant: null, reason: 'the object is empty, so nothing tells which message it is'};

  const scored = candidates
    .map((t, order) => {
      const props = new Set(t.properties);
      const known = keys.filter((k) => props.has(k));
      return {t, order, known, unknown: keys.length - known.length, missing: t.required.filter((r) => !(r in obj)).length};
    })
    .filter((s) => s.known.length > 0);
  if (scored.length === 0) {
    const shown = keys.slice(0, 5).map(code);
    return {
      type: null,
      variant: null,
      reason: `none of its top-level properties (${listWords(shown)}${keys.length > 5 ? ', …' : ''}) belongs to a SETU message`,
    };
  }
  scored.sort((a, b) => a.unknown - b.unknown || a.missing - b.missing || b.known.length - a.known.length || a.order - b.order);
  const best = scored[0];
  const tied = scored.filter((s) => s.unknown === best.unknown && s.missing === best.missing && s.known.length === best.known.length);

  let winner = best;
  let tieNote = '';
  const versionsOfOne = tied.length > 1 && tied.every((s) => s.t.standard === tied[0].t.standard && s.t.schema === tied[0].t.schema);
  if (versionsOfOne && unknownPaths) {
    const decided = byStructure(tied, message, unknownPaths, countErrors);
    winner = /** @type {typeof best} */ (decided.winner);
    tieNote = decided.note;
  } else if (tied.length > 1 && countErrors) {
    const counted = tied
      .map((s) => ({s, errors: countErrors(s.t.name, message)}))
      .sort((a, b) => a.errors - b.errors || a.s.order - b.s.order);
    winner = counted[0].s;
    const others = counted.slice(1).map((c) => `${c.s.t.name} (${errorCount(c.errors)})`);
    tieNote = `, and its content fits ${winner.t.name} (${errorCount(counted[0].errors)}) better than ${listWords(others)}`;
  }

  // The most telling properties: required ones first, then those that the fewest types have.
  const typesWith = (/** @type {string} */ k) => candidates.filter((t) => t.properties.includes(k)).length;
  const required = new Set(winner.t.required);
  const telling = [...winner.known]
    .sort(
      (a, b) =>
        Number(required.has(b)) - Number(required.has(a)) ||
        typesWith(a) - typesWith(b) ||
        winner.t.properties.indexOf(a) - winner.t.properties.indexOf(b),
    )
    .slice(0, 2);
  let reason = `has ${listWords(telling.map(code))}${tieNote}`;
  if (winner.unknown > 0) {
    const props = new Set(winner.t.properties);
    const strangers = keys.filter((k) => !props.has(k));
    reason += `; closest match, although ${listWords(strangers.slice(0, 3).map(code))}${strangers.length > 3 ? ' and others' : ''} ${strangers.length === 1 ? 'is' : 'are'} not part of it`;
  }
  // Another version of the same standard that came close: say what tells the two apart.
  const sibling = scored.find((s) => s !== winner && s.t.standard === winner.t.standard && s.t.version !== winner.t.version);
  if (sibling && !tieNote) {
    const siblingProps = new Set(sibling.t.properties);
    const only = winner.known.filter((k) => !siblingProps.has(k));
    const lacks = sibling.t.required.filter((r) => !(r in obj));
    const why = [
      only.length
        ? `${only.length > 3 ? `${only.slice(0, 3).map(code).join(', ')} and ${only.length - 3} more` : listWords(only.map(code))} ${only.length === 1 ? 'is' : 'are'} not part of it`
        : '',
      lacks.length ? `it lacks ${listWords(lacks.slice(0, 3).map(code))}, which ${sibling.t.name} requires` : '',
    ].filter(Boolean);
    if (why.length) reason += `; not ${sibling.t.name}: ${why.join(', and ')}`;
  }
  return {
    type: winner.t.name,
    variant: variantOf(winner.t, obj),
    reason,
    alsoConsidered: tied.filter((s) => s !== winner).map((s) => s.t.name),
  };
}
