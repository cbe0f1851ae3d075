// The site's configuration narrowed to a few pages of docs/, for the editor's page check (scripts/check-page.mjs):
// the same theme, styles, components and remark plugins, without the generated API reference, the message
// dictionary and the post-build outputs, so that a build takes seconds. SETU_CHECK_PAGES lists the pages (paths
// relative to docs/, comma-separated). Links out of these pages are checked by the page check itself, not here.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type {Config} from '@docusaurus/types';
import site from '../../docusaurus.config';
import {validator} from '../../src/plugins/validator';
import {markdownTwins} from '../../src/plugins/markdown-twins';
import {sandbox} from '../../src/plugins/sandbox';
import {publishSpecs} from '../../src/plugins/publish-specs';

const pages = (process.env.SETU_CHECK_PAGES ?? '').split(',').filter(Boolean);
if (pages.length === 0) throw new Error('SETU_CHECK_PAGES names no page (scripts/check-page.mjs sets it)');

// Plugins whose output the page check does not look at: whole generated sections, pages of their own (the validator,
// the sandbox), files written after the build.
const dropped = new Set<unknown>([validator, markdownTwins, sandbox, publishSpecs]);
const droppedNames = new Set(['apiReferencePlugin', 'messageDictionaryPlugin']);
const droppedModules = new Set([
  'docusaurus-plugin-openapi-docs',
  'docusaurus-theme-openapi-docs',
  '@docusaurus/plugin-content-docs',
  '@docusaurus/plugin-client-redirects',
]);
type PluginEntry = NonNullable<Config['plugins']>[number];
const kept = (plugin: PluginEntry): boolean => {
  if (!plugin || dropped.has(plugin)) return false;
  if (typeof plugin === 'function') return !droppedNames.has(plugin.name);
  const name = Array.isArray(plugin) ? plugin[0] : plugin;
  return !(typeof name === 'string' && droppedModules.has(name));
};

// The site's sidebars name every page; these pages get one of their own, under the id the navbar links (`docs`).
const sidebarPath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'setu-page-check-sidebar-')), 'sidebars.json');
fs.writeFileSync(sidebarPath, JSON.stringify({docs: pages.map((page) => page.replace(/\.mdx?$/, ''))}));

type PresetOptions = {docs: Record<string, unknown>} & Record<string, unknown>;
const [[presetName, presetOptions], ...otherPresets] = site.presets as [string, PresetOptions][];
const config: Config = {
  ...site,
  onBrokenLinks: 'ignore',
  onBrokenAnchors: 'ignore',
  markdown: {...site.markdown, hooks: {...site.markdown?.hooks, onBrokenMarkdownLinks: 'ignore'}},
  presets: [
    [presetName, {...presetOptions, docs: {...presetOptions.docs, include: pages, sidebarPath}, pages: false, sitemap: false}],
    ...otherPresets,
  ],
  plugins: (site.plugins ?? []).filter(kept),
};
export default config;
