// Swizzled (eject): the theme mounts every code block a second time once the page has hydrated (its `key` follows
// useIsBrowser) so that Prism's inline colours follow the colour mode. Our blocks are coloured by class
// (CodeBlock/Content), and the container's colour variables follow the mode when it re-renders, so that second
// mount only made every page render all its blocks again, with Prism loaded, before it could answer the reader.
import React, {isValidElement, type ReactNode} from 'react';
import ElementContent from '@theme/CodeBlock/Content/Element';
import StringContent from '@theme/CodeBlock/Content/String';
import type {Props} from '@theme/CodeBlock';

export default function CodeBlock({children, ...props}: Props): ReactNode {
  // Code given as strings only is joined into one, which the block highlights and its copy button copies; code with
  // elements in it is rendered as it is.
  const parts = React.Children.toArray(children);
  if (parts.some((part) => isValidElement(part))) return <ElementContent {...props}>{children}</ElementContent>;
  return <StringContent {...props}>{Array.isArray(children) ? children.join('') : (children as string)}</StringContent>;
}
