// The registry of the APIs (src/data/apis.json) as the scripts and tests read it.
import fs from 'node:fs';
import path from 'node:path';
import {root} from './paths.mjs';
import {locateRoute} from '../../src/data/standard-versions.mjs';

/** @type {{apis: Array<{id: string, standard: string, standardSlug: string, version: string, status: 'current' | 'previous' | 'referenced' | 'message-model', api?: false, title: string, docsLabel: string, summary: string, specFile: string, referenceRoute?: string, docsRoute: string, specPageRoute: string, messageTypes: string[], xml?: {namespace: string, roots?: Record<string, string>, rootAliases?: Record<string, Record<string, string>>, formatTypes?: Record<string, string>}}>}} */
const registry = JSON.parse(fs.readFileSync(path.join(root, 'src', 'data', 'apis.json'), 'utf8'));

export const apis = registry.apis;

/** The API version whose documentation contains the page at `route` (under /docs): the longest matching `docsRoute`. */
export function apiOfRoute(route, registry = apis) {
  const found = locateRoute(route, registry);
  return found?.kind === 'docs' ? found.api : undefined;
}

/** The spec files of specs/, one per API version. */
export const specFiles = apis.map((api) => api.specFile);

/** The API versions with an API specification (operations and a generated reference); `"api": false` marks the others. */
export const apisWithReference = apis.filter((api) => api.api !== false);

export {pluginIdOf} from '../../src/data/plugin-ids.mjs';
