// The legend of /docs/conformance: what each kind of check tests, by the last part of its id, and where its rule comes
// from (src/plugins/conformance/check-kinds.mjs, which the page's Markdown twin writes too).
import React, {type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import CodeInline from '@theme/CodeInline';
import ScrollableTable from '@site/src/components/ScrollableTable';
import {checkKinds} from '@site/src/plugins/conformance/check-kinds.mjs';

/** Markdown's inline code in a sentence of the legend, as code. */
function Sentence({text}: {text: string}): ReactNode {
  return text.split(/(`[^`]+`)/).map((part, i) => (part.startsWith('`') ? <CodeInline key={i}>{part.slice(1, -1)}</CodeInline> : part));
}

export default function ConformanceCheckKinds(): ReactNode {
  return (
    <ScrollableTable>
      <thead>
        <tr>
          <th scope="col">Check</th>
          <th scope="col">What it checks</th>
          <th scope="col">Where the rule comes from</th>
        </tr>
      </thead>
      <tbody>
        {checkKinds.map((kind) => (
          <tr key={kind.name}>
            <th scope="row">
              <CodeInline>{kind.name}</CodeInline>
            </th>
            <td>
              <Sentence text={kind.what} />
            </td>
            <td>
              {[{label: 'the operation’s page', route: ''}, ...kind.sources].map((s, i) => (
                <React.Fragment key={s.label}>
                  {i > 0 && '; '}
                  {s.route ? <Link to={s.route}>{s.label}</Link> : s.label}
                </React.Fragment>
              ))}
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollableTable>
  );
}
