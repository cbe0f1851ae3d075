import fs from 'node:fs';
import path from 'node:path';
import type {Response} from '@playwright/test';
import {test, expect} from './fixtures';
import {contentPages, hydrated, shownDiagramSvgs} from './pages';
import {contrast, type Rgb} from '../../src/prism/contrast';

// Mermaid diagrams are rendered at build time (scripts/render-diagrams.mjs): a diagram page comes with
// its SVGs and loads no Mermaid code; the colour mode decides the style sheet that colours each SVG.
// The page has diagrams in closed <details> too.

const route = '/docs/purchase-to-pay-v2/SequenceDiagrams';
const diagrams = contentPages.find((p) => p.route === route)!.mermaidBlocks;
// A string of Mermaid's own code (an error message of its diagram detection), not of the rendered SVGs.
const mermaidLibraryMarker = 'No diagram type detected';
const jsDir = path.resolve(__dirname, '../../build/assets/js');

test('the build still holds the Mermaid library (theme-mermaid), so the marker below can find it', () => {
  const chunks = fs
    .readdirSync(jsDir)
    .filter((f) => f.endsWith('.js') && fs.readFileSync(path.join(jsDir, f), 'utf8').includes(mermaidLibraryMarker));
  expect(chunks.length, `a chunk of build/assets/js containing "${mermaidLibraryMarker}"`).toBeGreaterThan(0);
});

test(`${route} loads no Mermaid code and shows its ${diagrams} diagrams`, async ({page}) => {
  const scripts: Response[] = [];
  page.on('response', (r) => r.request().resourceType() === 'script' && scripts.push(r));
  await page.goto(route);
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  expect((await shownDiagramSvgs(page)).flat()).toHaveLength(diagrams);
  expect(scripts.length, 'the page loads its scripts').toBeGreaterThan(2);
  const withMermaid: string[] = [];
  for (const response of scripts) if ((await response.text()).includes(mermaidLibraryMarker)) withMermaid.push(response.url());
  expect(withMermaid, 'scripts holding Mermaid').toEqual([]);
});

test('the diagrams are in the HTML: they show without JavaScript', async ({browser}) => {
  const context = await browser.newContext({javaScriptEnabled: false});
  const page = await context.newPage();
  await page.goto(route);
  await expect(page.locator('.docusaurus-mermaid-container svg:visible').first()).toBeVisible();
  expect((await shownDiagramSvgs(page)).flat()).toHaveLength(diagrams);
  await context.close();
});

test('switching the colour mode recolours each diagram dark', async ({page}) => {
  await page.goto(route);
  await hydrated(page);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  const light = (await shownDiagramSvgs(page)).flat();
  expect(light).toHaveLength(diagrams);
  const fillOf = () =>
    page
      .locator('.docusaurus-mermaid-container svg:visible')
      .first()
      .locator('rect.actor')
      .first()
      .evaluate((r) => getComputedStyle(r).fill);
  const brightness = (fill: string) =>
    fill
      .match(/\d+/g)!
      .slice(0, 3)
      .map(Number)
      .reduce((a, b) => a + b, 0);
  expect(brightness(await fillOf()), 'the light theme draws the participant boxes light').toBeGreaterThan(3 * 128);

  // The switch cycles system -> light -> dark.
  const toggle = page.getByRole('button', {name: /Switch between dark and light mode/});
  for (let i = 0; i < 3 && (await page.locator('html').getAttribute('data-theme')) !== 'dark'; i++) await toggle.click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect((await shownDiagramSvgs(page)).flat(), 'the same SVGs, styled for dark mode').toEqual(light);
  expect(brightness(await fillOf()), 'the dark theme draws the participant boxes dark').toBeLessThan(3 * 128);
});

test('no id repeats on a page with several diagrams, light and dark', async ({page}) => {
  await page.goto(route);
  const ids = await page.locator('[id]').evaluateAll((elements) => elements.map((e) => e.id));
  const repeated = [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))];
  expect(repeated).toEqual([]);
});

// axe checks no SVG text: each text of a diagram against the fill of the shape under its centre.
for (const mode of ['light', 'dark'] as const) {
  test(`diagram text has a contrast of at least 4.5:1 in ${mode} mode`, async ({page}) => {
    await page.addInitScript((m) => localStorage.setItem('theme', m), mode);
    const low: string[] = [];
    for (const path of [route, '/docs/gelijkwaardige-beloning/sequence-diagrams', '/docs/gelijkwaardige-beloning/usage-notes/rates']) {
      await page.goto(path);
      await hydrated(page);
      await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
      await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
      const found = await page.evaluate(() => {
        const rgb = (colour: string) => (colour.match(/[\d.]+/g) ?? []).map(Number);
        const page = rgb(getComputedStyle(document.querySelector('.main-wrapper')!).backgroundColor);
        const background =
          page.length === 3 || page[3] === 1 ? page : document.documentElement.dataset.theme === 'dark' ? [27, 27, 29] : [255, 255, 255];
        const texts = Array.from(
          document.querySelectorAll('.docusaurus-mermaid-container svg :is(text, tspan, foreignObject p, foreignObject span)'),
        ).filter((t) => t.getClientRects().length > 0 && t.textContent!.trim() && !t.querySelector('tspan, p, span'));
        return texts.flatMap((text) => {
          text.scrollIntoView({block: 'center'});
          const box = text.getBoundingClientRect();
          const html = text instanceof HTMLElement;
          const colour = rgb(html ? getComputedStyle(text).color : getComputedStyle(text).fill);
          let behind = background;
          for (const element of document.elementsFromPoint(box.x + box.width / 2, box.y + box.height / 2)) {
            if (element === text || text.contains(element) || element.contains(text)) continue;
            const style = getComputedStyle(element);
            const fill = rgb(element instanceof SVGGeometryElement ? style.fill : style.backgroundColor);
            if (fill.length >= 3 && (fill[3] ?? 1) > 0.5) {
              behind = fill;
              break;
            }
          }
          return [{text: text.textContent!.trim().slice(0, 40), colour: colour.slice(0, 3), behind: behind.slice(0, 3)}];
        });
      });
      for (const {text, colour, behind} of found) {
        const ratio = contrast(colour as Rgb, behind as Rgb);
        if (ratio < 4.5) low.push(`${path}: ${ratio.toFixed(2)}:1 "${text}" (${colour} on ${behind})`);
      }
    }
    expect(low, 'diagram text below 4.5:1').toEqual([]);
  });
}
