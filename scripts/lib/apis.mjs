// The registry of the APIs (src/data/apis.json) as the scripts and tests read it.
import fs from 'node:fs';
import path from 'node:path';
import {root} from './paths.mjs';
import {locateRoute} from '../../src/data/standard-versions.mjs';

/** @type {{apis: Array<{id: string, standard: string, standardSlug: string, version: string, status: string, title: string, docsLabel: string, summary: string, specFile: string, referenceRoute: string, docsRoute: string, specPageRoute: string, messageTypes: string[], xml?: {namespace: string, assumed: string | null}}>}} */
const registry = JSON.parse(fs.readFileSync(path.join(root, 'src', 'data', 'apis.json'), 'utf8'));

export const apis = registry.apis;

/** The API version whose documentation contains the page at `route` (under /docs): the longest matching `docsRoute`. */
export function apiOfRoute(route, registry = apis) {
  const found = locateRoute(route, registry);
  return found?.kind === 'docs' ? found.api : undefined;
}

/** The spec files of specs/, one per API version. */
export const specFiles = apis.map((api) => api.specFile);

export {pluginIdOf} from '../../src/data/plugin-ids.mjs';
