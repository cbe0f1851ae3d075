import fs from 'node:fs';
import path from 'node:path';
import {createInfoPageMD} from 'docusaurus-plugin-openapi-docs/lib/markdown';
import type {ApiVersion} from '../../data/registry.mjs';
import {httpMethods} from '../../data/http-methods.mjs';

type InfoPageMetadata = Parameters<typeof createInfoPageMD>[0];

interface Operation {
  operationId: string;
  summary?: string;
  tags?: string[];
}
interface Spec {
  tags?: {name: string; description?: string}[];
  paths: Record<string, Record<string, Operation>>;
}

/** Markdown table cell text: pipes would split the cell. */
const cell = (text: string) => text.replace(/\|/g, '\\|');

/**
 * The operation index of a landing page: every operation of the spec, grouped by tag in the spec's
 * tag order, each linking to its generated page. Built from the spec, so it can never go stale.
 */
function operationIndexMD(api: ApiVersion): string {
  const spec = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', '..', 'specs', api.specFile), 'utf8')) as Spec;
  // In the order of the spec, as the sidebar lists them.
  const operations = Object.entries(spec.paths).flatMap(([route, item]) =>
    Object.entries(item)
      .filter(([key]) => httpMethods.includes(key))
      .map(([method, operation]) => ({method: method.toUpperCase(), route, ...operation})),
  );
  const tagNames = [...(spec.tags ?? []).map((t) => t.name)];
  for (const op of operations) for (const t of op.tags ?? []) if (!tagNames.includes(t)) tagNames.push(t);

  // An operation's first tag is its message's (the sidebar lists it there, sidebar-items.ts); the others name the parties
  // that implement it.
  const firstTags = new Set(operations.map((op) => op.tags?.[0]).filter((t): t is string => Boolean(t)));
  const section = (tag: string) => {
    const rows = operations
      .filter((op) => op.tags?.includes(tag))
      .map(
        (op) =>
          `| \`${op.method}\` | \`${cell(op.route)}\` | [${cell(op.summary ?? op.operationId)}](/docs${api.referenceRoute}/${op.operationId}) |`,
      );
    if (rows.length === 0) return '';
    const description = spec.tags?.find((t) => t.name === tag)?.description;
    return [`### ${tag}`, '', description ?? '', '', '| Method | Path | Operation |', '| --- | --- | --- |', ...rows, ''].join('\n');
  };
  const byParty = tagNames.filter((t) => !firstTags.has(t));

  return [
    '## Operations',
    '',
    `All ${operations.length} operations of this API, by message, as in the sidebar.`,
    '',
    `Paste a message into the [message validator](/docs/validator) to check it against this specification, or download the [OpenAPI file](pathname:///specs/${api.specFile}).`,
    '',
    ...tagNames.filter((t) => firstTags.has(t)).map(section),
    ...(byParty.length
      ? [
          '## Operations by implementing party {#by-party}',
          '',
          "The specification also tags each operation with the parties whose system implements it (the API server); the other party's system calls it.",
          '',
          ...byParty.map(section),
        ]
      : []),
  ].join('\n');
}

/** The generator's own info page (title, version, description, download button) followed by the operation index. */
export function createLandingPageMD(api: ApiVersion) {
  return (page: InfoPageMetadata): string => `${createInfoPageMD(page)}\n\n${operationIndexMD(api)}\n`;
}
