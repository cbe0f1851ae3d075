// One message resource's call sequence, in the standard's order: create (after its refusals) and read back, create in
// XML, list, update, lines, delete, and calls on ids the server does not hold. Where the run cannot make a resource,
// only the calls on unknown ids are sent.
import {planCreate} from './create.mjs';
import {planDelete} from './delete.mjs';
import {planLines} from './lines.mjs';
import {planLists} from './lists.mjs';
import {callsOf, setUp} from './sequence.mjs';
import {unknownId} from './unknown-ids.mjs';
import {planUpdate} from './update.mjs';
import {planXmlCreate} from './xml.mjs';

/** @typedef {import('../../sandbox/handlers/operations.mjs').SandboxResource} SandboxResource */
/** @typedef {import('./context.mjs').PlanContext} PlanContext */

/**
 * Adds a message resource's call sequence to the plan.
 * @param {PlanContext} plan
 * @param {SandboxResource} resource
 */
export function planResource(plan, resource) {
  const calls = callsOf(plan, resource);
  const start = setUp(calls);
  if (!start) {
    // The checks that need no resource of this kind still run: an id the server does not hold.
    for (const op of calls.ops.filter((o) => ['read', 'replace', 'delete'].includes(o.kind) && !calls.singleton))
      unknownId(plan, op, op.kind === 'replace' && calls.dual);
    return;
  }
  const sequence = planCreate(calls, start);
  planXmlCreate(sequence);
  planLists(sequence);
  planUpdate(sequence);
  planLines(sequence);
  planDelete(sequence);
  if (!calls.singleton)
    for (const op of calls.ops.filter((o) => ['read', 'replace', 'delete', 'list-related'].includes(o.kind)))
      unknownId(plan, op, op.kind === 'replace' && calls.dual);
}
