// The lines of a message, under it: per kind of line (its path), add lines (after the add's refusals), read one back
// (`kept`, as JSON and as XML), see it in its message (`in-message`, our reading), update it (`kept`) and delete it
// (`gone`); and call on a line id the message does not hold (unknown-ids.mjs).
import {changedCopies, toXml, withIds} from '../inputs.mjs';
import {behaviour, notes, operationSource} from '../sources.mjs';
import {answerChecks, respond, statusCheck, successes} from './answer-checks.mjs';
import {bodyOf, example, firstOf, isObject, valid} from './bodies.mjs';
import {cannot, check} from './checks.mjs';
import {requestHeaders, xml} from './headers.mjs';
import {keptJudge} from './kept.mjs';
import {lastParamOf} from './paths.mjs';
import {errorChecks, refusals} from './refusals.mjs';
import {addStep, at} from './steps.mjs';
import {unknownLineIds} from './unknown-ids.mjs';
import {describe, fail, ifCarriedOut, pass, skip, statusIs} from './verdicts.mjs';
import {xmlReadEvaluations} from './xml.mjs';
import {code} from './words.mjs';

/** @typedef {import('../model.mjs').KitOperation} KitOperation */
/** @typedef {import('./kept.mjs').LineAt} LineAt */
/** @typedef {import('./paths.mjs').PathSpec} PathSpec */
/** @typedef {import('./steps.mjs').Step} Step */
/** @typedef {import('./sequence.mjs').Sequence} Sequence */

/**
 * One kind of line of the sequence's message: those at one path template, and the run's calls on them.
 * @typedef {object} LineKind
 * @property {Sequence} sequence
 * @property {string} template the path of one line
 * @property {string[]} properties the message's list properties that hold lines of this kind
 * @property {KitOperation[]} adders the operations that add such lines, with an example to add
 * @property {KitOperation | undefined} readLine
 * @property {KitOperation | undefined} replaceLine
 * @property {KitOperation | undefined} deleteLine
 * @property {(id: string) => PathSpec} linePath the path of the line with an id
 * @property {(op: KitOperation) => {value: any, lineIds: string[]}} fresh an operation's example under new line ids
 * @property {(op: KitOperation, first: string) => PathSpec} addPath where an operation adds lines, `first` the first's id
 * @property {string} noReadLine why a check that reads a line back cannot be made
 */

/**
 * A line the run added, as the checks that read, update and delete it see it.
 * @typedef {object} AddedLine
 * @property {LineKind} kind
 * @property {KitOperation} adder
 * @property {string} lineGroup the group of the line's steps, which stops where the add failed
 * @property {Step} added the step that added it
 * @property {string} lineId
 * @property {string} property the message's list property that holds it
 * @property {any} sentLine the line as sent
 * @property {LineAt} where
 */

/**
 * Adds a step on an added line, at its own path: in the line's group, which needs the message's group too.
 * @param {AddedLine} line
 * @param {KitOperation} op
 * @param {Omit<import('./steps.mjs').StepFields, 'op' | 'path'>} fields
 */
function addLineStep(line, op, fields) {
  const {plan, group} = line.kind.sequence;
  return addStep(plan, group, {
    op,
    group: line.lineGroup,
    needs: [group, line.lineGroup],
    path: line.kind.linePath(line.lineId),
    ...fields,
  });
}

/** Every kind of line of the sequence's message: the first add of each kind is followed through; every add is checked. */
export function planLines(/** @type {Sequence} */ sequence) {
  const {resource} = sequence;
  const templates = [...new Set(Object.values(resource.lines).map((l) => /** @type {string} */ (l.template)))];
  for (const template of templates) {
    const kind = lineKindOf(sequence, template);
    kind.adders.forEach((adder, i) => planAddedLines(kind, adder, i === 0));
    unknownLineIds(kind);
  }
}

/** @returns {LineKind} */
function lineKindOf(/** @type {Sequence} */ sequence, /** @type {string} */ template) {
  const {resource, ops, resourcePath, plan} = sequence;
  const properties = Object.entries(resource.lines)
    .filter(([, l]) => l.template === template)
    .map(([p]) => p);
  const lineIdProperties = Object.fromEntries(Object.entries(resource.lines).map(([p, l]) => [p, l.id]));
  const lineParam = /** @type {string} */ (lastParamOf(template));
  const parentValues = Object.fromEntries(Object.entries(resourcePath.values));
  return {
    sequence,
    template,
    properties,
    adders: ops.filter(
      (op) =>
        op.kind === 'add-lines' &&
        op.examples.length &&
        properties.some((p) => isObject(op.examples[0].value) && p in /** @type {object} */ (op.examples[0].value)),
    ),
    readLine: ops.find((op) => op.kind === 'read-line' && op.path === template),
    replaceLine: ops.find((op) => op.kind === 'replace-line' && op.path === template),
    deleteLine: ops.find((op) => op.kind === 'delete-line' && op.path === template),
    linePath: (id) => ({template, values: {...parentValues, [lineParam]: id}}),
    fresh: (op) => {
      const ids = withIds(/** @type {{value: unknown}} */ (example(op)).value, {lines: lineIdProperties, newId: plan.newId});
      return {value: ids.value, lineIds: ids.lineIds};
    },
    noReadLine: `no read of a line at ${template} is among this run's operations`,
    addPath: (op, first) => ({template: op.path, values: op.lineParam ? {...parentValues, [op.lineParam]: first} : parentValues}),
  };
}

