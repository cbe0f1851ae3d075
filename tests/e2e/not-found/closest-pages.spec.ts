import {test, expect} from '../fixtures';
import {sitePages} from '../pages';
import {closestPages} from '../../../src/theme/NotFound/Content/closest-pages';

// The not-found page's "Pages with a similar address" (src/theme/NotFound/Content/closest-pages.ts), for every page of
// the sitemap: an address mistyped the ways readers mistype lists that page first. In Node, over the sitemap of the
// build; the page itself shows the list in tests/e2e/site-shell.spec.ts ("addresses").

test('a mistyped address of any page of the site lists that page first; an address like no page lists none', () => {
  const routes = sitePages();
  expect(routes.length).toBeGreaterThan(100);
  const wrong: string[] = [];
  for (const route of routes.filter((r) => r !== '/docs/')) {
    const bare = route.replace(/\/$/, '');
    const folders = bare.split('/').slice(0, -1);
    const name = bare.split('/').at(-1)!;
    const middle = Math.floor(name.length / 2);
    const mistyped = [
      `${bare.toUpperCase()}/`, // the wrong case, a slash added
      `${bare}.html`,
      `${[...folders, name.replace(/-/g, ' ')].join('/')}`, // spaces for hyphens, as the reference site wrote its folders
      // A letter left out of the page's name, where a name of four letters or more keeps enough to tell it from others.
      ...(name.length >= 4 ? [`${[...folders, name.slice(0, middle) + name.slice(middle + 1)].join('/')}`] : []),
    ];
    for (const address of mistyped) {
      const first = closestPages(address, routes, '/docs/')[0];
      if (first !== route) wrong.push(`${address}: ${first ?? 'nothing'} first, not ${route}`);
    }
  }
  expect(wrong).toEqual([]);
  // A folder left out, a folder's name mistyped, the reference site's old addresses.
  expect(closestPages('/docs/FAQ', routes, '/docs/')[0]).toBe('/docs/planning/FAQ');
  expect(closestPages('/docs/purchase-to-pay/Timecard', routes, '/docs/')[0]).toBe('/docs/purchase-to-pay-v2/Timecard');
  expect(closestPages('/docs/gelijkwaardige-beloning/sequence%20diagrams/sequence%20diagrams', routes, '/docs/')).toContain(
    '/docs/gelijkwaardige-beloning/sequence-diagrams',
  );
  expect(closestPages('/docs/no/such/page', routes, '/docs/')).toEqual([]);
  expect(closestPages('/docs/', routes, '/docs/')).toEqual([]);
});
