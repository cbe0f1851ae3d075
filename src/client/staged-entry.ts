/**
 * The browser's entry point (set by src/plugins/staged-client-entry.ts): Docusaurus' client entry, in stages.
 *
 * Docusaurus' own entry (@docusaurus/core/lib/client/clientEntry.js) evaluates every module of main.js (React, the
 * routes and their chunk registry, the theme, the client modules), then starts loading the page's chunks, all in the
 * one task that runs main.js: ~35 ms, ~150 ms on a phone, the longest task of every page. Here the same modules are
 * evaluated first in a few tasks of their own, in the order the entry needs them; the entry, evaluated last, finds
 * them ready and does the rest as before. Only when each module runs changes, not what runs.
 */
/* eslint-disable @typescript-eslint/no-require-imports -- require() in a function: bundled into main.js, run when called */
const stages: (() => unknown)[] = [
  () => require('react-dom/client'),
  () => require('@generated/routes'),
  () => require('@generated/client-modules'),
  () => require('@docusaurus/core/lib/client/App.js'),
  () => require('@docusaurus/core/lib/client/clientEntry.js'),
];
/* eslint-enable @typescript-eslint/no-require-imports */

function runStages(): void {
  stages.shift()?.();
  if (stages.length > 0) setTimeout(runStages, 0);
}

runStages();
