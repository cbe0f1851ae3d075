// The API registry (apis.json) for the TypeScript side: docusaurus.config.ts, sidebars.ts and the components.
import registry from './apis.json';

/** One version of one SETU API, as listed in apis.json. */
export interface ApiVersion {
  /** Folder under api-reference/ and, through pluginIdOf, the plugin ids (`api-<id>`, `openapi-<id>`). */
  id: string;
  /** Name of the standard, the same for all its versions. */
  standard: string;
  /** The standard in the message dictionary's routes (/docs/messages/<standardSlug>/<version>/<Message>), shared by its versions. */
  standardSlug: string;
  version: string;
  /** `current`: the release implementers build today; `previous`: an older release still in production. */
  status: 'current' | 'previous';
  /** Title of the reference's landing page: the spec's `info.title`. */
  title: string;
  /** How links and the sidebar name the standard's documentation pages. */
  docsLabel: string;
  /** What the API exchanges, in a few words. */
  summary: string;
  /** File in specs/, published at /docs/specs/<specFile>. */
  specFile: string;
  /** Routes under /docs: the generated reference, the standard's documentation and its specification page. */
  referenceRoute: string;
  docsRoute: string;
  specPageRoute: string;
  /** Component schemas the message validator offers. */
  messageTypes: string[];
  /** The XML namespace of the messages; `assumed` says why where the published material names none. Absent: JSON only. */
  xml?: {namespace: string; assumed: string | null};
}

export const apis = registry.apis as ApiVersion[];

/** Whether the standard of `api` is documented in more than one version. */
const hasVersions = (api: ApiVersion): boolean => apis.filter((a) => a.standard === api.standard).length > 1;

/** How links name an API: its title, with the version where its standard has several. */
export const apiLabel = (api: ApiVersion): string => (hasVersions(api) ? `${api.title} ${api.version}` : api.title);

export {pluginIdOf} from './plugin-ids.mjs';
