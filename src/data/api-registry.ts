// The API registry (apis.json) for the TypeScript side: docusaurus.config.ts, sidebars.ts and the components.
import registry from './apis.json';

/** The XML form of the messages of one API version, from SETU's published XSDs (see the `$comment` of apis.json). */
interface XmlForm {
  /** The XSDs' target namespace, the exact string (Planning 1.0: `https://ontology.setu.nl/planning#`, with the `#`). */
  namespace: string;
  /** Message type -> its root element, for the messages an XSD defines (checked against the spec's `xml.name`). */
  roots?: Record<string, string>;
  /** Message type -> another root element accepted too -> the note the validator shows with it. */
  rootAliases?: Record<string, Record<string, string>>;
  /** JSON `format` -> the XSD datatype of its fields, where not time: xs:time, date: xs:date, date-time: xs:dateTime. */
  formatTypes?: Record<string, string>;
}

/** One version of one SETU API, as listed in apis.json. */
export interface ApiVersion {
  /** Folder under api-reference/ and, through pluginIdOf, the plugin ids (`api-<id>`, `openapi-<id>`). */
  id: string;
  /** Name of the standard, the same for all its versions. */
  standard: string;
  /** The standard in URLs of the message dictionary (`/messages/<standardSlug>/…`); the same for all its versions. */
  standardSlug: string;
  version: string;
  /**
   * `current`: the release implementers build today; `previous`: an older release still in production;
   * `referenced`: the version the standard's published API references, while a newer message model exists;
   * `message-model`: published as messages only, which no published API references yet.
   */
  status: 'current' | 'previous' | 'referenced' | 'message-model';
  /** `false`: the version has messages but no API specification (no operations, no reference, no `referenceRoute`). */
  api?: false;
  /** Title of the reference's landing page: the spec's `info.title`. */
  title: string;
  /** How links and the sidebar name the standard's documentation pages. */
  docsLabel: string;
  /** What the API exchanges, in a few words. */
  summary: string;
  /** File in specs/, published at /docs/specs/<specFile>. */
  specFile: string;
  /** Routes under /docs: the generated reference (absent where `api` is false), the standard's documentation and its specification page. */
  referenceRoute?: string;
  docsRoute: string;
  specPageRoute: string;
  /** Component schemas the message validator offers. */
  messageTypes: string[];
  /** The XML form of the messages, as SETU's XSDs define it. Absent: JSON only. */
  xml?: XmlForm;
}

export const apis = registry.apis as ApiVersion[];

/** An API version that has an API specification, and so a generated reference at `referenceRoute`. */
export type ApiWithReference = ApiVersion & {referenceRoute: string};

/** The versions with an API specification: those the reference plugins, menus and search cover. */
export const apisWithReference = apis.filter((api): api is ApiWithReference => api.api !== false && api.referenceRoute !== undefined);

/** Whether the standard of `api` is documented in more than one version. */
const hasVersions = (api: ApiVersion): boolean => apis.filter((a) => a.standard === api.standard).length > 1;

/** How links name an API: its title, with the version where its standard has several. */
export const apiLabel = (api: ApiVersion): string => (hasVersions(api) ? `${api.title} ${api.version}` : api.title);

export {pluginIdOf} from './plugin-ids.mjs';
