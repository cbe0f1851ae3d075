// Swizzled (wrap): no option makes the theme's tabs lazy; see src/components/withLazyTabs.tsx.
import SchemaTabs from '@theme-original/SchemaTabs';
import {withLazyTabs} from '@site/src/components/withLazyTabs';

export default withLazyTabs(SchemaTabs);
