// Swizzled (wrap): no option adds a control to every docs page; this puts "Copy page as Markdown" above the content.
// A page whose front matter says `wide_tables: true` has its content in an element of the class `wide-tables`: its
// table of contents gives way to its tables (src/css/custom.css, by `main:has(.wide-tables)`). Not a class on <html>
// through HtmlClassNameProvider: while the page hydrated, react-helmet-async wrote <html>'s classes without it for
// 60–200 ms, and the table of contents came back and narrowed the column for as long.
import React, {type ReactNode} from 'react';
import Content from '@theme-init/DocItem/Content';
import type ContentType from '@theme/DocItem/Content';
import type {WrapperProps} from '@docusaurus/types';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import CopyPageMarkdown from '../../../runtime/CopyPageMarkdown';

type Props = WrapperProps<typeof ContentType>;

export default function ContentWrapper(props: Props): ReactNode {
  const {metadata, frontMatter} = useDoc();
  const content = (
    <>
      <CopyPageMarkdown permalink={metadata.permalink} />
      <Content {...props} />
    </>
  );
  const wideTables = (frontMatter as {wide_tables?: unknown}).wide_tables === true;
  return wideTables ? <div className="wide-tables">{content}</div> : content;
}
