/**
 * The three API references. Each is generated from its spec in `specs/` into `api-reference/<id>/`
 * (by `npm run gen-api`, before every build) and served under `/docs/api/<id>/`.
 * The landing page title is the spec's `info.title`.
 */
export interface ApiReference {
  /** Folder under api-reference/ and URL segment under /docs/api/. */
  id: 'p2p' | 'planning' | 'gelijkwaardige-beloning';
  /** File name in specs/, also published at /docs/specs/<specFile>. */
  specFile: string;
}

export const apiReferences: ApiReference[] = [
  {id: 'p2p', specFile: 'purchase-to-pay.json'},
  {id: 'planning', specFile: 'planning.json'},
  {id: 'gelijkwaardige-beloning', specFile: 'gelijkwaardige-beloning.json'},
];

type SidebarItem = {type?: string; id?: string; link?: {type?: string; id?: string}; items?: SidebarItem[]} & Record<string, unknown>;

/**
 * The generator prefixes doc ids with the last folder of its output directory when that directory is
 * the docs-plugin path itself ("p2p/get-timecard" for the doc "get-timecard"); strip that prefix.
 */
export function withoutIdPrefix<T extends SidebarItem>(items: T[], prefix: string): T[] {
  const strip = (id?: string) => (id?.startsWith(`${prefix}/`) ? id.slice(prefix.length + 1) : id);
  return items.map((item) => ({
    ...item,
    ...(item.id ? {id: strip(item.id)} : {}),
    ...(item.link?.id ? {link: {...item.link, id: strip(item.link.id)}} : {}),
    ...(item.items ? {items: withoutIdPrefix(item.items, prefix)} : {}),
  }));
}
