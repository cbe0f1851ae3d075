import fs from 'node:fs';
import path from 'node:path';
import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';
import {apis, apiLabel} from '../../data/registry.mjs';

/** One entry of a sidebar as written in a sidebars file. */
type SidebarItemConfig = Extract<SidebarsConfig[string], unknown[]>[number];

/**
 * The generator prefixes doc ids with the folders of its output directory below the first when that directory is the
 * docs-plugin path itself ("api-reference/p2p/get-timecard" for the doc "get-timecard" in generated/api-reference/p2p);
 * strip that prefix, up to the API's folder.
 */
function withoutIdPrefix(items: SidebarItemConfig[], folder: string): SidebarItemConfig[] {
  const strip = (id: string) => {
    const at = id.indexOf(`${folder}/`);
    return at === 0 || (at > 0 && id[at - 1] === '/') ? id.slice(at + folder.length + 1) : id;
  };
  return items.map((item) => {
    if (typeof item !== 'object' || item === null) return item;
    const copy = {...item} as Record<string, unknown> & {id?: string; link?: {id?: string}; items?: SidebarItemConfig[]};
    if (typeof copy.id === 'string') copy.id = strip(copy.id);
    if (copy.link && typeof copy.link.id === 'string') copy.link = {...copy.link, id: strip(copy.link.id)};
    if (Array.isArray(copy.items)) copy.items = withoutIdPrefix(copy.items, folder);
    return copy as SidebarItemConfig;
  });
}

/**
 * Each operation in the category of its first tag only. SETU's specs give an operation its message's tag first, then the
 * tags of the parties that implement it; the OpenAPI plugin lists an operation under every tag it has, so each would
 * appear (and be highlighted) twice or three times. The parties' view is the landing page's (landing-page.ts).
 */
function oneEntryPerOperation(items: SidebarItemConfig[], firstTagOf: ReadonlyMap<string, string>): SidebarItemConfig[] {
  return items.flatMap((item): SidebarItemConfig[] => {
    if (typeof item !== 'object' || item === null || item.type !== 'category' || !Array.isArray(item.items)) return [item];
    const kept = (item.items as SidebarItemConfig[]).filter((child) => {
      if (typeof child !== 'object' || child === null || child.type !== 'doc') return true;
      const tag = firstTagOf.get(child.id);
      if (tag === undefined) throw new Error(`the sidebar names the operation ${child.id}, which the spec does not have`);
      return tag === item.label;
    });
    return kept.length ? [{...item, items: kept}] : [];
  });
}

/** The first tag of each operation of a spec of specs/, by operationId (the id of its page). */
function firstTags(specFile: string): Map<string, string> {
  const spec = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', '..', 'specs', specFile), 'utf8')) as {
    paths: Record<string, Record<string, {operationId?: string; tags?: string[]} | undefined>>;
  };
  const found = new Map<string, string>();
  for (const item of Object.values(spec.paths))
    for (const operation of Object.values(item))
      if (operation?.operationId && operation.tags?.[0]) found.set(operation.operationId, operation.tags[0]);
  return found;
}

/**
 * The sidebar of one API reference: the generated items (overview, then each operation under its first tag) under one heading
 * that names the API and, where its standard has several, its version, so that the breadcrumbs and the search
 * results of every page say which API version it belongs to.
 */
export function referenceSidebar(apiId: string, generated: SidebarItemConfig[]): SidebarsConfig {
  const api = apis.find((a) => a.id === apiId);
  if (!api) throw new Error(`generated/api-reference/${apiId}: not in the API registry (src/data/apis.json)`);
  // The heading links the landing page (the generated info page, first of the items), instead of an "Overview" entry.
  const [overview, ...operations] = withoutIdPrefix(generated, apiId);
  if (typeof overview !== 'object' || overview === null || overview.type !== 'doc')
    throw new Error(`generated/api-reference/${apiId}: the first generated item is not the landing page`);
  let items: SidebarItemConfig[];
  try {
    items = oneEntryPerOperation(operations, firstTags(api.specFile));
  } catch (error) {
    throw new Error(`generated/api-reference/${apiId}/sidebar.ts: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  return {
    reference: [{type: 'category', label: apiLabel(api), collapsible: false, link: {type: 'doc', id: overview.id}, items}],
  };
}
