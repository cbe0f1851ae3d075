// Swizzled (wrap): the theme's answer panel, and below it what the sandbox's validator found in the body: for a body
// the sandbox refused, its errors, and for one it stored, its warnings and notes (which the answer carries only as
// headers, escaped, in the Headers tab), each with a link to the field's entry in the message dictionary where it has
// a path, as the validator page links them. An error answer's long lines wrap (../panel.css): the sandbox's
// description is one long JSON string, cut off at the panel's edge until the reader found the theme's wrap button.
import React, {useEffect, useMemo, useState, type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Response from '@theme-init/ApiExplorer/Response';
import {useTypedSelector} from '@theme/ApiItem/hooks';
import {isSandboxServer} from '../../../sandbox-server';
import {parseRefusal, type Refusal} from '../../../runtime/refusal-errors.mjs';
import {parseFindings, requestMessageProperty, type Findings, type RequestMessage} from '../../../runtime/validator-findings.mjs';
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
const fieldNameOf = (link: string, message: string) => {
  const hash = link.indexOf('#');
  return hash < 0 ? message : decodeURIComponent(link.slice(hash + 1));
};

type Sent = {format: 'json' | 'xml'; body: string | undefined};
type Links = (string | null)[];
type LinksModule = typeof import('../../../runtime/refusal-links.mjs');

/**
 * What the answer lists, with its links once they are known (the list appears whole, without a shift); without links
 * where their code cannot be loaded. `sent` is read when the answer comes, not watched: the reader may edit on.
 */
function useLinked<T>(
  found: T | null,
  count: (found: T) => number,
  links: (module: LinksModule, found: T) => Links,
): {found: T; links: Links} | null {
  const [linked, setLinked] = useState<{found: T; links: Links} | null>(null);
  useEffect(() => {
    if (!found) return undefined;
    let current = true;
    import('../../../runtime/refusal-links.mjs')
      .then((module) => links(module, found))
      .catch(() => Array.from({length: count(found)}, () => null))
      .then((result) => {
        if (current) setLinked({found, links: result});
      });
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [found]);
  return found && linked?.found === found ? linked : null;
}

/** A field's link to the dictionary, named by the field. */
function FieldLink({link, message}: {link: string | null | undefined; message: string}): ReactNode {
  return link ? (
    <Link to={link} className={styles.link} data-testid="field-link">
      <code>{fieldNameOf(link, message)}</code> in the message dictionary
    </Link>
  ) : null;
}

function RefusalErrors({found: refusal, links}: {found: Refusal; links: Links}): ReactNode {
  return (
    <section className={styles.errors} aria-labelledby="sandbox-refusal-errors">
      <p id="sandbox-refusal-errors" className={styles.title}>
        {refusal.errors.length === 1 ? 'The error' : `The ${refusal.errors.length} errors`} of the body, as the validator reports them:
      </p>
      <ol className={styles.list}>
        {refusal.errors.map((error, i) => (
          <li key={i} className={styles.error} data-testid="refusal-error" data-path={error.pointer}>
            <code className={styles.path}>{error.pointer || '/ (the message)'}</code>
            {error.line !== null && <span className={styles.line}>line {error.line}</span>}
            <span className={styles.message}>{withCode(error.message)}</span>
            <FieldLink link={links[i]} message={refusal.type} />
          </li>
        ))}
      </ol>
    </section>
  );
}

const counted = (n: number, one: string, many: string) => (n === 1 ? one : `${n} ${many}`);

function ValidatorFindings({found, links, message}: {found: Findings; links: Links; message: string}): ReactNode {
  const {warnings, notes} = found;
  return (
    <section className={styles.errors} aria-label="What the validator found in the body" data-testid="validator-findings">
      {warnings.length > 0 && (
        <>
          <p className={styles.title}>
            The sandbox stored the body, with {counted(warnings.length, 'a warning', 'warnings')} of the validator (the answer&apos;s{' '}
            <code>Setu-Validator-Warnings</code> header):
          </p>
          <ol className={styles.list}>
            {warnings.map((warning, i) => (
              <li key={i} className={styles.error} data-testid="validator-warning" data-path={warning.pointer ?? undefined}>
                {warning.pointer !== null && <code className={styles.path}>{warning.pointer || '/ (the message)'}</code>}
                {warning.line !== null && (
                  <span className={styles.line}>
                    line {warning.line}, column {warning.column}
                  </span>
                )}
                <span className={styles.message}>{withCode(warning.message)}</span>
                <FieldLink link={links[i]} message={message} />
              </li>
            ))}
          </ol>
        </>
      )}
      {notes.length > 0 && (
        <>
          <p className={styles.title}>
            {warnings.length > 0 ? 'And' : 'The sandbox stored the body, with'} {counted(notes.length, 'a note', 'notes')} of the validator
            (the answer&apos;s <code>Setu-Validator-Notes</code> header):
          </p>
          <ul className={styles.list}>
            {notes.map((note, i) => (
              <li key={i} className={styles.error} data-testid="validator-note">
                <span className={styles.message}>{withCode(note.message)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

export default function ResponseWithValidatorFindings(props: Record<string, unknown>): ReactNode {
  const code = useTypedSelector((state) => state.response.code);
  const answer = useTypedSelector((state) => state.response.value);
  const headers = useTypedSelector((state) => state.response.headers);
  const fromSandbox = isSandboxServer(useTypedSelector((state) => state.server.value));
  const body = useTypedSelector((state) => state.body);
  const contentType = useTypedSelector((state) => state.contentType.value);
  const refused = code !== undefined && Number(code) >= 400;
  const refusal = useMemo(() => (refused && fromSandbox ? parseRefusal(answer) : null), [refused, fromSandbox, answer]);
  const findings = useMemo(
    () => (code !== undefined && !refused && fromSandbox ? parseFindings(headers) : null),
    [code, refused, fromSandbox, headers],
  );
  const requestMessage = (props.item as Record<string, unknown> | undefined)?.[requestMessageProperty] as RequestMessage | undefined;
  // What was sent: read by the links' effects in the render that shows the answer.
  const sent: Sent = {format: /xml/i.test(contentType ?? '') ? 'xml' : 'json', body: bodyText(body)};
  const linkedRefusal = useLinked(
    refusal,
    (r) => r.errors.length,
    (module, r) => module.refusalLinks(r, sent),
  );
  const linkedFindings = useLinked(
    findings,
    (f) => f.warnings.length,
    (module, f) => module.warningLinks(f, requestMessage, sent),
  );
  return (
    <div data-answer={refused ? 'refused' : code !== undefined ? 'answered' : 'none'}>
      <Response {...props} />
      {linkedRefusal && <RefusalErrors {...linkedRefusal} />}
      {linkedFindings && <ValidatorFindings {...linkedFindings} message={requestMessage?.schema ?? ''} />}
    </div>
  );
}
