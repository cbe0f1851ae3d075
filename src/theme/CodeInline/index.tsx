// Swizzled (wrap): inline code (`positionProfile.positionLocation`) gets places where a line may break
// (break-opportunities.mjs), so that a table column or a phone's screen need not be as wide as the longest name.
import React, {type ReactNode} from 'react';
import CodeInline from '@theme-original/CodeInline';
import type CodeInlineType from '@theme/CodeInline';
import type {WrapperProps} from '@docusaurus/types';
import {splitAtBreakOpportunities} from './break-opportunities.mjs';

type Props = WrapperProps<typeof CodeInlineType>;

export default function CodeInlineWrapper({children, ...props}: Props): ReactNode {
  if (typeof children !== 'string') return <CodeInline {...props}>{children}</CodeInline>;
  const parts = splitAtBreakOpportunities(children);
  return (
    <CodeInline {...props}>
      {parts.length === 1
        ? children
        : parts.map((part, i) => (
            <React.Fragment key={i}>
              {i > 0 && <wbr />}
              {part}
            </React.Fragment>
          ))}
    </CodeInline>
  );
}
