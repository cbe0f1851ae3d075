// Swizzled (wrap): no option makes the theme's tabs lazy; see src/components/withLazyTabs.tsx.
import ApiTabs from '@theme-original/ApiTabs';
import {withLazyTabs} from '@site/src/components/withLazyTabs';

export default withLazyTabs(ApiTabs);
