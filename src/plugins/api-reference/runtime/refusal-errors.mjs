// The errors of a body the sandbox refused, read back from its answer (SETU's error object, whose `description` the
// sandbox's handler writes: src/plugins/sandbox/handlers/body.mjs, checkBody): a first line naming the message type the body was
// checked as, then one line per error, `- <path>, line <n>: <message>`, as the message validator reports them. The
// answer panel (theme/ApiExplorer/Response) lists them with links to the message dictionary (refusal-links.mjs).
// tests/unit/api-reference/refusal-errors.test.mjs holds this reading to the handler's writing.

/**
 * @typedef {object} RefusalError
 * @property {string} pointer the error's JSON pointer, or for an XML body its element path ('' for the message itself)
 * @property {number | null} line
 * @property {string} message
 */

/**
 * @typedef {object} Refusal
 * @property {string} type the validator's message type the body was checked as (`Timecard`, `PlanningRequest 1.0`)
 * @property {RefusalError[]} errors
 */

const firstLine = /^The body is not a valid (.+?) of .+: \d+ errors?, as the message validator reports them\.$/;
const errorLine = /^- (\/\S*), line (\d+): (.*)$|^- (\/\S*): (.*)$/;

/**
 * The message type and the errors of a refusal that lists the validator's errors; null for any other answer (another
 * refusal, a success, text that is not SETU's error object).
 * @param {string | undefined} body the answer's body
 * @returns {Refusal | null}
 */
export function parseRefusal(body) {
  if (!body || !body.trimStart().startsWith('{')) return null;
  /** @type {unknown} */
  let answer;
  try {
    answer = JSON.parse(body);
  } catch {
    return null;
  }
  const description = /** @type {{code?: unknown, description?: unknown}} */ (answer)?.description;
  if (typeof description !== 'string') return null;
  const [head = '', ...rest] = description.split('\n');
  const type = firstLine.exec(head)?.[1];
  if (!type) return null;
  /** @type {RefusalError[]} */
  const errors = [];
  for (const text of rest) {
    const match = errorLine.exec(text);
    if (!match) continue; // "- and N more", a hint
    const [, pointer, line, message, pointerOnly, messageOnly] = match;
    // The handler writes the message itself (pointer '') as `/`.
    const at = /** @type {string} */ (pointer ?? pointerOnly);
    errors.push({pointer: at === '/' ? '' : at, line: line ? Number(line) : null, message: /** @type {string} */ (message ?? messageOnly)});
  }
  return errors.length > 0 ? {type, errors} : null;
}
