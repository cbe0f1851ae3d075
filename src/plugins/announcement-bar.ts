import type {Plugin} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import {apis, standards, statusWording} from '../data/registry.mjs';

// Names each standard's versions and what each one is, from the API registry (its `status`, worded by statusWording).
// Shown until dismissed; its id names the versions, so that readers see it again when a version is added. The bar has
// one line on wide screens: a few words per version; the notice on each page says more.
const standardsLine = standards.map(({standard, versions, main}) => {
  const others = versions
    .filter((api) => api !== main)
    .map((api) => [api.version, statusWording[api.status].note].filter(Boolean).join(', '))
    .join('; ');
  return `<a href="/docs${main.docsRoute}">${standard}</a> <b>${main.version}</b>${others ? ` (and ${others})` : ''}`;
});

/** The announcement bar (themeConfig in docusaurus.config.ts). */
export const announcementBar = {
  id: `versions-${apis.map((api) => `${api.id}-${api.version}`).join('-')}`,
  // One line from 1024 px while each standard has at most two versions (the navbar links the validator).
  content: `This site documents ${standardsLine.slice(0, -1).join(', ')} and ${standardsLine.at(-1)}.`,
  isCloseable: true,
  // Colours per colour mode (src/css/custom.css); Docusaurus sets these inline, white and black by default.
  backgroundColor: 'var(--site-announcement-bar-background)',
  textColor: 'var(--site-announcement-bar-color)',
} satisfies Preset.ThemeConfig['announcementBar'];

/**
 * Docusaurus hides a dismissed announcement bar before hydration by a data attribute, and that
 * attribute ignores the bar's id: a *new* announcement stayed hidden on the first visit after it
 * changed. This script runs after the theme's and un-hides the bar when the stored id differs.
 */
export function announcementBarIdCheck(): Plugin {
  return {
    name: 'announcement-bar-id-check',
    injectHtmlTags: () => ({
      preBodyTags: [
        {
          tagName: 'script',
          innerHTML: `(function(){try{if(localStorage.getItem('docusaurus.announcement.id')!==${JSON.stringify(announcementBar.id)}){document.documentElement.setAttribute('data-announcement-bar-initially-dismissed','false')}}catch(e){}})();`,
        },
      ],
    }),
  };
}
