import fs from 'node:fs';
import path from 'node:path';
import type {Page} from '@playwright/test';

// What tests/e2e/tables.spec.ts holds every table to at 1280 px, for the specs that load pages with tables: the
// content pages' sweep (tests/e2e/content.spec.ts) measures them on its own load, and the tables spec sweeps the rest.

const buildDir = path.resolve(__dirname, '../../build');

/**
 * Tables that may still scroll at 1280 px (`<route> table <n>`, n 1-based in the page's order), each with its reason.
 * Each is checked for what a scrolling table must have instead (below). None today: every table fits.
 */
export const justified: Record<string, string> = {};

interface WideTable {
  /** 1-based, in the order of the page. */
  index: number;
  /** The heading above the table and its header cells, to find it in the page's source. */
  where: string;
  width: number;
  column: number;
}

/**
 * The tables of the page in the browser that are wider than their column: the content column (`.markdown`, else the
 * article or main element), measured with every <details> and tab panel open. A table that scrolls inside its own box
 * has its content's width as `scrollWidth`.
 */
function wideTables(page: Page): Promise<WideTable[]> {
  return page.evaluate(() => {
    document.querySelectorAll('details').forEach((details) => (details.open = true));
    document.querySelectorAll('[role="tabpanel"][hidden]').forEach((panel) => panel.removeAttribute('hidden'));
    const found: WideTable[] = [];
    document.querySelectorAll<HTMLTableElement>('main table').forEach((table, i) => {
      const column = table.closest('.markdown') ?? table.closest('article') ?? table.closest('main')!;
      const style = getComputedStyle(column);
      const columnWidth = column.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const width = Math.max(table.scrollWidth, table.getBoundingClientRect().width);
      if (width <= columnWidth + 1) return;
      let heading: Element | null = null;
      for (let el: Element | null = table; el && !heading; el = el.previousElementSibling ?? el.parentElement) {
        if (el !== table && /^H[1-6]$/.test(el.tagName)) heading = el;
        if (el === column) break;
      }
      const headers = Array.from(table.rows[0]?.cells ?? [], (c) => c.textContent!.trim());
      found.push({
        index: i + 1,
        where: `under “${heading?.textContent?.replace(/\u200b/g, '').trim() ?? '(no heading)'}”: ${headers.join(' | ')}`,
        width: Math.round(width),
        column: Math.round(columnWidth),
      });
    });
    return found;
  });
}

/** The built HTML file of a route: `x/index.html` or `x.html`. */
export function htmlOf(route: string): string {
  const relative = route.replace(/^\/docs\/?/, '');
  const candidates = [path.join(buildDir, relative, 'index.html'), path.join(buildDir, `${relative.replace(/\/$/, '')}.html`)];
  const file = candidates.find((f) => fs.existsSync(f));
  return file ? fs.readFileSync(file, 'utf8') : '';
}

// The pages whose server-rendered HTML holds a table (about a third of the site): the others have none to measure.

/** The tables of the page that are wider than their column at the page's width and are not justified, said in words. */
export async function unjustifiedWideTables(page: Page, route: string): Promise<string[]> {
  return (await wideTables(page))
    .filter((t) => !justified[`${route} table ${t.index}`])
    .map((t) => `${route} table ${t.index} (${t.where}): ${t.width} px in a ${t.column} px column`);
}
