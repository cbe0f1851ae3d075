import React, {type ComponentType, type ReactNode} from 'react';

/**
 * The OpenAPI theme's tab sets (examples beside schemas, one tab per status code or content type)
 * render every hidden tab up front: over 6,000 DOM nodes of example code on a P2P operation page.
 * They all accept `lazy`, which renders a tab when it is chosen; this makes it their default.
 */
export function withLazyTabs<P extends {lazy?: boolean}>(Tabs: ComponentType<P>): ComponentType<P> {
  function LazyTabs(props: P): ReactNode {
    return <Tabs {...props} lazy={props.lazy ?? true} />;
  }
  return LazyTabs;
}
