// Swizzled (wrap): no option adds a control to every docs page; this puts "Copy page as Markdown" above the content.
// A page whose front matter says `wide_tables: true` gets the class `wide-tables` on <html>: its table of contents
// gives way to its tables (src/css/custom.css).
import React, {type ReactNode} from 'react';
import Content from '@theme-init/DocItem/Content';
import type ContentType from '@theme/DocItem/Content';
import type {WrapperProps} from '@docusaurus/types';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import {HtmlClassNameProvider} from '@docusaurus/theme-common';
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
  return wideTables ? <HtmlClassNameProvider className="wide-tables">{content}</HtmlClassNameProvider> : content;
}