/**
 * An add of lines, after its refusals, and the checks of what it added; the first add of a kind also updates and
 * deletes the line.
 * @param {LineKind} kind
 * @param {KitOperation} adder
 * @param {boolean} first
 */
function planAddedLines(kind, adder, first) {
  const {sequence, properties, replaceLine, deleteLine, fresh, addPath} = kind;
  const {plan, resource, group, created} = sequence;
  const exampleName = /** @type {{name: string}} */ (example(adder)).name;
  refusals(
    plan,
    group,
    adder,
    () => {
      const f = fresh(adder);
      return {
        value: f.value,
        path: addPath(adder, f.lineIds[0] ?? plan.newId()),
        label: `the spec's example ${code(exampleName)} with new line ids`,
      };
    },
    {created: false, after: [created.n]},
  );
  const lines = fresh(adder);
  const lineId = lines.lineIds[0];
  const property = Object.keys(/** @type {object} */ (lines.value)).find((p) => properties.includes(p)) ?? properties[0];
  const sentLine = lines.value[property]?.[0];
  const addStatuses = successes(adder, 'other');
  const lineGroup = `${group} ${adder.operationId}`;
  const added = addStep(plan, group, {
    op: adder,
    group: lineGroup,
    needs: [group],
    path: addPath(adder, lineId),
    body: bodyOf(plan.model, lines.value, `the spec's example ${code(exampleName)} with line ids ${lines.lineIds.join(', ')}`),
    purpose: `add lines to the ${resource.schema} of step ${at(created)}`,
    evaluations: [statusCheck(plan, adder, addStatuses, 'status', 'adding lines'), ...answerChecks(plan, adder, '', 'json', addStatuses)],
    essential: {group: lineGroup, statuses: addStatuses},
    after: [created.n],
  });
  /** @type {AddedLine} */
  const line = {
    kind,
    adder,
    lineGroup,
    added,
    lineId,
    property,
    sentLine,
    where: {property, idProperty: resource.lines[property].id, id: lineId},
  };
  planLineReads(line, first);
  planInMessage(line);
  if (first && replaceLine && lineId && sentLine) planLineUpdate(line, replaceLine);
  if (first && deleteLine && lineId) planLineDelete(line, deleteLine);
}

/** Reads of an added line at its own path: as JSON, and (for the first add of a kind) as XML where the read offers it. */
function planLineReads(/** @type {AddedLine} */ line, /** @type {boolean} */ first) {
  const {kind, adder, lineGroup, added, lineId, property, sentLine, where} = line;
  const {readLine, noReadLine} = kind;
  const {plan} = kind.sequence;
  const {model} = plan;
  const addKept = check(plan, adder, 'kept', {
    title: 'an added line reads back at its own path as it was sent',
    sources: [operationSource(model, adder), ...(readLine ? [operationSource(model, readLine, 'response 200')] : [])],
  });
  if (!readLine || !lineId) return cannot(plan, [addKept], noReadLine);
  addLineStep(line, readLine, {
    body: null,
    purpose: `read the line ${lineId} added in step ${at(added)}`,
    evaluations: [
      ...(first
        ? [statusCheck(plan, readLine, [200], 'status', 'the read of a line'), ...answerChecks(plan, readLine, '', 'json', [200])]
        : []),
      {primary: !first, check: addKept, judge: keptJudge(model, readLine, sentLine, 'json', where)},
    ],
    confirms: {group: lineGroup, check: addKept, what: `the line ${lineId} added in step ${at(added)}`},
    after: [added.n],
  });
  const read = respond(readLine, 200);
  if (
    !first ||
    !read?.body?.mediaTypes.includes(xml) ||
    !toXml(model, /** @type {string} */ (read?.body?.schema), {[property]: [sentLine]})
  )
    return;
  addLineStep(line, readLine, {
    headers: requestHeaders(model, readLine, {accept: 'xml'}),
    body: null,
    purpose: `read the line ${lineId} as XML`,
    evaluations: xmlReadEvaluations(plan, readLine, {
      what: 'the read of a line',
      holds: 'line',
      judge: keptJudge(model, readLine, sentLine, 'xml', where),
    }),
    confirms: {group: lineGroup, check: addKept, what: `the line ${lineId} added in step ${at(added)}`},
    after: [added.n],
  });
}

