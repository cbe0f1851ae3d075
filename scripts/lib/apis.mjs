// The registry of the APIs (src/data/apis.json) as the scripts and tests read it.
import fs from 'node:fs';
import path from 'node:path';
import {root} from './paths.mjs';

/** @type {{apis: Array<{id: string, standard: string, version: string, status: string, title: string, docsLabel: string, summary: string, specFile: string, referenceRoute: string, docsRoute: string, specPageRoute: string, messageTypes: string[], xml?: {namespace: string, assumed: string | null}}>}} */
const registry = JSON.parse(fs.readFileSync(path.join(root, 'src', 'data', 'apis.json'), 'utf8'));

export const apis = registry.apis;

/** The spec files of specs/, one per API version. */
export const specFiles = apis.map((api) => api.specFile);

/** The API version a spec file describes. */
export function apiOfSpec(specFile) {
  const api = apis.find((a) => a.specFile === specFile);
  if (!api) throw new Error(`specs/${specFile} is not in the API registry (src/data/apis.json)`);
  return api;
}
