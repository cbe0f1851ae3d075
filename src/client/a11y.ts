/**
 * Accessibility repairs of every page that neither configuration nor CSS can make (the API reference's own are in
 * src/plugins/api-reference/runtime/a11y.ts):
 *
 * 1. A region that scrolls needs a keyboard focus stop (WCAG 2.1.1, axe "scrollable-region-focusable"): wide Markdown
 *    tables get tabindex="0" while they overflow and contain nothing focusable.
 * 2. The search plugin's results page (/docs/search) puts its content in a plain <div>, so the page has no main
 *    landmark (WCAG 1.3.1, axe "landmark-one-main"); a page without <main> gets role="main" on its content. Every
 *    other page has its <main> from Docusaurus.
 */
import {focusStopsOnScrollRegions, repairOnChange} from './repair-on-change';

export default repairOnChange(() => {
  if (!document.querySelector('main, [role="main"]')) {
    document.querySelector('.main-wrapper > :first-child')?.setAttribute('role', 'main');
  }
  focusStopsOnScrollRegions('.markdown table');
});
