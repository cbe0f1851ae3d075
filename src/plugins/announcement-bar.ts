import type {Plugin} from '@docusaurus/types';

/**
 * Docusaurus hides a dismissed announcement bar before hydration by a data attribute, and that
 * attribute ignores the bar's id: a *new* announcement stayed hidden on the first visit after it
 * changed. This script runs after the theme's and un-hides the bar when the stored id differs.
 */
export function announcementBarIdCheck(announcementId: string) {
  return (): Plugin => ({
    name: 'announcement-bar-id-check',
    injectHtmlTags: () => ({
      preBodyTags: [
        {
          tagName: 'script',
          innerHTML: `(function(){try{if(localStorage.getItem('docusaurus.announcement.id')!==${JSON.stringify(announcementId)}){document.documentElement.setAttribute('data-announcement-bar-initially-dismissed','false')}}catch(e){}})();`,
        },
      ],
    }),
  });
}
