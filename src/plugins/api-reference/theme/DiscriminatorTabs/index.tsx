// Swizzled (wrap): no option makes the theme's tabs lazy; see ../../runtime/lazy-tabs.tsx.
import DiscriminatorTabs from '@theme-init/DiscriminatorTabs';
import {withLazyTabs} from '../../runtime/lazy-tabs';

export default withLazyTabs(DiscriminatorTabs);
