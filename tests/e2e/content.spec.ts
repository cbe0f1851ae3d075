import {test, expect} from './fixtures';
import {contentPages, shownDiagramSvgs} from './pages';
import {htmlOf, unjustifiedWideTables} from './wide-tables';

// Every content page renders: its title as h1, every Mermaid diagram of its source as an SVG (one
// shown per diagram: the build puts a light and a dark one in each container), and no error in the console; and, on
// the same load at 1280 px, each of its tables fits its column (what tests/e2e/tables.spec.ts holds every page to).
// The pages are visited in a few groups, each in one browser page: the site's scripts are then fetched and compiled
// once per group instead of once per page (a fresh page for each took most of this test's time).

test('all content pages are found', () => {
  expect(contentPages.length).toBeGreaterThanOrEqual(35);
});

const groupCount = 4;
const groups = Array.from({length: groupCount}, (_, g) => contentPages.filter((_, i) => i % groupCount === g));

groups.forEach((group, g) => {
  test(`content pages ${g + 1}/${groupCount} (${group.length}) render their title and diagrams without console errors, tables within their column`, async ({
    page,
  }) => {
    test.setTimeout(30_000 + group.length * 10_000);
    let current = '';
    const errors: string[] = [];
    const wide: string[] = [];
    await page.setViewportSize({width: 1280, height: 900});
    page.on('console', (m) => m.type() === 'error' && errors.push(`${current}: ${m.text()}`));
    page.on('pageerror', (e) => errors.push(`${current}: ${e.message}`));
    for (const {file, route, mermaidBlocks} of group) {
      current = `${route} (${file})`;
      const response = await page.goto(route);
      expect.soft(response!.status(), `${current} is served`).toBe(200);
      await expect.soft(page.locator('article h1, header h1').first(), `${current}: its title`).toBeVisible();
      const diagrams = await shownDiagramSvgs(page);
      expect
        .soft(
          diagrams.map((ids) => ids.length),
          `${current}: SVGs shown per diagram`,
        )
        .toEqual(Array(mermaidBlocks).fill(1));
      // A diagram Mermaid cannot parse renders as an error picture instead of the drawing.
      await expect
        .soft(page.locator('.docusaurus-mermaid-container', {hasText: /Syntax error|Parse error/}), `${current}: diagram errors`)
        .toHaveCount(0);
      // Scripts start after the first paint: let them run before the next page, so that their errors count here.
      await page.waitForLoadState('load');
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
      if (htmlOf(route).includes('<table')) wide.push(...(await unjustifiedWideTables(page, route)));
    }
    expect(errors, 'console errors').toEqual([]);
    expect(wide, `tables wider than their column at 1280 px:\n${wide.join('\n')}`).toEqual([]);
  });
});
