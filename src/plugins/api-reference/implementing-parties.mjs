// The implementing parties of an API version, as its landing page lists them under "Operations by implementing party"
// (landing-page.ts): the tags of its operations that are never an operation's first tag (the first names its message,
// as the sidebar groups them) and that tag at least one operation (a tag the spec declares for later, such as Inquiry
// Pay Equity 2.0's "Inquiry Pay Equity request", has none). The conformance kit's --party takes the same list
// (src/plugins/conformance/model.mjs).
import {httpMethods} from '../../data/http-methods.mjs';

/**
 * @typedef {object} TaggedOperation
 * @property {string} method upper case
 * @property {string} route the spec's path
 * @property {{operationId?: string, summary?: string, tags?: string[]}} operation
 */

/**
 * A spec's operations in its order, its messages' tags and its implementing parties, each in the spec's tag order
 * (tags that only operations name after those the spec declares).
 * @param {{tags?: {name: string}[], paths?: Record<string, Record<string, any>>}} spec
 * @returns {{operations: TaggedOperation[], messageTags: string[], parties: string[]}}
 */
export function tagsOf(spec) {
  const operations = Object.entries(spec.paths ?? {}).flatMap(([route, item]) =>
    Object.entries(item)
      .filter(([key]) => httpMethods.includes(key))
      .map(([method, operation]) => ({method: method.toUpperCase(), route, operation})),
  );
  const tagNames = (spec.tags ?? []).map((t) => t.name);
  for (const {operation} of operations) for (const t of operation.tags ?? []) if (!tagNames.includes(t)) tagNames.push(t);
  const firstTags = new Set(operations.map(({operation}) => operation.tags?.[0]).filter(Boolean));
  const used = new Set(operations.flatMap(({operation}) => operation.tags ?? []));
  return {
    operations,
    messageTags: tagNames.filter((t) => firstTags.has(t)),
    parties: tagNames.filter((t) => !firstTags.has(t) && used.has(t)),
  };
}
