import fs from 'node:fs';
import path from 'node:path';
import type {Page, Response} from '@playwright/test';
import {test, expect} from './fixtures';
import {contentPages, hydrated, shownDiagramSvgs, transitionsDone} from './pages';
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

// Scripts are switched off in this worker's tab as Playwright's javaScriptEnabled: false does it (the same DevTools
// command), instead of a context of its own, whose cold start costs more than the test.
test('the diagrams are in the HTML: they show without JavaScript', async ({page, context}) => {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setScriptExecutionDisabled', {value: true});
  try {
    await page.goto(route);
    // The page's own scripts did not run: its inline one sets the colour mode.
    await expect(page.locator('html'), 'scripts are off').not.toHaveAttribute('data-theme', /./);
    await expect(page.locator('.docusaurus-mermaid-container svg:visible').first()).toBeVisible();
    expect((await shownDiagramSvgs(page)).flat()).toHaveLength(diagrams);
  } finally {
    await cdp.send('Emulation.setScriptExecutionDisabled', {value: false});
    await cdp.detach();
  }
});

/** Each text of the diagrams on the page (closed <details> opened) against the fill of the shape under its centre. */
async function lowContrastTexts(page: Page, mode: 'light' | 'dark'): Promise<string[]> {
  await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
  // Colours change with a transition when the mode changes on a shown page: measure where they end.
  await transitionsDone(page);
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
  const path = new URL(page.url()).pathname;
  return found
    .map(({text, colour, behind}) => ({text, colour, behind, ratio: contrast(colour as Rgb, behind as Rgb)}))
    .filter(({ratio}) => ratio < 4.5)
    .map(({text, colour, behind, ratio}) => `${mode}: ${path}: ${ratio.toFixed(2)}:1 "${text}" (${colour} on ${behind})`);
}

// One load of the diagram page serves its checks in light mode, the switch to dark and its checks in dark mode. The
// other pages with diagrams are measured light, then dark: the site follows the system's colour scheme while the
// reader has not chosen, so the same load serves both.
test(`${route}: no Mermaid code, its ${diagrams} diagrams, unique ids, and the colours of each mode`, async ({page}) => {
  test.setTimeout(120_000); // five former tests
  const scripts: Response[] = [];
  page.on('response', (r) => r.request().resourceType() === 'script' && scripts.push(r));
  await page.goto(route);
  await hydrated(page);
  const low: string[] = [];

  await test.step(`${route} loads no Mermaid code and shows its ${diagrams} diagrams`, async () => {
    await page.waitForLoadState('networkidle');
    expect((await shownDiagramSvgs(page)).flat()).toHaveLength(diagrams);
    expect(scripts.length, 'the page loads its scripts').toBeGreaterThan(2);
    const withMermaid: string[] = [];
    for (const response of scripts) if ((await response.text()).includes(mermaidLibraryMarker)) withMermaid.push(response.url());
    expect(withMermaid, 'scripts holding Mermaid').toEqual([]);
  });

  await test.step('no id repeats on a page with several diagrams, light and dark', async () => {
    const ids = await page.locator('[id]').evaluateAll((elements) => elements.map((e) => e.id));
    const repeated = [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))];
    expect(repeated).toEqual([]);
  });

  await test.step('diagram text has a contrast of at least 4.5:1 in light mode', async () => {
    low.push(...(await lowContrastTexts(page, 'light')));
  });

  await test.step('switching the colour mode recolours each diagram dark', async () => {
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

  await test.step('diagram text has a contrast of at least 4.5:1 in dark mode', async () => {
    low.push(...(await lowContrastTexts(page, 'dark')));
    // The other pages as a reader who has not chosen a mode.
    await page.evaluate(() => localStorage.removeItem('theme'));
  });

  for (const other of ['/docs/gelijkwaardige-beloning/sequence-diagrams', '/docs/gelijkwaardige-beloning/usage-notes/rates']) {
    await test.step(`diagram text has a contrast of at least 4.5:1 on ${other}, light and dark`, async () => {
      await page.emulateMedia({colorScheme: 'light'});
      await page.goto(other);
      await hydrated(page);
      low.push(...(await lowContrastTexts(page, 'light')));
      await page.emulateMedia({colorScheme: 'dark'});
      low.push(...(await lowContrastTexts(page, 'dark')));
    });
  }
  expect(low, 'diagram text below 4.5:1').toEqual([]);
});
