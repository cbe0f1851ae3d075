// The navbar's version switch: on the pages of a standard documented in several versions (its documentation, its API
// reference and its message dictionary), a dropdown of those versions that leads to the same page in the other version, or to that version's
// start page where it has no such page. Elsewhere it renders nothing. The versions come from the API registry.
// Choosing a version remembers it (src/hooks/preferred-version.ts), for the version-neutral links to the standard.
// The switch's meaning changes with the section, so its label names the standard as well as the version: in the mobile
// menu on one line ("Inquiry Pay Equity v2.0"), in the navbar with the standard's name small above the version, its
// short name where the navbar is narrow (styles.module.css).
import React, {useMemo, useSyncExternalStore, type ReactNode} from 'react';
import {useLocation} from '@docusaurus/router';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {useAllDocsData} from '@docusaurus/plugin-content-docs/client';
import DropdownNavbarItem from '@theme/NavbarItem/DropdownNavbarItem';
import {apis, statusWording} from '@site/src/data/registry.mjs';
import {placeInVersions} from '@site/src/data/standard-versions.mjs';
import {storePreferredVersion} from '@site/src/hooks/preferred-version';
import styles from './styles.module.css';

interface Props {
  mobile?: boolean;
  position?: 'left' | 'right';
  /** In the mobile menu: closes the menu after a choice. */
  onClick?: () => void;
}

/** Every page route of the site's docs plugins (the content pages and the API references), without the base URL. */
function usePageRoutes(baseUrl: string): Set<string> {
  const allDocs = useAllDocsData();
  return useMemo(() => {
    const routes = new Set<string>();
    for (const plugin of Object.values(allDocs)) {
      for (const version of plugin.versions) for (const doc of version.docs) routes.add(`/${doc.path.slice(baseUrl.length)}`);
    }
    return routes;
  }, [allDocs, baseUrl]);
}

// The query and section of the current address, read in the browser only: the server renders the links without them,
// and React re-renders with them after hydration (it would keep a server-rendered attribute that differs). The
// router's location, read below, re-renders the item on every navigation, when this is read again.
const subscribeNever = () => () => {};
const browserSuffix = () => `${window.location.search}${window.location.hash}`;

export default function StandardVersionsNavbarItem({mobile, position, onClick}: Props): ReactNode {
  const {pathname} = useLocation();
  const suffix = useSyncExternalStore(subscribeNever, browserSuffix, () => '');
  const {siteConfig} = useDocusaurusContext();
  const routes = usePageRoutes(siteConfig.baseUrl);
  const route = `/${pathname.slice(siteConfig.baseUrl.length)}`;
  const place = placeInVersions(route, apis, (r: string) => routes.has(r) || routes.has(r.replace(/\/$/, '')));
  if (!place) return null;
  const items = place.versions.map(({api, route: to, samePage}) => ({
    // Each version with its status, but a previous release: beside the one labelled current it needs none.
    label: `${api.standard} v${api.version}${api.status === 'previous' ? '' : ` (${statusWording[api.status].label})`}`,
    to: samePage ? `${to}${suffix}` : to,
    isActive: () => api === place.api,
    // A link's click, whether by pointer or by Enter on the focused link.
    onClick: () => {
      storePreferredVersion(api);
      onClick?.();
    },
  }));
  const {standard, standardShortName, version} = place.api;
  const label = (
    <span className={styles.label}>
      <span className={styles.standard}>
        <span className={standardShortName ? styles.fullName : undefined}>{standard}</span>
        {standardShortName && <span className={styles.shortName}>{standardShortName}</span>}
      </span>{' '}
      <span>v{version}</span>
    </span>
  );
  return (
    <DropdownNavbarItem
      mobile={mobile}
      position={position}
      label={label}
      aria-label={`${standard} v${version}: switch version`}
      items={items}
    />
  );
}
