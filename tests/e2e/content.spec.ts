import {test, expect} from '@playwright/test';
import {contentPages, shownDiagramSvgs} from './pages';

// Every content page renders: its title as h1, every Mermaid diagram of its source as an SVG (one
// shown per diagram: the build puts a light and a dark one in each container), and no error in the console.

test('all content pages are found', () => {
  expect(contentPages.length).toBeGreaterThanOrEqual(35);
});

for (const {file, route, mermaidBlocks} of contentPages) {
  test(`${route} (${file}) renders its title and ${mermaidBlocks} diagram(s) without console errors`, async ({page}) => {
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    const response = await page.goto(route);
    expect(response!.status(), `${route} is served`).toBe(200);
    await expect(page.locator('article h1, header h1').first()).toBeVisible();
    const diagrams = await shownDiagramSvgs(page);
    expect(
      diagrams.map((ids) => ids.length),
      'SVGs shown per diagram',
    ).toEqual(Array(mermaidBlocks).fill(1));
    // A diagram Mermaid cannot parse renders as an error picture instead of the drawing.
    await expect(page.locator('.docusaurus-mermaid-container', {hasText: /Syntax error|Parse error/})).toHaveCount(0);
    expect(errors, `console errors on ${route}`).toEqual([]);
  });
}
