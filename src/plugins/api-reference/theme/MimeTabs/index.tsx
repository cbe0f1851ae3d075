// Swizzled (wrap): no option makes the theme's tabs lazy; see ../../runtime/lazy-tabs.tsx. A response's media-type tabs
// also set the request's Accept (the theme couples them, as a request body's tabs set its Content-Type): where they do,
// a line above them says so, so that choosing a tab to read a schema does not change the request unseen.
import React, {Children, isValidElement, type ReactNode} from 'react';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import MimeTabs from '@theme-init/MimeTabs';
import {withLazyTabs} from '../../runtime/lazy-tabs';
import {acceptOptionsOf} from '../../runtime/accept-options.mjs';
import styles from './styles.module.css';

const LazyMimeTabs = withLazyTabs(MimeTabs);

/** The theme's props (its types are not published as a module): the tabs, and whose media types they are. */
interface Props {
  schemaType?: string;
  children?: ReactNode;
  lazy?: boolean;
  [prop: string]: unknown;
}

/** The values of the tabs (`<TabItem value="application/xml">`). */
const tabValuesOf = (children: ReactNode): unknown[] =>
  Children.toArray(children).map((child) => (isValidElement<{value?: unknown}>(child) ? child.props.value : undefined));

export default function MimeTabsWithAcceptNote(props: Props): ReactNode {
  const {frontMatter} = useDoc();
  const tabs = <LazyMimeTabs {...props} />;
  if (String(props.schemaType).toLowerCase() !== 'response') return tabs;
  // The Accept values the request form offers, as the theme's store has them (from the page's operation, the same on
  // the server and in the browser). A tab sets Accept where it is one of them.
  const options = acceptOptionsOf((frontMatter as {api?: unknown}).api);
  const setting = tabValuesOf(props.children).filter((value) => options.includes(value as string));
  if (options.length < 2 || setting.length < 2) return tabs;
  return (
    <>
      {/* Help with the explorer, not the operation's content: out of the search index. */}
      <p className={styles.acceptNote} data-pagefind-ignore="all">
        The media type chosen here is also the <code>Accept</code> of the request samples and of Send API Request.
      </p>
      {tabs}
    </>
  );
}
