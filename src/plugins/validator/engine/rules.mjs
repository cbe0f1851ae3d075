// The business rules of a standard: conditions on a message that its schemas cannot express.
// The rules themselves (number, messages, severity, words) are data, in src/data/ (for Planning and
// Scheduling v1.0: planning-business-rules.json); here are only the checks, keyed by the rule's
// `check` id. A check gets the message model (parsed JSON or mapped XML) and returns the places
// that break its rule, as JSON pointers; the caller locates them in the text. Checks are defensive:
// they also run on messages that break the schema, and then simply find nothing where the shape is off.
import {toPointer} from './json-scanner.mjs';

/**
 * @typedef {object} BusinessRule
 * @property {number} number e.g. 287
 * @property {string[]} messages the message types (and line bodies) it applies to
 * @property {string} where where in the message, in words
 * @property {string} rule the rule in plain words
 * @property {'error' | 'warning' | 'note'} severity
 * @property {string | null} check id of its check below; null when one message cannot show it
 * @property {string} [sourceNote] where the published rule and its evident intent differ
 * @property {string} [unchecked] why the rule is not checked for this version, where the reason is not that one message cannot show it
 * @property {string} [basedOn] the version whose rule it is, where a version checks another's rules (Planning v2.0: 1.0)
 */

/**
 * @typedef {object} RuleFinding
 * @property {string} pointer where the rule is broken (the element it concerns)
 * @property {'error' | 'warning'} [severity] overrides the rule's own severity for this finding
 * @property {string} [detail] added to the rule's words
 */

/** @typedef {(message: Record<string, any>, typeName: string) => RuleFinding[]} RuleCheck */

