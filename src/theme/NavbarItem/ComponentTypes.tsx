// Swizzled (wrap): a navbar item type of the site's own (the standards' version switch) can only be registered here.
import ComponentTypes from '@theme-original/NavbarItem/ComponentTypes';
import StandardVersionsNavbarItem from '@site/src/components/StandardVersionsNavbarItem';

export default {
  ...ComponentTypes,
  'custom-standardVersions': StandardVersionsNavbarItem,
};
