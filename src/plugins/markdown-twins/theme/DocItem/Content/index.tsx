// Swizzled (wrap): no option adds a control to every docs page; this puts "Copy page as Markdown" above the content.
import React, {type ReactNode} from 'react';
import Content from '@theme-init/DocItem/Content';
import type ContentType from '@theme/DocItem/Content';
import type {WrapperProps} from '@docusaurus/types';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import CopyPageMarkdown from '../../../runtime/CopyPageMarkdown';

type Props = WrapperProps<typeof ContentType>;

export default function ContentWrapper(props: Props): ReactNode {
  const {metadata} = useDoc();
  return (
    <>
      <CopyPageMarkdown permalink={metadata.permalink} />
      <Content {...props} />
    </>
  );
}
