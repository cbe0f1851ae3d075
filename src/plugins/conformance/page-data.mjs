// What the page /docs/conformance shows of each API version, made from the kit's own plan (plan.mjs) so that the page
// lists exactly the checks the command makes: per operation, its checks of the standard and of our reading; and each
// reason for our reading with the checks it concerns. The plugin (index.ts) hands it to the page's component; the
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
 * @property {{standard: number, ours: number, requests: number}} counts the checks, and the requests of a run of them all
 *   (with --allow-leftovers: the attachment upload too)
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
  // Every check there is: the plan of a run that includes what no operation deletes; ids are placeholders.
  let n = 0;
  const plan = planOf(model, {allowLeftovers: true, newId: () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`});
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
  return {
    id: model.id,
    label: `${model.standard} v${model.version}`,
    referenceRoute: model.referenceRoute,
    counts: {
      standard: plan.checks.filter((c) => c.kind === 'standard').length,
      ours: plan.checks.filter((c) => c.kind === 'our-reading').length,
      requests: plan.steps.length,
    },
    operations,
    reasons,
  };
}
