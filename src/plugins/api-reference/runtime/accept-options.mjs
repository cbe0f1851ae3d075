// The Accept values the explorer's request form offers. The theme's ApiItem builds them from the media types of the
// operation's 2XX responses (patched to drop repeats, see patches/README.md), and drops the operation's own `Accept`
// header parameter, which the generator leaves out of the explorer's parameters (operation-page.ts,
// explorerParameters: OpenAPI says to ignore it, and kept, each sample sent Accept twice). Where an operation declares
// `Accept` with values, the form offers those values instead (issue 41: "wherever the operation declares it"): Planning
// and Scheduling's line reads declare JSON and XML while their 200 answers JSON only, and the sandbox answers 406 to
// XML there. The generator writes the declared values into the explorer's operation; the page's ApiItem gives the
// theme's store a copy whose 2XX media types are those values (withAcceptOptions), as the theme has no option for it.
// tests/unit/api-reference/generated-pages.test.mjs checks every operation of every spec.

/** The theme's test of a 2XX status code (docusaurus-theme-openapi-docs, ApiItem), kept as it is. */
const successStatus = /(20[0-9]|2[1-9][0-9])/;

/** The member of the explorer's operation that holds the values of its declared `Accept` header parameter. */
export const acceptOptionsProperty = 'x-setu-accept';

/**
 * @typedef {{name?: string, in?: string, schema?: {enum?: unknown[]}}} Parameter
 * @typedef {{content?: Record<string, unknown>}} Response
 * @typedef {{responses?: Record<string, Response | undefined>, 'x-setu-accept'?: string[]}} Operation the explorer's
 */

/**
 * The values of the operation's `Accept` header parameter (its schema's enum, each once), or undefined where it
 * declares none or no values.
 * @param {unknown[] | undefined} parameters the operation's parameters, dereferenced
 * @returns {string[] | undefined}
 */
export function declaredAcceptOf(parameters) {
  const accept = /** @type {Parameter[]} */ (parameters ?? []).find((p) => p?.in === 'header' && p.name?.toLowerCase() === 'accept');
  const values = accept?.schema?.enum?.filter((value) => typeof value === 'string');
  return values?.length ? [...new Set(values)] : undefined;
}

/**
 * The media types of the operation's 2XX responses, each once, in their order.
 * @param {unknown} operation
 * @returns {string[]}
 */
export const successTypesOf = (operation) => {
  const responses = /** @type {Operation | undefined} */ (operation)?.responses ?? {};
  const types = Object.entries(responses)
    .filter(([code]) => successStatus.test(code))
    .flatMap(([, response]) => Object.keys(response?.content ?? {}));
  return [...new Set(types)];
};

/**
 * The media types the request form offers as `Accept`, each once, in their order: the declared ones where the
 * operation declares `Accept`, else those of its 2XX responses.
 * @param {unknown} operation the page's operation (its front matter)
 * @returns {string[]}
 */
export function acceptOptionsOf(operation) {
  const declared = /** @type {Operation | undefined} */ (operation)?.[acceptOptionsProperty];
  return declared ? [...new Set(declared)] : successTypesOf(operation);
}

/**
 * The operation as the theme's ApiItem is to read it for its store: where it declares `Accept`, its first 2XX response
 * lists the declared media types and the others none, so that the theme's options are acceptOptionsOf's. Only the
 * store reads these media types from the page's operation (the page renders its responses from their own data, and
 * the request samples load the operation in full); the operation itself is left as it is.
 * @template {object} T
 * @param {T} operation
 * @returns {T}
 */
export function withAcceptOptions(operation) {
  const declared = /** @type {Operation} */ (operation)[acceptOptionsProperty];
  const responses = /** @type {Operation} */ (operation).responses;
  if (!declared || !responses) return operation;
  const first = Object.keys(responses).find((code) => successStatus.test(code));
  const asOffered = Object.fromEntries(
    Object.entries(responses).map(([code, response]) => [
      code,
      !successStatus.test(code)
        ? response
        : {
            ...(response ?? {}),
            content: code === first ? Object.fromEntries(declared.map((type) => [type, response?.content?.[type] ?? {}])) : {},
          },
    ]),
  );
  return /** @type {T} */ ({.../** @type {object} */ (operation), responses: asOffered});
}
