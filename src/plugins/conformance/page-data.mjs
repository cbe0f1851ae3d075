// What the page /docs/conformance shows of each API version, made from the kit's own plan (plan.mjs) so that the page
// lists exactly the checks the command makes with its default options (as --list prints them, and a run reports them),
// and what --allow-leftovers adds: per operation, its checks of the standard and of our reading; and each reason for
// our reading with the checks it concerns. The plugin (index.ts) hands it to the page's component; the
// Markdown twin (page-markdown.mjs) writes the same data as Markdown.
import {planOf} from './plan.mjs';
import {checkKinds} from './check-kinds.mjs';

/** Names in the legend's order (check-kinds.mjs), an update's `replace.` checks after the others. */
const inLegendOrder = (/** @type {string[]} */ names) => {
  const rank = (/** @type {string} */ name) =>
    checkKinds.findIndex((k) => k.name === name.replace(/^replace\./, '')) + (name.startsWith('replace.') ? 100 : 0);
  return [...names].sort((a, b) => rank(a) - rank(b));
};

/** @typedef {import('./model.mjs').KitModel} KitModel */

/**
 * @typedef {object} PageApi
 * @property {string} id
 * @property {string} label e.g. `Purchase to Pay v2.0`
 * @property {string} referenceRoute
 * @property {{standard: number, ours: number, requests: number}} counts the checks and requests of a run with the
 *   default options (what `--list` and a run report)
 * @property {{checks: number, requests: number, operations: {operationId: string, names: string[]}[], skippedWithout: string[]}} leftovers what
 *   `--allow-leftovers` adds: checks, requests, and the names of the checks it adds per operation (an attachment
 *   upload, which no operation deletes), and the checks a default run reports skipped instead (`upload-attachment.status`)
 * @property {string} summary the figures in words (countsText), `code` in backticks
 * @property {{operationId: string, method: string, path: string, standard: string[], ours: string[]}[]} operations the
 *   names of each operation's checks, in the plan's order
 * @property {{reason: string, source: {label: string, route: string} | null, checks: string[]}[]} reasons why the checks
 *   of our reading are ours, each with the ids of the checks it concerns
 */

/**
 * @param {KitModel} model
 * @returns {PageApi}
 */
export function pageApiOf(model) {
  // The checks of a run with the default options, as --list prints them; ids are placeholders.
  const newId = () => {
    let n = 0;
    return () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
  };
  const plan = planOf(model, {newId: newId()});
  // What --allow-leftovers adds: the requests that make what no operation of the run deletes, and their checks.
  const withLeftovers = planOf(model, {allowLeftovers: true, newId: newId()});
  const ids = new Set(plan.checks.map((c) => c.id));
  const added = withLeftovers.checks.filter((c) => !ids.has(c.id));
  const operations = model.operations.map((op) => {
    const mine = plan.checks.filter((c) => c.operationId === op.operationId);
    return {
      operationId: op.operationId,
      method: op.method,
      path: op.path,
      standard: inLegendOrder(mine.filter((c) => c.kind === 'standard').map((c) => c.name)),
      ours: inLegendOrder(mine.filter((c) => c.kind === 'our-reading').map((c) => c.name)),
    };
  });
  /** @type {PageApi['reasons']} */
  const reasons = [];
  for (const c of plan.checks.filter((c) => c.kind === 'our-reading')) {
    const reason = c.reason ?? 'our reading';
    let entry = reasons.find((r) => r.reason === reason);
    if (!entry) {
      // The source that gives the reason: the sandbox's list of behaviour, or the deviations of the spec.
      const source = c.sources.find((s) => s.route.startsWith('/sandbox') || s.route.endsWith('#deviations')) ?? null;
      reasons.push((entry = {reason, source, checks: []}));
    }
    entry.checks.push(c.id.slice(model.id.length + 1));
  }
  /** @type {Omit<PageApi, 'summary'>} */
  const data = {
    id: model.id,
    label: `${model.standard} v${model.version}`,
    referenceRoute: model.referenceRoute,
    counts: {
      standard: plan.checks.filter((c) => c.kind === 'standard').length,
      ours: plan.checks.filter((c) => c.kind === 'our-reading').length,
      requests: plan.steps.length,
    },
    leftovers: {
      checks: added.length,
      requests: withLeftovers.steps.length - plan.steps.length,
      operations: [...new Set(added.map((c) => c.operationId))].map((operationId) => ({
        operationId,
        names: inLegendOrder(added.filter((c) => c.operationId === operationId).map((c) => c.name)),
      })),
      skippedWithout: plan.checks
        .filter((c) => added.some((a) => a.operationId === c.operationId) && plan.skipped.has(c.id))
        .map((c) => c.id.slice(model.id.length + 1)),
    },
    operations,
    reasons,
  };
  return {...data, summary: countsText(data)};
}

/**
 * The figures of an API version's checks in words, as the page and its twin say them (`code` in backticks).
 * @param {Pick<PageApi, 'counts' | 'leftovers'>} data
 */
function countsText(data) {
  const {counts, leftovers} = data;
  const plural = (/** @type {number} */ n, /** @type {string} */ word) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const base = `${plural(counts.standard + counts.ours, 'check')}, ${counts.standard} of the standard and ${counts.ours} of our reading, in ${plural(counts.requests, 'request')}: what a run with the default options reports, and what \`--list\` prints.`;
  if (leftovers.checks === 0) return base;
  const what = leftovers.operations.map((o) => `${o.operationId}: ${o.names.map((n) => `\`${n}\``).join(', ')}`).join('; ');
  const skipped = leftovers.skippedWithout.length
    ? ` Without it, ${leftovers.skippedWithout.map((id) => `\`${id}\``).join(', ')} ${leftovers.skippedWithout.length === 1 ? 'is' : 'are'} reported as skipped, saying why.`
    : '';
  return `${base} \`--allow-leftovers\` also sends the ${plural(leftovers.requests, 'request')} that make what no operation deletes, with ${plural(leftovers.checks, 'more check')} (${what}).${skipped}`;
}
