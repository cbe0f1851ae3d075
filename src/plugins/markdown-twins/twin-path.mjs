// Where a page's Markdown twin is: its URL + `.md`, or `index.md` for a URL that ends in `/`. The build writes the twins
// there (src/plugins/markdown-twins) and the "Copy page as Markdown" control fetches them from there.

/** `/docs/planning/scenario-1` → `/docs/planning/scenario-1.md`, `/docs/planning/` → `/docs/planning/index.md`. */
export const twinPath = (/** @type {string} */ route) => (route.endsWith('/') ? `${route}index.md` : `${route}.md`);
