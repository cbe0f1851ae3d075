// The site's sandbox (src/plugins/sandbox/) as a server of the API explorer: the first server of every operation page,
// beside the spec's own. It is added where the pages are generated (operation-page.ts), never to specs/: the published
// files keep the standard's servers. The page is generated with the site's published address; the browser puts in its
// own origin (theme/ApiItem), so that the request samples show a URL that works where the reader is.
import {baseUrl, siteUrl} from '../../data/site.mjs';
import type {Server} from './server-url';

/** The member that marks the sandbox's server object; its value is the API version's registry id. */
const sandboxMarker = 'x-setu-sandbox';

export interface SandboxServer extends Server {
  description: string;
  [sandboxMarker]: string;
}

/** The sandbox's path of an API version under an origin: `<origin>/docs/sandbox/<registry id>`. */
const sandboxUrlAt = (origin: string, apiId: string) => `${origin}${baseUrl}sandbox/${apiId}`;

/** The server object of an API version's sandbox, at the site's published address. */
export function sandboxServer(apiId: string): SandboxServer {
  return {
    url: sandboxUrlAt(siteUrl, apiId),
    description: "This site's sandbox, not SETU's: answered in your browser, with nothing sent anywhere (see the Sandbox page).",
    [sandboxMarker]: apiId,
  };
}

/** Whether a server object (of the explorer's state or the page's operation) is the site's sandbox. */
export function isSandboxServer(server: unknown): server is SandboxServer {
  return typeof server === 'object' && server !== null && typeof (server as Record<string, unknown>)[sandboxMarker] === 'string';
}
