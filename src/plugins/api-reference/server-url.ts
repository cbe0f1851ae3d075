/** A server object of an OpenAPI spec. */
export interface Server {
  url: string;
  variables?: Record<string, {default?: string}>;
}

/** A server's URL with its variables filled in with their defaults, as the theme writes it on the endpoint line. */
export function serverUrl(server: Server): string {
  return Object.entries(server.variables ?? {}).reduce(
    (url, [name, variable]) => url.replace(`{${name}}`, variable.default ?? ''),
    server.url.replace(/\/$/, ''),
  );
}
