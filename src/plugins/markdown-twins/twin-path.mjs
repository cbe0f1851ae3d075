// Where a page's Markdown twin is: its URL + `.md`, or `index.md` for a URL that ends in `/`. The build writes the twins
// there (src/plugins/markdown-twins) and the "Copy page as Markdown" control fetches them from there.

/** `/docs/planning/scenario-1` → `/docs/planning/scenario-1.md`, `/docs/planning/` → `/docs/planning/index.md`. */
export const twinPath = (/** @type {string} */ route) => (route.endsWith('/') ? `${route}index.md` : `${route}.md`);

/**
 * Every address that answers with a page's twin, twinPath's first: `.md` added to the page's URL in either form, with
 * or without its trailing slash (`/x/index.md` and `/x.md`), since links to a page use both and llms.txt tells
 * assistants to add `.md` to the URL they have.
 */
export const twinAddresses = (/** @type {string} */ route) => {
  const bare = route.replace(/\/$/, '');
  const forms = [`${bare}.md`, `${bare}/index.md`];
  return route.endsWith('/') ? forms.reverse() : forms;
};
