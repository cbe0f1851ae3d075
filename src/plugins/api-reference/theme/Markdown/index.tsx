// Swizzled (wrap): the OpenAPI theme renders every schema, parameter and response description with react-markdown and
// rehype-raw, and rehype-raw runs a whole HTML parser (parse5) over each description even when it holds no HTML: most
// of the script time of an operation page's first schema section (profiled with a 4× slower CPU: ~400 ms in the
// api-reference chunk, parse5's tokenizer on top). A description without raw HTML and without an admonition (`:::`)
// is rendered here without rehype-raw, with the theme's own components; any other goes to the theme's. The browser
// loads the theme's (and parse5 with it: ~30 ms of an API page's start-up on a phone) only for such a description, and
// shows it rendered as plain Markdown until then; no description of specs/ needs it today.
import React, {lazy, Suspense, type ComponentType, type ReactNode} from 'react';
import CodeBlock from '@theme/CodeBlock';
import ReactMarkdown, {type Components} from 'react-markdown';
import remarkGfm from 'remark-gfm';

/** What the theme's Markdown renders differently from plain Markdown: raw HTML and admonitions. */
const needsTheme = /<|:::/;

// The theme's components: a fenced block is a CodeBlock (inside a div, not a pre), inline code plain <code>.
const components: Components = {
  pre: ({className, children}) => <div className={className}>{children}</div>,
  code({node: _node, className, children, ...props}) {
    const language = /language-(\w+)/.exec(className ?? '')?.[1];
    return language ? (
      <CodeBlock className={className} language={language}>
        {String(children)}
      </CodeBlock>
    ) : (
      <code className={className} {...props}>
        {children}
      </code>
    );
  },
};

type MarkdownProps = {children?: string};

const OriginalMarkdown: ComponentType<MarkdownProps> = process.env.RENDERING_ON_SERVER
  ? // eslint-disable-next-line @typescript-eslint/no-require-imports -- server only: the browser loads it lazily below
    (require('@theme-init/Markdown') as {default: ComponentType<MarkdownProps>}).default
  : lazy(() => import('@theme-init/Markdown'));

function PlainMarkdown({children}: MarkdownProps): ReactNode {
  return (
    <ReactMarkdown remarkPlugins={[remarkGfm]} components={components}>
      {children}
    </ReactMarkdown>
  );
}

export default function Markdown({children}: MarkdownProps): ReactNode {
  if (typeof children === 'string' && !needsTheme.test(children)) return <PlainMarkdown>{children}</PlainMarkdown>;
  return (
    <Suspense fallback={<PlainMarkdown>{typeof children === 'string' ? children : ''}</PlainMarkdown>}>
      <OriginalMarkdown>{children}</OriginalMarkdown>
    </Suspense>
  );
}