/** A read of the message: it holds the added line (our reading: a line is part of its message). */
function planInMessage(/** @type {AddedLine} */ line) {
  const {kind, adder, lineGroup, added, lineId, property} = line;
  const {plan, group, read, resource, created, resourcePath, noRead} = kind.sequence;
  const inMessage = check(plan, adder, 'in-message', {
    title: 'an added line is part of its message: a read of the message holds it',
    sources: [notes.identifiers],
    ours: behaviour('lines'),
  });
  if (!read || !lineId) return cannot(plan, [inMessage], noRead);
  addStep(plan, group, {
    op: read,
    group: lineGroup,
    needs: [group, lineGroup],
    path: resourcePath,
    body: null,
    purpose: `read the ${resource.schema} of step ${at(created)}: does it hold the line ${lineId}?`,
    evaluations: [
      {
        primary: true,
        check: inMessage,
        judge: (o) => {
          if (o.status !== 200) return skip(`the read answered ${describe(o)}`);
          try {
            const lines = JSON.parse(o.text)?.[property];
            const held = Array.isArray(lines) && lines.some((l) => l?.[resource.lines[property].id]?.value === lineId);
            return held ? pass(`${property} holds ${lineId}`) : fail(`${property} holds no line ${lineId}`);
          } catch {
            return skip('the answer is not JSON');
          }
        },
      },
    ],
    after: [added.n],
  });
}

/** The update of an added line, after its refusals: one value changed, read back. */
function planLineUpdate(/** @type {AddedLine} */ line, /** @type {KitOperation} */ replaceLine) {
  const {kind, lineGroup, added, lineId, property, sentLine, where} = line;
  const {readLine, noReadLine, linePath} = kind;
  const {plan, group} = kind.sequence;
  const {model} = plan;
  refusals(
    plan,
    group,
    replaceLine,
    () => ({value: {[property]: [sentLine]}, path: linePath(lineId), label: `the line ${lineId} as added`}),
    {
      created: false,
      after: [added.n],
    },
  );
  const schema = /** @type {NonNullable<KitOperation['requestBody']>} */ (replaceLine.requestBody).schema;
  const changed = firstOf(changedCopies(plan.components, schema, {[property]: [sentLine]}), (candidate) =>
    valid(model, replaceLine, candidate.copy),
  );
  const lineKept = check(plan, replaceLine, 'kept', {
    title: 'a line update is kept: the line reads back as the update sent it',
    sources: [operationSource(model, replaceLine), ...(readLine ? [operationSource(model, readLine, 'response 200')] : [])],
  });
  if (!changed) return cannot(plan, [lineKept], 'the kit finds no value of the line it can change and still send a valid line');
  const statuses = successes(replaceLine, 'other');
  const updated = addLineStep(line, replaceLine, {
    body: bodyOf(model, changed.copy, `the line ${lineId} with ${changed.pointer} changed`),
    purpose: `update the line ${lineId}`,
    evaluations: [
      statusCheck(plan, replaceLine, statuses, 'status', 'the update of a line'),
      ...answerChecks(plan, replaceLine, '', 'json', statuses),
    ],
    after: [added.n],
  });
  const newLine = /** @type {any} */ (changed.copy)[property][0];
  if (!readLine) return cannot(plan, [lineKept], noReadLine);
  addLineStep(line, readLine, {
    body: null,
    purpose: `read the line ${lineId} updated in step ${at(updated)}`,
    evaluations: [
      {primary: true, check: lineKept, judge: ifCarriedOut(updated, 'update', keptJudge(model, readLine, newLine, 'json', where))},
    ],
    confirms: {group: lineGroup, check: lineKept, what: `the line ${lineId} updated in step ${at(updated)}`},
    after: [updated.n],
  });
}

/** The delete of an added line, and a read that finds nothing (`gone`). */
function planLineDelete(/** @type {AddedLine} */ line, /** @type {KitOperation} */ deleteLine) {
  const {kind, added, lineId} = line;
  const {readLine, noReadLine} = kind;
  const {plan} = kind.sequence;
  const statuses = successes(deleteLine, 'other');
  const deleted = addLineStep(line, deleteLine, {
    body: null,
    purpose: `delete the line ${lineId}`,
    evaluations: [
      statusCheck(plan, deleteLine, statuses, 'status', 'the delete of a line'),
      ...answerChecks(plan, deleteLine, '', 'json', statuses),
    ],
    after: [added.n],
  });
  const gone = check(plan, deleteLine, 'gone', {
    title: 'a deleted line is gone: a read of it answers 404',
    sources: [operationSource(plan.model, deleteLine), notes.status],
  });
  if (!readLine) return cannot(plan, [gone], noReadLine);
  addLineStep(line, readLine, {
    body: null,
    purpose: `read the line ${lineId} deleted in step ${at(deleted)}`,
    evaluations: [{primary: true, check: gone, judge: ifCarriedOut(deleted, 'delete', statusIs([404]))}, ...errorChecks(plan, readLine)],
    after: [deleted.n],
  });
}
