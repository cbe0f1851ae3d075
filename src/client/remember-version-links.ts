/**
 * A link that leads to another version of a standard and says so with `data-remember-version="<registry id>"` (the
 * version notice's "Read this page in v2.0", src/remark/version-notice.mjs) remembers that version when followed, as
 * the navbar's version switch does, so that the version-neutral links (the home page's, the 404 page's) lead there
 * too. The notice is static Markdown without a component of its own: one listener serves every such link. Clicks by
 * pointer and by Enter alike; the capture phase, before the router navigates.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import {apis} from '../data/registry.mjs';
import {storePreferredVersion} from '../hooks/preferred-version';

function remember(event: MouseEvent): void {
  const link = event.target instanceof Element ? event.target.closest('a[data-remember-version]') : null;
  const api = link && apis.find((a) => a.id === link.getAttribute('data-remember-version'));
  if (api) storePreferredVersion(api);
}

if (ExecutionEnvironment.canUseDOM) document.addEventListener('click', remember, {capture: true});
