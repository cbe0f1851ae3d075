/**
 * Accessibility repairs that neither configuration nor CSS can make, applied to the rendered page
 * (a client module: it runs after hydration and on every route change, so React never sees them).
 *
 * 1. The OpenAPI theme renders schema and parameter properties as <div>s directly inside <ul>
 *    (WCAG 1.3.1, axe "list"), and a oneOf/anyOf label and its tabs likewise. Ejecting the four components
 *    that build those lists would fork ~530 lines of the theme; role="listitem" on those children says
 *    the same thing to assistive tech.
 * 2. A region that scrolls needs a keyboard focus stop (WCAG 2.1.1, axe "scrollable-region-focusable"):
 *    the request-body example of an API page gets tabindex="0" while it overflows and contains nothing
 *    focusable. (A table's scrolling box does this itself: src/components/ScrollableTable.)
 * 3. The search plugin's results page (/docs/search) puts its content in a plain <div>, so the page has
 *    no main landmark (WCAG 1.3.1, axe "landmark-one-main"); a page without <main> gets role="main" on
 *    its content. Every other page has its <main> from Docusaurus.
 */
import type {ClientModule} from '@docusaurus/types';

const schemaLists = 'ul:has(> .openapi-schema__list-item, > .openapi-params__list-item, > .openapi-tabs__schema-container)';
const scrollRegions = '.openapi-explorer__playground-container';
const focusable = 'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])';

function repair(): void {
  if (!document.querySelector('main, [role="main"]')) {
    document.querySelector('.main-wrapper > :first-child')?.setAttribute('role', 'main');
  }
  document.querySelectorAll(schemaLists).forEach((list) => {
    Array.from(list.children).forEach((child) => {
      if (child.tagName !== 'LI' && !child.hasAttribute('role')) child.setAttribute('role', 'listitem');
    });
  });
  document.querySelectorAll<HTMLElement>(scrollRegions).forEach((region) => {
    const overflows = region.scrollWidth > region.clientWidth + 1 || region.scrollHeight > region.clientHeight + 1;
    const added = region.dataset.a11yFocusStop === 'true';
    if (overflows && !added && !region.hasAttribute('tabindex') && !region.querySelector(focusable)) {
      region.tabIndex = 0;
      region.dataset.a11yFocusStop = 'true';
    } else if (!overflows && added) {
      region.removeAttribute('tabindex');
      delete region.dataset.a11yFocusStop;
    }
  });
}

let scheduled = false;
function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  requestAnimationFrame(() => {
    scheduled = false;
    repair();
  });
}

let observing = false;
const module: ClientModule = {
  onRouteDidUpdate() {
    if (typeof window === 'undefined') return;
    if (!observing) {
      observing = true;
      // Tabs, expanded schema levels and resizes render new lists and change what overflows.
      new MutationObserver((records) => {
        if (records.some((r) => r.addedNodes.length > 0)) schedule();
      }).observe(document.body, {childList: true, subtree: true});
      window.addEventListener('resize', schedule);
    }
    schedule();
  },
};

export default module;
