// Which component schema a JSON example on a page follows. The meta schema="Name" names a component; the
// same name can exist in several specs (both Inquiry Pay Equity versions have `InquiryPayEquity`,
// `Condition`, `Period` …), so it is looked up in the spec of the API version whose documentation holds
// the page, else in the one spec that has it. The meta api="<registry id>" chooses the spec explicitly.
import {apis, apiOfRoute} from '../../src/data/registry.mjs';

export {routeOfFile as pageRoute} from '../../src/remark/version-notice.mjs';

/**
 * Resolves schema="`name`" for a page at `route`, `apiId` being its api="…" meta (or undefined).
 * `compiled` is the map of compileSchemas(): values {file, name, validate}.
 * Returns {file, name, validate} or {error}, the error saying why and what to write instead.
 */
export function resolveSchema(compiled, name, {route, apiId}, registry = apis) {
  const loaded = new Set(Object.values(compiled).map((c) => c.file));
  const candidates = Object.values(compiled).filter((c) => c.name === name);
  const inSpec = (file) => candidates.find((c) => c.file === file);
  if (apiId !== undefined) {
    const api = registry.find((a) => a.id === apiId);
    if (!api)
      return {error: `api="${apiId}" is not in the API registry (src/data/apis.json; ids: ${registry.map((a) => a.id).join(', ')})`};
    return inSpec(api.specFile) ?? {error: `schema="${name}" is not a component schema of specs/${api.specFile} (api="${apiId}")`};
  }
  if (candidates.length === 0) return {error: `schema="${name}" is not a component schema of any spec in specs/`};
  const home = apiOfRoute(route, registry);
  if (home && !loaded.has(home.specFile)) {
    return {error: `the page belongs to API "${home.id}", whose spec specs/${home.specFile} is missing`};
  }
  const own = home && inSpec(home.specFile);
  if (own) return own;
  if (candidates.length === 1) return candidates[0];
  const owners = candidates.map((c) => registry.find((a) => a.specFile === c.file));
  return {
    error:
      `schema="${name}" is ambiguous: ${candidates.map((c) => `specs/${c.file}`).join(', ')} all have it` +
      `${home ? `, and the spec of this page's API "${home.id}" does not` : ', and the page is in the documentation of none of their APIs'}; ` +
      `choose one with api="<id>" (${owners
        .map((a) => a?.id)
        .filter(Boolean)
        .join(', ')})`,
  };
}
