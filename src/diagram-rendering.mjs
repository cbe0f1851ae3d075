// How diagrams are rendered at build time, as the renderer (scripts/render-diagrams.mjs), the remark plugin that puts
// its SVGs into the pages (src/remark/prerendered-mermaid.mjs) and the config (themeConfig.mermaid, for `npm start`)
// must agree on it: the Mermaid themes, the cache file of a diagram (in generated/diagrams/) and the ids of its SVGs.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {diagramsDir} from './generated-dir.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const defaultDiagramsDir = diagramsDir;
export const mermaidVersion = JSON.parse(fs.readFileSync(path.join(root, 'node_modules', 'mermaid', 'package.json'), 'utf8')).version;

/**
 * themeConfig.mermaid of docusaurus.config.ts, which imports it from here: `npm start` renders with it
 * in the browser, the build renders with it ahead of time.
 * Arial's metrics (Liberation Sans on Linux, Helvetica on macOS) instead of Mermaid's default
 * "trebuchet ms": boxes are sized for the text on the build machine, so the text must be as wide in
 * the reader's browser; Liberation Sans is usually the only one of them on a Linux build machine.
 */
export const mermaidTheme = {
  theme: {light: 'neutral', dark: 'dark'},
  options: {fontFamily: 'Arial, "Liberation Sans", Helvetica, sans-serif'},
};

export const colourModes = /** @type {const} */ (['light', 'dark']);

/** @typedef {(typeof colourModes)[number]} ColourMode */

/**
 * The configuration Mermaid renders a colour mode with, as @docusaurus/theme-mermaid builds it.
 * @param {ColourMode} mode
 */
export function renderConfig(mode) {
  return {startOnLoad: false, ...mermaidTheme.options, theme: mermaidTheme.theme[mode]};
}

/**
 * Names a diagram's cache file: changes with its source, the Mermaid version and the themes. (The renderer,
 * scripts/render-diagrams.mjs, also discards its whole cache when its own code changes.)
 * @param {string} source
 */
export function diagramKey(source) {
  return crypto
    .createHash('sha256')
    .update(JSON.stringify([source, mermaidVersion, mermaidTheme]))
    .digest('hex');
}

/** The id of a diagram's SVG in one colour mode; Mermaid prefixes the ids inside the SVG with it. */
export const svgId = (/** @type {string} */ key, /** @type {ColourMode} */ mode) => `mermaid-${key.slice(0, 12)}-${mode}`;

export const cacheFile = (/** @type {string} */ key, dir = defaultDiagramsDir) => path.join(dir, `${key}.json`);

/**
 * The rendered SVGs {light, dark} of the diagram with this key, or null if it has not been rendered.
 * @param {string} key
 * @returns {{light: string, dark: string} | null}
 */
export function readRendered(key, dir = defaultDiagramsDir) {
  const file = cacheFile(key, dir);
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null;
}
