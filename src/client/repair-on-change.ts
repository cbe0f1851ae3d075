/**
 * A client module that applies a repair of the rendered page after hydration, after every route change and after
 * every change of the page that adds elements (tabs, expanded schema levels) or resize, at most once per frame. React
 * never sees what it changes. Used for accessibility repairs that neither configuration nor CSS can make.
 */
import type {ClientModule} from '@docusaurus/types';

export function repairOnChange(repair: () => void): ClientModule {
  let scheduled = false;
  const schedule = (): void => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(() => {
      scheduled = false;
      repair();
    });
  };
  let observing = false;
  return {
    onRouteDidUpdate() {
      if (typeof window === 'undefined') return;
      if (!observing) {
        observing = true;
        new MutationObserver((records) => {
          if (records.some((r) => r.addedNodes.length > 0)) schedule();
        }).observe(document.body, {childList: true, subtree: true});
        window.addEventListener('resize', schedule);
      }
      schedule();
    },
  };
}

const focusable = 'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])';

/** Gives each matching region a keyboard focus stop while it scrolls and holds nothing focusable (WCAG 2.1.1). */
export function focusStopsOnScrollRegions(selector: string): void {
  document.querySelectorAll<HTMLElement>(selector).forEach((region) => {
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
