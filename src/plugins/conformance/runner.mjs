// Runs a plan (plan.mjs) against a server: sends its steps in order, judges each answer with the checks it feeds, stops
// a call sequence whose create failed (its other checks are skipped, saying why), and at the end, also after a failure
// or an interruption, deletes everything the run made. A check judged at several steps (the error object of every
// refusal of an operation) fails when any of its judgements fails.
import {createClient, underBase} from './http-client.mjs';
import {describe, fillPath, requestHeaders, templateMatch} from './plan.mjs';

/** @typedef {import('./plan.mjs').Plan} Plan */
/** @typedef {import('./plan.mjs').Step} Step */
/** @typedef {import('./plan.mjs').Outcome} Outcome */
/** @typedef {import('./plan.mjs').PathSpec} PathSpec */
/** @typedef {import('./sources.mjs').Check} Check */
/** @typedef {import('./judge.mjs').Verdict} Verdict */
/** @typedef {import('./http-client.mjs').ClientRequest} ClientRequest */

/**
 * What a check came to in the run: its verdict, the request and answer that decided it, the requests whose answers it
 * judged (`steps`) and how long they took (`ms`: the sum of their times, from sending each to its answer read).
 * @typedef {Verdict & {check: Check, step: number | null, steps: number[], ms: number}} CheckResult
 */

/**
 * A step as it went: its request, and the answer or why there was none.
 * @typedef {object} StepRecord
 * @property {number} n
 * @property {string} operationId
 * @property {string} purpose
 * @property {ClientRequest | null} request null: not sent
 * @property {Outcome | null} outcome
 * @property {string | null} skipped why it was not sent
 */

/**
 * @typedef {object} CleanupRecord
 * @property {string} label what it was
 * @property {string} url
 * @property {'deleted' | 'already gone' | 'left behind'} result
 * @property {string} detail
 */

/**
 * @typedef {object} RunResult
 * @property {CheckResult[]} results one per check of the plan, in the plan's order
 * @property {StepRecord[]} steps
 * @property {CleanupRecord[]} cleanup
 * @property {boolean} interrupted
 * @property {string | null} unreachable why the server could not be reached (the run stopped)
 * @property {number} ms
 */

/** After this many requests in a row without an answer for a network reason, the server is taken to be gone. */
const goneAfter = 3;

/**
 * Runs a plan.
 * @param {Plan} plan
 * @param {object} options
 * @param {URL} options.baseUrl
 * @param {[string, string][]} options.headers the user's headers (authentication)
 * @param {number} options.timeoutMs per request
 * @param {AbortSignal} options.signal stops the run (Ctrl-C) after the request in flight, whose answer it waits for (so
 *   that it knows what that request made); the clean-up still runs
 * @param {AbortSignal} [options.cleanupSignal] aborts the request in flight and the clean-up (a second Ctrl-C)
 * @param {(step: Step, total: number) => void} [options.onStep]
 * @returns {Promise<RunResult>}
 */
