// `kept` and its kin: a read answers what the run sent (the whole message, or one line of it), compared value by
// value with the model of the answer (judge.mjs), in JSON or in the XML form.
import {modelOfAnswer, differences} from '../judge.mjs';
import {respond} from './answer-checks.mjs';
import {isObject} from './bodies.mjs';
import {describe, fail, pass, skip} from './verdicts.mjs';
import {code} from './words.mjs';

/** @typedef {import('../model.mjs').KitModel} KitModel */
/** @typedef {import('../model.mjs').KitOperation} KitOperation */
/** @typedef {import('../judge.mjs').Verdict} Verdict */
/** @typedef {import('./verdicts.mjs').Outcome} Outcome */

/** A line in a message's answer: the list it is in, its id's property and its id. */
/** @typedef {{property: string, idProperty: string, id: string}} LineAt */

/**
 * A judge of a read's answer: it holds what was sent.
 * @param {KitModel} model
 * @param {KitOperation} read
 * @param {unknown} expected the message, or the line, that was sent
 * @param {'json' | 'xml'} form
 * @param {LineAt | null} line where the line is; null: the answer is the message
 * @returns {(o: Outcome) => Verdict}
 */
export const keptJudge = (model, read, expected, form, line) => (o) => {
  if (o.status !== 200) return skip(`the read answered ${describe(o)}`);
  const schema = respond(read, 200)?.body?.schema;
  if (!schema) return skip('the read declares no body to compare');
  const answer = modelOfAnswer(model, schema, o.text, form, line ? {[line.property]: [expected]} : expected);
  if ('error' in answer) return fail(`the answer cannot be read: ${answer.error}`);
  let actual = answer.value;
  if (line) {
    const lines = isObject(actual) ? Object.values(/** @type {object} */ (actual)).flat() : [];
    actual = lines.find((l) => isObject(l) && /** @type {any} */ (l)[line.idProperty]?.value === line.id);
    if (actual === undefined) return fail(`the answer holds no line ${code(line.id)}`);
  }
  const found = differences(expected, actual);
  return found.length === 0
    ? pass(line ? `line ${line.id} as sent` : 'as sent')
    : fail(
        `${found.length > 20 ? 'more than 20' : found.length} difference${found.length === 1 ? '' : 's'} from what was sent`,
        found.slice(0, 5).map((text) => ({text})),
      );
};
