// Swizzled (written here, replaces the theme's 15 lines): on a narrow screen the theme's DocSidebar, once hydrated,
// removes the wide screen's sidebar (which CSS already hides there) and renders the same items again for the navbar's
// menu while that menu is closed: one task of ~20 ms (~80 ms on a phone) on every docs page, by far the longest of a
// hydrated API page on a phone. No option defers it. Here the wide screen's sidebar stays as the server rendered it,
// and the menu's copy is rendered when the reader first opens the menu.
import React, {useMemo, useState, type ReactNode} from 'react';
import {useWindowSize} from '@docusaurus/theme-common';
import {useNavbarMobileSidebar} from '@docusaurus/theme-common/internal';
import DocSidebarDesktop from '@theme/DocSidebar/Desktop';
import DocSidebarMobile from '@theme/DocSidebar/Mobile';
import type {Props} from '@theme/DocSidebar';

export default function DocSidebar({path, sidebar, onCollapse, isHidden}: Props): ReactNode {
  const props = {path, sidebar, onCollapse, isHidden};
  // The same element while the props stay: the screen size or the menu changing does not render the sidebar again.
  const desktop = useMemo(
    () => <DocSidebarDesktop path={path} sidebar={sidebar} onCollapse={onCollapse} isHidden={isHidden} />,
    [path, sidebar, onCollapse, isHidden],
  );
  const mobile = useWindowSize() === 'mobile';
  const menuShown = useNavbarMobileSidebar().shown;
  // Once opened, the menu's copy stays: reopening the menu shows it at once, scrolled and expanded as the reader left it.
  const [menuOpened, setMenuOpened] = useState(false);
  if (menuShown && !menuOpened) setMenuOpened(true);
  return (
    <>
      {desktop}
      {mobile && menuOpened && <DocSidebarMobile {...props} />}
    </>
  );
}
