// Types of the OpenAPI theme's modules that this site imports and the theme does not declare: the explorer's store
// hooks and its server action. Only the parts of the state read here are declared.

declare module '@theme/ApiItem/hooks' {
  /** The parts of the explorer's state read by this site's components. */
  interface ExplorerState {
    server: {value?: {url: string; variables?: Record<string, {default?: string}>}; options: {url: string}[]};
    /** The last answer: its status, body text and headers (absent before the first Send). */
    response: {code?: string | number; value?: string; headers?: Record<string, string>};
    /** The request body as the form holds it (a raw body: the editor's text). */
    body: unknown;
    contentType: {value?: string};
    /** The Accept the form sends. */
    accept: {value?: string};
  }
  export function useTypedDispatch(): (action: unknown) => void;
  export function useTypedSelector<T>(selector: (state: ExplorerState) => T): T;
}

declare module '@theme/ApiExplorer/Server/slice' {
  /** The action that chooses a server, given as its JSON. */
  export function setServer(serverJson: string): unknown;
}

// The operation page's deferred parts (runtime/deferred-parts.ts): rendered with the props the plugin wrote to their
// JSON files, which the theme does not type.
declare module '@theme/ParamsDetails' {
  import type {ComponentType} from 'react';
  const ParamsDetails: ComponentType<Record<string, unknown>>;
  export default ParamsDetails;
}

declare module '@theme/RequestSchema' {
  import type {ComponentType} from 'react';
  const RequestSchema: ComponentType<Record<string, unknown>>;
  export default RequestSchema;
}

declare module '@theme/StatusCodes' {
  import type {ComponentType} from 'react';
  const StatusCodes: ComponentType<Record<string, unknown>>;
  export default StatusCodes;
}
