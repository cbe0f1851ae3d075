// Swizzled (wrap): no option makes the theme's tabs lazy; see ../../runtime/lazy-tabs.tsx.
import MimeTabs from '@theme-init/MimeTabs';
import {withLazyTabs} from '../../runtime/lazy-tabs';

export default withLazyTabs(MimeTabs);