const isObject = (/** @type {unknown} */ v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const present = (/** @type {unknown} */ v) => v !== undefined && v !== null;
const hasItems = (/** @type {unknown} */ v) => Array.isArray(v) && v.length > 0;
const listOf = (/** @type {unknown} */ v) => (Array.isArray(v) ? v : []);

/** Each object item of the list at `name`, with its pointer. */
function* items(/** @type {Record<string, any>} */ message, /** @type {string} */ name, prefix = '') {
  const list = listOf(message[name]);
  for (let i = 0; i < list.length; i++) if (isObject(list[i])) yield {item: list[i], pointer: `${prefix}${toPointer([name, i])}`};
}

/** Exception lines refer to a periodic line; Occasional lines do not. */
const reference =
  (
    /** @type {string} */ lines,
    /** @type {string} */ typeField,
    /** @type {string} */ referenceField,
    /** @type {string} */ type,
    /** @type {boolean} */ wanted,
  ) =>
  /** @type {RuleCheck} */ (message) =>
    [...items(message, lines)]
      .filter(({item}) => item[typeField] === type && present(item[referenceField]) !== wanted)
      .map(({item, pointer}) => ({
        pointer: wanted ? pointer : `${pointer}${toPointer([referenceField])}`,
        detail: `line ${JSON.stringify(String(item.lineId?.value ?? '?'))} has ${wanted ? 'none' : 'one'}`,
      }));

/** A break in exactly one form: both times, or a trigger (times only partly given, or given with a trigger, is neither). */
const oneBreakForm =
  (/** @type {string} */ lines, /** @type {string} */ start, /** @type {string} */ end) => /** @type {RuleCheck} */ (message) => {
    /** @type {RuleFinding[]} */
    const found = [];
    for (const {item, pointer} of items(message, lines)) {
      for (const {item: b, pointer: at} of items(item, 'breaks', pointer)) {
        const times = present(b[start]) && present(b[end]);
        const anyTime = present(b[start]) || present(b[end]);
        const trigger = present(b.breakTrigger);
        if ((times && !trigger) || (trigger && !anyTime)) continue;
        found.push({
          pointer: at,
          detail: trigger ? 'this break has both' : anyTime ? `this break has only one of ${start} and ${end}` : 'this break has neither',
        });
      }
    }
    return found;
  };

/** Every place of a message (and its lines) that carries actionCode. */
function actionCodes(/** @type {Record<string, any>} */ message) {
  /** @type {RuleFinding[]} */
  const found = [];
  if (present(message.actionCode)) found.push({pointer: '/actionCode'});
  for (const name of ['periodicPlanningLine', 'singlePlanningLine', 'periodicAvailabilityLine', 'singleAvailabilityLine']) {
    for (const {item, pointer} of items(message, name)) if (present(item.actionCode)) found.push({pointer: `${pointer}/actionCode`});
  }
  return found;
}

/** @type {Record<string, RuleCheck>} */
export const ruleChecks = {
  'availability-has-lines': (m) => (hasItems(m.periodicAvailabilityLine) || hasItems(m.singleAvailabilityLine) ? [] : [{pointer: ''}]),
  'availability-exception-has-reference': reference(
    'singleAvailabilityLine',
    'singleAvailabilityType',
    'periodicAvailabilityLineReference',
    'Exception',
    true,
  ),
  'availability-occasional-has-no-reference': reference(
    'singleAvailabilityLine',
    'singleAvailabilityType',
    'periodicAvailabilityLineReference',
    'Occasional',
    false,
  ),
  'planning-has-lines': (m) => (hasItems(m.periodicPlanningLine) || hasItems(m.singlePlanningLine) ? [] : [{pointer: ''}]),
  'periodic-break-one-form': oneBreakForm('periodicPlanningLine', 'startTime', 'endTime'),
  'planning-exception-has-reference': reference(
    'singlePlanningLine',
    'singlePlanningType',
    'periodicPlanningLineReference',
    'Exception',
    true,
  ),
  'planning-occasional-has-no-reference': reference(
    'singlePlanningLine',
    'singlePlanningType',
    'periodicPlanningLineReference',
    'Occasional',
    false,
  ),
  'single-break-one-form': oneBreakForm('singlePlanningLine', 'startDateTime', 'endDateTime'),
  'party-has-identifier': (m) =>
    ['customer', 'supplier']
      .filter((party) => isObject(m[party]) && !hasItems(m[party].id) && !present(m[party].legalId) && !present(m[party].taxId))
      .map((party) => ({pointer: `/${party}`})),
  'periodic-lines-have-period': (m, typeName) => {
    if (!isObject(m.positionProfile) || present(m.positionProfile.positionPeriod)) return [];
    if (hasItems(m.periodicPlanningLine)) return [{pointer: '/positionProfile'}];
    // The rule as titled asks nothing more; the published test asks every PlanningRequest: a warning, not an error.
    if (typeName.split(' ')[0] !== 'PlanningRequest') return [];
    const detail = 'this request has no periodic lines, so the rule as titled does not ask it, but the published test does';
    return [{pointer: '/positionProfile', severity: 'warning', detail}];
  },
  'action-code-not-for-rest': actionCodes,
  'assigned-worker-has-id': (m) =>
    isObject(m.assignedWorker) && m.assignedWorker.assignedStatus === true && !present(m.assignedWorker.workerId)
      ? [{pointer: '/assignedWorker'}]
      : [],
  'position-identified': (m) =>
    isObject(m.positionProfile) &&
    !present(m.positionProfile.positionId) &&
    !(isObject(m.positionProfile.positionTask) && present(m.positionProfile.positionTask.id))
      ? [{pointer: '/positionProfile'}]
      : [],
};

/**
 * @typedef {object} RuleResult
 * @property {BusinessRule} rule
 * @property {'error' | 'warning'} severity
 * @property {string} pointer
 * @property {string} message "BR 287: …"
 */

/**
 * Checks the rules that apply to a message type.
 * @param {string} typeName the message type (for a line wrapper: the form the message has)
 * @param {unknown} message the message model
 * @param {BusinessRule[]} rules
 * @returns {{findings: RuleResult[], notes: BusinessRule[]}} broken rules, and the rules that apply but one message cannot show
 */
export function checkRules(typeName, message, rules) {
  /** @type {RuleResult[]} */
  const findings = [];
  /** @type {BusinessRule[]} */
  const notes = [];
  if (!isObject(message)) return {findings, notes};
  const m = /** @type {Record<string, any>} */ (message);
  for (const rule of rules) {
    if (!rule.messages.includes(typeName)) continue;
    if (!rule.check) {
      notes.push(rule);
      continue;
    }
    const check = ruleChecks[rule.check];
    if (!check) throw new Error(`BR ${rule.number}: no check "${rule.check}"`);
    const found = check(m, typeName);
    for (const f of found) {
      const severity = f.severity ?? (rule.severity === 'warning' ? 'warning' : 'error');
      findings.push({rule, severity, pointer: f.pointer, message: `BR ${rule.number}: ${rule.rule}${f.detail ? ` — ${f.detail}` : ''}.`});
    }
  }
  return {findings, notes};
}
