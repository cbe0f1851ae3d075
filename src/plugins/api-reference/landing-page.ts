import fs from 'node:fs';
import path from 'node:path';
import {createInfoPageMD} from 'docusaurus-plugin-openapi-docs/lib/markdown';
import type {ApiVersion} from '../../data/registry.mjs';
import {tagsOf} from './implementing-parties.mjs';

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
  // In the order of the spec, as the sidebar lists them. An operation's first tag is its message's (the sidebar lists it
  // there, sidebar-items.ts); the others name the parties that implement it (implementing-parties.mjs, which the
  // conformance kit's --party reads too).
  const tagged = tagsOf(spec);
  const operations = tagged.operations.map(({method, route, operation}) => ({method, route, ...(operation as Operation)}));
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
  const byParty = tagged.parties;

  return [
    '## Operations',
    '',
    `All ${operations.length} operations of this API, by message, as in the sidebar.`,
    '',
    `Paste a message into the [message validator](/docs/validator) to check it against this specification, or download the [OpenAPI file](pathname:///specs/${api.specFile}).`,
    '',
    ...tagged.messageTags.map(section),
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
