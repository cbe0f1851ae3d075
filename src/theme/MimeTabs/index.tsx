// Swizzled (wrap): no option makes the theme's tabs lazy; see src/components/withLazyTabs.tsx.
import MimeTabs from '@theme-original/MimeTabs';
import {withLazyTabs} from '@site/src/components/withLazyTabs';

export default withLazyTabs(MimeTabs);
