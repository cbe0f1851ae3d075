// Where the request samples of an operation page find the operation in full. The page's `api` front matter carries
// only what the page needs before the samples open (methods, parameters, servers, the media types of the bodies); the
// rest of the operation (examples, request template) is a JSON module beside the page, which the page registers here
// with its request-schema module (the request body) when its module loads; the request samples import both when the
// reader opens them.

type Loader = () => Promise<unknown>;

/** The operation without its request body, and (where it has one) the page's RequestSchema data, which holds it. */
interface OperationLoaders {
  operation: Loader;
  requestSchema?: Loader;
}

const loaders = new Map<string, OperationLoaders>();

/** The member of the front matter's operation that holds its key (the API version's id and the operationId). */
export const operationKeyProperty = 'x-operation-key';

/** Called from an operation page's module; returns the key, so that the page can export it. */
export function registerOperation(key: string, operation: Loader, requestSchema?: Loader): string {
  loaders.set(key, {operation, requestSchema});
  return key;
}

const unwrap = (module: unknown) => ((module as {default?: unknown}).default ?? module) as Record<string, unknown>;

/** The operation in full, or undefined for a page that registered none. */
export async function loadOperation(key: string): Promise<Record<string, unknown> | undefined> {
  const found = loaders.get(key);
  if (!found) return undefined;
  const [operation, requestSchema] = await Promise.all([found.operation(), found.requestSchema?.()]);
  return requestSchema === undefined ? unwrap(operation) : {...unwrap(operation), requestBody: unwrap(requestSchema).body};
}
