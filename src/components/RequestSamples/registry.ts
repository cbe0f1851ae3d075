// Where the request samples of an operation page find the operation in full. The page's `api` front matter carries
// only what the page needs before the samples open (methods, parameters, servers, the media types of the bodies); the
// whole operation, with its schemas, examples and request template, is a JSON module beside the page, which the page
// registers here when its module loads and the request samples import when the reader opens them.

type Loader = () => Promise<unknown>;

const loaders = new Map<string, Loader>();

/** The member of the front matter's operation that holds its key (the API version's id and the operationId). */
export const operationKeyProperty = 'x-operation-key';

/** Called from an operation page's module; returns the key, so that the page can export it. */
export function registerOperation(key: string, load: Loader): string {
  loaders.set(key, load);
  return key;
}

/** The operation in full, or undefined for a page that registered none. */
export function loadOperation(key: string): Promise<Record<string, unknown>> | undefined {
  const load = loaders.get(key);
  return load?.().then((module) => ((module as {default?: unknown}).default ?? module) as Record<string, unknown>);
}
