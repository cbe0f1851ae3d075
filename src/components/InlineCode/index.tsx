import React, {type ReactNode} from 'react';

/** Text with `backticked` parts shown as code. */
export default function InlineCode({text}: {text: string}): ReactNode {
  const parts = text.split(/`([^`]*)`/);
  return parts.map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : <React.Fragment key={i}>{part}</React.Fragment>));
}
