// The kit's models of every API version, read from specs/ of this clone: what the command run in a clone, the site's
// page of the kit, its Markdown twin and the tests start from. (The one-file command carries them, made by build.mjs.)
import fs from 'node:fs';
import {apisWithReference} from '../../data/registry.mjs';
import {kitModelOf} from './model.mjs';

/** The folder of the specs. */
const specsDir = new URL('../../../specs/', import.meta.url);

/**
 * The model of every API version the registry lists with an API specification, in the registry's order.
 * @param {URL | string} [dir] where the specs are (specs/ of this clone)
 * @returns {import('./model.mjs').KitModel[]}
 */
export function readModels(dir = specsDir) {
  const folder = typeof dir === 'string' ? new URL(`file://${dir.replace(/\/?$/, '/')}`) : dir;
  return apisWithReference.map((api) => kitModelOf(api, JSON.parse(fs.readFileSync(new URL(api.specFile, folder), 'utf8'))));
}
