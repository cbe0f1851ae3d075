// Renders Mermaid diagrams to SVG in one headless Chromium page running node_modules/mermaid: Mermaid
// measures text with the browser's layout engine, so it needs a real browser. Used by render-diagrams.mjs.
import path from 'node:path';
import {chromium} from 'playwright-core';
import {root} from '../../src/build/paths.mjs';
import {chromiumPath} from './chromium.mjs';
import {messageOf} from '../../src/build/errors.mjs';

/**
 * Renders each job {source, ids: {light, dark}} with each colour mode's Mermaid configuration
 * (configs: {light, dark}). Returns, per job, {light, dark} SVG strings or {error: Mermaid's message}.
 */
export async function renderAll(jobs, configs) {
  let browser;
  try {
    browser = await chromium.launch({executablePath: chromiumPath, args: ['--no-sandbox'], headless: true});
  } catch (error) {
    throw new Error(`cannot start Chromium to render the diagrams (install Debian's chromium or set CHROMIUM_PATH): ${messageOf(error)}`, {
      cause: error,
    });
  }
  try {
    const page = await browser.newPage();
    await page.setContent('<!doctype html><html lang="en"><head><meta charset="utf-8"></head><body></body></html>');
    await page.addScriptTag({path: path.join(root, 'node_modules', 'mermaid', 'dist', 'mermaid.min.js')});
    return await page.evaluate(renderInPage, {jobs, configs});
  } finally {
    await browser.close();
  }
}

/** Runs in the page: Mermaid is a global there. */
async function renderInPage({jobs, configs}) {
  const {mermaid} = /** @type {any} */ (window);
  const results = jobs.map(() => ({}));
  // Mermaid keeps its configuration in a singleton: one initialize per colour mode, then all diagrams.
  for (const [mode, config] of Object.entries(configs)) {
    mermaid.initialize(config);
    for (const [index, job] of jobs.entries()) {
      if (results[index].error) continue;
      const id = job.ids[mode];
      try {
        const {svg} = await mermaid.render(id, job.source);
        results[index][mode] = tidy(svg, id);
      } catch (error) {
        // Mermaid leaves its error picture in the page.
        document.getElementById(`d${id}`)?.remove();
        results[index] = {error: (error instanceof Error ? error.message : String(error)).trim()};
      }
    }
  }
  return results;

  /** The SVG with unique ids and without the definitions it does not use. */
  function tidy(svg, prefix) {
    const template = document.createElement('template');
    template.innerHTML = svg;
    const root = /** @type {Element} */ (template.content.firstElementChild);
    uniqueIds(root, prefix);
    // Every sequence diagram carries Mermaid's icons (the database one alone is 9 KB) and all its arrow
    // heads; the page would hold them twice per diagram.
    const references = [...root.querySelectorAll('*')].flatMap((element) => [...element.attributes].map((a) => a.value));
    for (const style of root.querySelectorAll('style')) references.push(style.textContent ?? '');
    const used = new Set(references.flatMap((text) => [...text.matchAll(/#([\w-]+)/g)].map((m) => m[1])));
    for (const definition of root.querySelectorAll('symbol[id], marker[id]')) if (!used.has(definition.id)) definition.remove();
    for (const defs of root.querySelectorAll('defs')) if (!defs.children.length) defs.remove();
    // Some shapes (stadiums) are drawn by rough.js with hundreds of curve points to 15 decimals: 500 KB for
    // the identifiers diagram. Hundredths of a pixel are enough. The points as base64 are for Mermaid's own
    // scripts only.
    for (const element of root.querySelectorAll('[d], [points]')) {
      for (const name of ['d', 'points']) {
        const value = element.getAttribute(name);
        if (value)
          element.setAttribute(
            name,
            value.replace(/-?(?:\d*\.\d+|\d+)(?:e-?\d+)?/g, (n) => String(Math.round(Number(n) * 100) / 100)),
          );
      }
    }
    for (const element of root.querySelectorAll('[data-points]')) element.removeAttribute('data-points');
    return root.outerHTML;
  }

  /**
   * Mermaid prefixes most ids in the SVG with the diagram's id, but not all (a sequence diagram's
   * `actor0`, `root-0`): those would repeat on a page with several diagrams, and twice for each
   * diagram (light and dark). Prefix them too, and the references to them.
   */
  function uniqueIds(root, prefix) {
    const renamed = new Map();
    for (const element of root.querySelectorAll('[id]')) {
      if (element.id.includes(prefix)) continue;
      renamed.set(element.id, `${prefix}-${element.id}`);
      element.id = `${prefix}-${element.id}`;
    }
    if (renamed.size) {
      for (const element of root.querySelectorAll('*')) {
        for (const attribute of element.attributes) {
          const value = attribute.value
            .replace(/url\(#([^)]+)\)/g, (ref, id) => (renamed.has(id) ? `url(#${renamed.get(id)})` : ref))
            .replace(/^#(.+)$/, (ref, id) => (renamed.has(id) ? `#${renamed.get(id)}` : ref));
          const tokens = /^aria-(labelledby|describedby)$/.test(attribute.name)
            ? value
                .split(/\s+/)
                .map((id) => renamed.get(id) ?? id)
                .join(' ')
            : value;
          if (tokens !== attribute.value) attribute.value = tokens;
        }
      }
    }
  }
}
