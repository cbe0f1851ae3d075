// Swizzled (wrap): no option makes the theme's tabs lazy; see src/components/withLazyTabs.tsx.
import DiscriminatorTabs from '@theme-original/DiscriminatorTabs';
import {withLazyTabs} from '@site/src/components/withLazyTabs';

export default withLazyTabs(DiscriminatorTabs);
