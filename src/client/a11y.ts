/**
 * Accessibility repairs of every page that neither configuration nor CSS can make (the API reference's own are in
 * src/plugins/api-reference/runtime/a11y.ts). A table's scrolling box gives itself a focus stop
 * (src/components/ScrollableTable), so only one repair is left here:
 *
 * The search results page (/docs/search) may put its content in a plain <div>, so the page has no main landmark
 * (WCAG 1.3.1, axe "landmark-one-main"); a page without <main> gets role="main" on its content. Every other page has
 * its <main> from Docusaurus.
 */
import {repairOnChange} from './repair-on-change';

export default repairOnChange(() => {
  if (!document.querySelector('main, [role="main"]')) {
    document.querySelector('.main-wrapper > :first-child')?.setAttribute('role', 'main');
  }
});
