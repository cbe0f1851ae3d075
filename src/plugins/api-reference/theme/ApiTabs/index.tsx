// Swizzled (wrap): no option makes the theme's tabs lazy; see ../../runtime/lazy-tabs.tsx.
import ApiTabs from '@theme-init/ApiTabs';
import {withLazyTabs} from '../../runtime/lazy-tabs';

export default withLazyTabs(ApiTabs);
