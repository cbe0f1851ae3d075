// The checks of one API version on /docs/conformance: per operation, its checks of the standard and of our reading, from
// the kit's own plan (src/plugins/conformance/page-data.mjs, written at build time by the plugin); then why each check
// of our reading is ours. The page's Markdown twin writes the same (page-markdown.mjs).
import React, {type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import CodeInline from '@theme/CodeInline';
import ScrollableTable from '@site/src/components/ScrollableTable';
import apis from '@generated/conformance/default/conformance-checks.json';
import styles from './styles.module.css';

/** A sentence whose Markdown inline code (`Accept`) is shown as code. */
function Sentence({text}: {text: string}): ReactNode {
  return text.split(/(`[^`]+`)/).map((part, i) => (part.startsWith('`') ? <CodeInline key={i}>{part.slice(1, -1)}</CodeInline> : part));
}

function Names({names}: {names: string[]}): ReactNode {
  if (names.length === 0) return <span className={styles.none}>none</span>;
  return (
    <ul className={styles.names}>
      {names.map((name) => (
        <li key={name}>
          <CodeInline>{name}</CodeInline>
        </li>
      ))}
    </ul>
  );
}

export default function ConformanceChecks({api}: {api: string}): ReactNode {
  const data = apis.find((a) => a.id === api);
  if (!data) throw new Error(`ConformanceChecks: no API version "${api}" in the kit's data`);
  return (
    <>
      <p>
        <Sentence text={data.summary} /> Each check&apos;s id is <CodeInline>{`${data.id}.<operation>.<check>`}</CodeInline>; the operation
        links its page in the <Link to={data.referenceRoute}>API reference</Link>, which gives its statuses, headers and schemas.
      </p>
      <ScrollableTable className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Operation</th>
            <th scope="col">Checks of the standard</th>
            <th scope="col">Checks of our reading</th>
          </tr>
        </thead>
        <tbody>
          {data.operations.map((op) => (
            <tr key={op.operationId}>
              <th scope="row">
                <Link to={`${data.referenceRoute}/${op.operationId}`}>{op.operationId}</Link>
                <span className={styles.route}>
                  <CodeInline>{`${op.method} ${op.path}`}</CodeInline>
                </span>
              </th>
              <td>
                <Names names={op.standard} />
              </td>
              <td>
                <Names names={op.ours} />
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollableTable>
      {data.reasons.length > 0 && (
        <>
          <p>Why the checks of our reading are ours in {data.label}:</p>
          <ul>
            {data.reasons.map((r) => {
              const names = [...new Set(r.checks.map((id) => id.slice(id.indexOf('.') + 1)))];
              return (
                <li key={r.reason}>
                  <Sentence text={r.reason} />
                  {r.source && (
                    <>
                      {' '}
                      (
                      <Link to={r.source.route}>
                        {r.source.route.startsWith('/sandbox') ? 'the sandbox’s list' : 'the specification’s deviations'}
                      </Link>
                      )
                    </>
                  )}
                  :{' '}
                  {names.map((name, i) => {
                    const count = r.checks.filter((id) => id.slice(id.indexOf('.') + 1) === name).length;
                    return (
                      <React.Fragment key={name}>
                        {i > 0 && ', '}
                        <CodeInline>{name}</CodeInline> ({count} {count === 1 ? 'operation' : 'operations'})
                      </React.Fragment>
                    );
                  })}
                  .
                </li>
              );
            })}
          </ul>
        </>
      )}
    </>
  );
}
