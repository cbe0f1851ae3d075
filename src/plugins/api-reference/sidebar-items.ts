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
 * The sidebar of one API reference: the generated items (overview, then the operations by tag) under one heading
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
  return {
    reference: [{type: 'category', label: apiLabel(api), collapsible: false, link: {type: 'doc', id: overview.id}, items: operations}],
  };
}
