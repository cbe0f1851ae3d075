// Swizzled (wrap): no option makes the theme's tabs lazy; see ../../runtime/lazy-tabs.tsx.
import SchemaTabs from '@theme-init/SchemaTabs';
import {withLazyTabs} from '../../runtime/lazy-tabs';

export default withLazyTabs(SchemaTabs);
