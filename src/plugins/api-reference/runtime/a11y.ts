/**
 * Accessibility repairs of the API reference's pages (this folder's client module, see ../index.ts):
 *
 * 1. The OpenAPI theme renders schema and parameter properties as <div>s directly inside <ul> (WCAG 1.3.1, axe
 *    "list"), and a oneOf/anyOf label and its tabs likewise. Ejecting the four components that build those lists would
 *    fork ~530 lines of the theme; role="listitem" on those children says the same thing to assistive tech.
 * 2. The request-body editor of the request samples scrolls without a keyboard focus stop (WCAG 2.1.1): it gets one
 *    while it overflows and contains nothing focusable.
 */
import {focusStopsOnScrollRegions, repairOnChange} from '@site/src/client/repair-on-change';

const schemaLists = 'ul:has(> .openapi-schema__list-item, > .openapi-params__list-item, > .openapi-tabs__schema-container)';

export default repairOnChange(() => {
  document.querySelectorAll(schemaLists).forEach((list) => {
    Array.from(list.children).forEach((child) => {
      if (child.tagName !== 'LI' && !child.hasAttribute('role')) child.setAttribute('role', 'listitem');
    });
  });
  focusStopsOnScrollRegions('.openapi-explorer__playground-container');
});