export async function runPlan(plan, {baseUrl, headers, timeoutMs, signal, cleanupSignal = new AbortController().signal, onStep}) {
  const started = performance.now();
  const client = createClient({baseUrl, headers, timeoutMs, signal: cleanupSignal});
  const basePath = baseUrl.pathname.replace(/\/+$/, '');
  /** @type {Map<string, string>} */
  const stopped = new Map();
  /** @type {Record<string, string>} */
  const bindings = {};
  /** @type {Map<number, Outcome>} */
  const outcomes = new Map();
  /** @type {Map<string, Verdict & {step: number | null}>} */
  const verdicts = new Map();
  /** @type {StepRecord[]} */
  const records = [];
  /** What the run made, for the clean-up, by path; `gone` once a delete of it succeeded and a read found nothing. */
  /** @type {Map<string, {label: string, op: import('./model.mjs').KitOperation | null, gone: boolean, why?: string}>} */
  const made = new Map();
  /** @type {CleanupRecord[]} */
  const cleanup = [];
  let unreachable = /** @type {string | null} */ (null);
  let failuresInARow = 0;
  let answered = false;

  /** The steps whose answers each check judged, by check id: a check's time is theirs. */
  /** @type {Map<string, Set<number>>} */
  const judgedAt = new Map();
  /** Records a judgement of a check: a failure wins over a pass, a pass over a skip. */
  const record = (/** @type {Check} */ check, /** @type {Verdict} */ verdict, /** @type {number | null} */ step) => {
    if (step !== null && outcomes.has(step)) {
      const steps = judgedAt.get(check.id) ?? new Set();
      judgedAt.set(check.id, steps.add(step));
    }
    const known = verdicts.get(check.id);
    const rank = {fail: 2, pass: 1, skip: 0};
    if (!known || rank[verdict.result] > rank[known.result]) verdicts.set(check.id, {...verdict, step});
  };

  /**
   * A Location (or Content-Location) as a path under the base URL: resolved against the request's URL (dot segments
   * too), and only where the address it names is under the base URL, on its origin and its path (underBase). Any other
   * address is named in the error and never called.
   * @param {string} value
   * @param {string} requestUrl
   * @returns {{path: string, url: string} | {error: string, url: string | null}}
   */
  const locate = (value, requestUrl) => {
    /** @type {URL} */
    let url;
    try {
      url = new URL(value, requestUrl);
    } catch {
      return {error: 'not a URL', url: null};
    }
    if (url.origin !== baseUrl.origin)
      return {
        error: `it names ${url.href}, on another origin than the base URL (${baseUrl.origin}), which the kit does not call`,
        url: url.href,
      };
    if (!underBase(baseUrl, url))
      return {error: `it names ${url.href}, not under the base URL ${baseUrl.href}, which the kit does not call`, url: url.href};
    return {path: url.pathname.slice(basePath.length) || '/', url: url.href};
  };

  const skipStep = (/** @type {Step} */ step, /** @type {string} */ why) => {
    for (const e of step.evaluations) record(e.check, {result: 'skip', detail: why}, step.n);
    records.push({n: step.n, operationId: step.op.operationId, purpose: step.purpose, request: null, outcome: null, skipped: why});
  };

  /** Deletes what a path holds with an operation; the answer in words, and whether it is gone. */
  const remove = async (
    /** @type {string} */ path,
    /** @type {import('./model.mjs').KitOperation} */ op,
    /** @type {AbortSignal} */ runSignal,
  ) => {
    const o = await client.send({method: op.method, path, headers: requestHeaders(plan.model, op), body: null}, runSignal);
    const gone = o.status !== null && ((o.status >= 200 && o.status < 300) || o.status === 404 || o.status === 410);
    return {gone, status: o.status, words: describe(o)};
  };

  /**
   * No answer to a request that makes something (a timeout, an interruption): the server may have made it all the same.
   * Where the kit knows the path, the clean-up deletes it (a 404 then says it was not made).
   */
  const perhapsMade = (/** @type {Step} */ step, /** @type {string} */ path) => {
    if (!step.creates) return;
    const {path: target, missing: unbound} = fillPath(step.creates.path, bindings);
    if (!step.creates.fromLocation && !unbound.length && step.creates.op)
      made.set(target, {label: `${step.creates.label} (perhaps: step ${step.n} got no answer)`, op: step.creates.op, gone: false});
    else
      cleanup.push({
        label: step.creates.label,
        url: client.urlOf(path),
        result: 'left behind',
        detail: `perhaps: step ${step.n} got no answer, and the kit cannot tell where the server would have put what it made`,
      });
  };

  for (const step of plan.steps) {
    if (signal.aborted || unreachable) {
      skipStep(step, unreachable ? `not sent: ${unreachable}` : 'not sent: the run was interrupted');
      continue;
    }
    const blocked = step.needs.map((g) => stopped.get(g)).find(Boolean);
    if (blocked) {
      skipStep(step, blocked);
      continue;
    }
    const {path, missing} = fillPath(step.path, bindings);
    if (missing.length) {
      skipStep(step, `not sent: no id for ${missing.join(', ')}`);
      continue;
    }
    onStep?.(step, plan.steps.length);
    const outcome = await client.send({method: step.op.method, path, headers: step.headers, body: step.body?.text ?? null});
    if (signal.aborted && outcome.status === null) {
      perhapsMade(step, path);
      skipStep(step, 'not answered: the run was interrupted');
      continue;
    }
    outcomes.set(step.n, outcome);
    records.push({n: step.n, operationId: step.op.operationId, purpose: step.purpose, request: outcome.request, outcome, skipped: null});
    if (outcome.status === null && outcome.network) {
      failuresInARow++;
      if (!answered) unreachable = `cannot reach ${baseUrl.href}: ${outcome.failure}`;
      else if (failuresInARow >= goneAfter)
        unreachable = `the server stopped answering (${outcome.failure}, ${goneAfter} requests in a row)`;
    } else if (outcome.status !== null) {
      answered = true;
      failuresInARow = 0;
    }

    /** @type {import('./plan.mjs').RunState} */
    const run = {
      bindings,
      outcomeOf: (n) => outcomes.get(n),
      locate: (value) => locate(value, outcome.request.url),
      requestPath: path,
    };
    // A read of what the run made that finds nothing: the resource was not kept. That check fails, the read's own are
    // skipped (the read answered correctly), and the sequence stops.
    if (step.confirms && outcome.status === 404) {
      record(
        step.confirms.check,
        {result: 'fail', detail: `not kept: a read of ${step.confirms.what} answers ${describe(outcome)}`},
        step.n,
      );
      for (const e of step.evaluations)
        if (e.check !== step.confirms.check)
          record(e.check, {result: 'skip', detail: `nothing to read (see ${step.confirms.check.id})`}, step.n);
      stopped.set(step.confirms.group, `not sent: ${step.confirms.what} is not on the server (see ${step.confirms.check.id})`);
    } else {
      const primary = step.evaluations.find((e) => e.primary);
      for (const e of step.evaluations) {
        if (outcome.status === null && !e.primary)
          record(e.check, {result: 'skip', detail: `no answer${primary ? ` (see ${primary.check.id})` : ''}`}, step.n);
        else {
          /** @type {Verdict} */
          let verdict;
          try {
            verdict = outcome.status === null ? {result: 'fail', detail: describe(outcome)} : e.judge(outcome, run);
          } catch (error) {
            verdict = {
              result: 'fail',
              detail: `the kit could not judge the answer: ${error instanceof Error ? error.message : String(error)}`,
            };
          }
          record(e.check, verdict, step.n);
        }
      }
    }

    const ok = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
    if (outcome.status === null && outcome.reached) perhapsMade(step, path);
    // What the step may have left on the server.
    if (step.creates && ok) {
      const {path: target, missing: unbound} = fillPath(step.creates.path, bindings);
      let where = unbound.length ? null : target;
      /** Why the kit does not know where it is: no Location, or one it does not call. */
      let unknown = {url: '(the server named no Location)', why: 'the kit cannot tell where it is'};
      if (step.creates.fromLocation) {
        const location = outcome.headers.get('location');
        const found = location ? locate(location, outcome.request.url) : null;
        where = found && 'path' in found ? found.path : null;
        if (found && 'error' in found)
          unknown = {url: found.url ?? location ?? '', why: `not deleted: the Location ${location}: ${found.error}`};
      }
      if (step.creates.when === 'accepted') {
        // A request the server should have refused made something: undone at once, so that the run goes on as planned.
        if (where && step.creates.op) {
          const undone = await remove(where, step.creates.op, cleanupSignal);
          cleanup.push({
            label: step.creates.label,
            url: client.urlOf(where),
            result: undone.gone ? 'deleted' : 'left behind',
            detail: `undone at once: ${undone.words}`,
          });
        } else {
          cleanup.push({
            label: step.creates.label,
            url: where ? client.urlOf(where) : unknown.url,
            result: 'left behind',
            detail: where ? 'no operation of this run deletes it' : unknown.why,
          });
        }
      } else if (where) {
        made.set(where, {label: step.creates.label, op: step.creates.op, gone: false});
      }
    }
    if (step.essential) {
      if (!step.essential.statuses.includes(outcome.status ?? -1)) {
        const words =
          step.essential.statuses.length === 1 && step.essential.statuses[0] === 404
            ? `not sent: the server already holds something at ${path} (${describe(outcome)}), which the kit leaves alone`
            : `not sent: ${step.op.operationId} in step ${step.n} answered ${describe(outcome)}`;
        stopped.set(step.essential.group, words);
      } else if (step.essential.binding) {
        const {name, param, template} = step.essential.binding;
        const location = outcome.headers.get('location');
        const found = location ? locate(location, outcome.request.url) : {error: 'no Location header'};
        const params = 'path' in found ? templateMatch(template, found.path) : null;
        if (params?.[param]) {
          bindings[name] = params[param];
          made.set(fillPath({template, values: {[param]: params[param]}}).path, {
            label: step.creates?.label ?? `what step ${step.n} made`,
            op: step.creates?.op ?? null,
            gone: false,
          });
        } else {
          const why = 'error' in found ? found.error : `${location} names no ${template}`;
          stopped.set(step.essential.group, `not sent: the create in step ${step.n} gave no usable Location (${why})`);
          if (ok)
            cleanup.push({
              label: step.creates?.label ?? 'a created resource',
              url: ('url' in found && found.url) || '(unknown)',
              result: 'left behind',
              detail:
                'error' in found && location
                  ? `not deleted: the Location ${location}: ${found.error}`
                  : `the kit cannot tell where it is: ${why}`,
            });
        }
      }
    }
    if (step.deletes && ok) {
      const entry = made.get(fillPath(step.deletes, bindings).path);
      if (entry) entry.gone = true;
    }
    if (step.confirmsGone && outcome.status === 200) {
      const entry = made.get(fillPath(step.confirmsGone.path, bindings).path);
      if (entry) entry.gone = false;
    }
  }

  // The clean-up: whatever the run made and did not see deleted, newest first.
  for (const [path, entry] of [...made].reverse()) {
    if (entry.gone) continue;
    const url = client.urlOf(path);
    if (!entry.op) {
      cleanup.push({label: entry.label, url, result: 'left behind', detail: 'no operation of this run deletes it'});
      continue;
    }
    if (cleanupSignal.aborted) {
      cleanup.push({label: entry.label, url, result: 'left behind', detail: 'the clean-up was interrupted'});
      continue;
    }
    const done = await remove(path, entry.op, cleanupSignal);
    cleanup.push({
      label: entry.label,
      url,
      result: done.gone ? (done.status === 404 || done.status === 410 ? 'already gone' : 'deleted') : 'left behind',
      detail: done.words,
    });
  }

  /** @type {CheckResult[]} */
  const results = plan.checks.map((check) => {
    const verdict = verdicts.get(check.id);
    const steps = [...(judgedAt.get(check.id) ?? [])];
    const ms = steps.reduce((sum, n) => sum + (outcomes.get(n)?.ms ?? 0), 0);
    if (verdict) return {check, ...verdict, steps, ms};
    const why = plan.skipped.get(check.id) ?? (signal.aborted ? 'the run was interrupted' : 'no request of this run reached it');
    return {check, result: /** @type {const} */ ('skip'), detail: why, step: null, steps, ms};
  });
  return {results, steps: records, cleanup, interrupted: signal.aborted, unreachable, ms: Math.round(performance.now() - started)};
}
