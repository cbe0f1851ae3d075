// The business rules of Planning and Scheduling v1.0 as a table, from the one file the validator and
// the tests read too (src/data/planning-business-rules.json).
import React, {type ReactNode} from 'react';
import CodeInline from '@theme/CodeInline';
import data from '@site/src/data/planning-business-rules.json';
import ScrollableTable from '@site/src/components/ScrollableTable';

interface Rule {
  number: number;
  messages: string[];
  where: string;
  rule: string;
  severity: 'error' | 'warning' | 'note';
  check: string | null;
  sourceNote?: string;
}

const rules = data.rules as Rule[];

/** Names of messages, fields and codes in the data's plain words, shown as code. */
const codeWords = new Set(
  rules.flatMap((r) => [
    ...r.messages,
    ...`${r.where} ${r.rule}`.match(/\b[a-z]+[A-Z][A-Za-z]*(\.[a-z][A-Za-z]*)*\b|\b(Exception|Occasional|PUT|POST)\b/g)!,
  ]),
);

function Words({text}: {text: string}): ReactNode {
  return text
    .split(/(\b[A-Za-z]+(?:\.[A-Za-z]+)*\b)/)
    .map((part, i) => (codeWords.has(part) ? <CodeInline key={i}>{part}</CodeInline> : <React.Fragment key={i}>{part}</React.Fragment>));
}

const checked: Record<Rule['severity'], string> = {
  error: 'yes, as an error',
  warning: 'yes, as a warning',
  note: 'no: shown as a note',
};

/** The rules table: number, the rule, where and in which messages it applies, and how the validator treats it. */
export default function BusinessRulesTable(): ReactNode {
  return (
    <ScrollableTable data-testid="business-rules">
      <thead>
        <tr>
          <th scope="col">Rule</th>
          <th scope="col">The rule</th>
          <th scope="col">Applies to</th>
          <th scope="col">Checked by the validator</th>
        </tr>
      </thead>
      <tbody>
        {rules.map((r) => (
          <tr key={r.number} id={`br-${r.number}`}>
            <th scope="row">BR&nbsp;{r.number}</th>
            <td>
              <Words text={`${r.rule.charAt(0).toUpperCase()}${r.rule.slice(1)}.`} />
              {r.sourceNote && (
                <>
                  {' '}
                  <em>As published:</em> <Words text={r.sourceNote} />
                </>
              )}
            </td>
            <td>
              <Words text={`${r.where.charAt(0).toUpperCase()}${r.where.slice(1)}`} />, in{' '}
              {r.messages.map((m, i) => (
                <React.Fragment key={m}>
                  {i > 0 && (i === r.messages.length - 1 ? ' and ' : ', ')}
                  <CodeInline>{m}</CodeInline>
                </React.Fragment>
              ))}
              .
            </td>
            <td>{checked[r.severity]}</td>
          </tr>
        ))}
      </tbody>
    </ScrollableTable>
  );
}
