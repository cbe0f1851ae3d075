// Swizzled (wrap): the theme's answer panel, and below it, for a body the sandbox refused, its errors each with a link
// to the field's entry in the message dictionary, as the validator page links them. An error answer's long lines wrap
// (../panel.css): the sandbox's description is one long JSON string, cut off at the panel's edge until the reader found
// the theme's wrap button.
import React, {useEffect, useMemo, useState, type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Response from '@theme-init/ApiExplorer/Response';
import {useTypedSelector} from '@theme/ApiItem/hooks';
import {isSandboxServer} from '../../../sandbox-server';
import {parseRefusal, type Refusal} from '../../../runtime/refusal-errors.mjs';
import styles from './styles.module.css';

/** The body the form sent, as the theme's store holds a raw body (the request editor's text). */
function bodyText(body: unknown): string | undefined {
  const content = (body as {type?: string; content?: {type?: string; value?: unknown}} | undefined)?.content;
  return typeof content?.value === 'string' ? content.value : undefined;
}

/** Text with `backticked` parts shown as code, as the validator writes its messages. */
const withCode = (text: string): ReactNode =>
  text.split(/`([^`]*)`/).map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : <React.Fragment key={i}>{part}</React.Fragment>));

/** The dictionary's name of the field a link goes to: its anchor, or the message where the link has none. */
const fieldNameOf = (link: string, type: string) => {
  const hash = link.indexOf('#');
  return hash < 0 ? type : decodeURIComponent(link.slice(hash + 1));
};

interface Linked {
  refusal: Refusal;
  links: (string | null)[];
}

/**
 * The errors of a refused body and their links, once the links are known (the list appears whole, without a shift);
 * without links where their code cannot be loaded.
 */
function useLinkedRefusal(refusal: Refusal | null, sent: {format: 'json' | 'xml'; body: string | undefined}): Linked | null {
  const [linked, setLinked] = useState<Linked | null>(null);
  useEffect(() => {
    if (!refusal) return undefined;
    let current = true;
    import('../../../runtime/refusal-links.mjs')
      .then(({refusalLinks}) => refusalLinks(refusal, sent))
      .catch(() => refusal.errors.map(() => null))
      .then((links) => {
        if (current) setLinked({refusal, links});
      });
    return () => {
      current = false;
    };
    // The body and its form when the answer came (`sent` is read then, not watched: the reader may edit on).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refusal]);
  return refusal && linked?.refusal === refusal ? linked : null;
}

function RefusalErrors({refusal, links}: Linked): ReactNode {
  return (
    <section className={styles.errors} aria-labelledby="sandbox-refusal-errors">
      <p id="sandbox-refusal-errors" className={styles.title}>
        {refusal.errors.length === 1 ? 'The error' : `The ${refusal.errors.length} errors`} of the body, as the validator reports them:
      </p>
      <ol className={styles.list}>
        {refusal.errors.map((error, i) => {
          const link = links[i];
          return (
            <li key={i} className={styles.error} data-testid="refusal-error" data-path={error.pointer}>
              <code className={styles.path}>{error.pointer || '/ (the message)'}</code>
              {error.line !== null && <span className={styles.line}>line {error.line}</span>}
              <span className={styles.message}>{withCode(error.message)}</span>
              {link && (
                <Link to={link} className={styles.link} data-testid="field-link">
                  <code>{fieldNameOf(link, refusal.type)}</code> in the message dictionary
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

export default function ResponseWithRefusalErrors(props: Record<string, unknown>): ReactNode {
  const code = useTypedSelector((state) => state.response.code);
  const answer = useTypedSelector((state) => state.response.value);
  const fromSandbox = isSandboxServer(useTypedSelector((state) => state.server.value));
  const body = useTypedSelector((state) => state.body);
  const contentType = useTypedSelector((state) => state.contentType.value);
  const refused = code !== undefined && Number(code) >= 400;
  const refusal = useMemo(() => (refused && fromSandbox ? parseRefusal(answer) : null), [refused, fromSandbox, answer]);
  // What was sent: read by the links' effect in the render that shows the answer.
  const linked = useLinkedRefusal(refusal, {format: /xml/i.test(contentType ?? '') ? 'xml' : 'json', body: bodyText(body)});
  return (
    <div data-answer={refused ? 'refused' : code !== undefined ? 'answered' : 'none'}>
      <Response {...props} />
      {linked && <RefusalErrors {...linked} />}
    </div>
  );
}
