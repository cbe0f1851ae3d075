// Checks of a validator verdict that the JSON and the XML tests share.
import assert from 'node:assert/strict';

/** A message with more errors than the page lists: the first 500, counted in full, in the order of the text. */
export function assertCappedErrors(verdict) {
  assert.equal(verdict.valid, false);
  assert.equal(verdict.errors.length, 500);
  assert.ok(verdict.errorCount > 500);
  assert.ok(
    verdict.errors.every((e, i, all) => i === 0 || e.line >= all[i - 1].line),
    'errors in the order of the text',
  );
}
