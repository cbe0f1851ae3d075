/** The theme's test of a 2XX status code (docusaurus-theme-openapi-docs, ApiItem), kept as it is. */
const successStatus = /(20[0-9]|2[1-9][0-9])/;

/**
 * The media types the explorer's request form offers as `Accept`: those of the operation's 2XX responses, each once, in
 * their order. The theme's ApiItem builds its store's options so (patched to drop repeats, see patches/README.md); the
 * page's operation (its front matter) holds the responses' media types.
 */
export function acceptOptionsOf(operation: unknown): string[] {
  const responses = (operation as {responses?: Record<string, {content?: Record<string, unknown>}>} | undefined)?.responses ?? {};
  const types = Object.entries(responses)
    .filter(([code]) => successStatus.test(code))
    .flatMap(([, response]) => Object.keys(response?.content ?? {}));
  return [...new Set(types)];
}
