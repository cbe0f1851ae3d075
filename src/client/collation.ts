/**
 * The first string comparison by locale on a page (String.prototype.localeCompare) sets up the browser's collation
 * data: ~12 ms, ~50 ms on a phone. The docs plugin makes that first comparison while the navbar's search bar renders,
 * in the middle of hydration, where it lengthens a task that keeps the page from answering. Made here, in a task of
 * its own while the page's scripts are still downloading, it costs the reader nothing.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';

if (ExecutionEnvironment.canUseDOM) setTimeout(() => ''.localeCompare(''), 0);
