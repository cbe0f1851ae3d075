// A version-neutral link to a standard: to the documentation (or API reference) of the version the reader chose in
// the navbar's version switch, else of the current version (src/hooks/preferred-version.ts). For pages and MDX.
import React, {type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {usePreferredVersion} from '@site/src/hooks/preferred-version';
import {versionRoot} from '@site/src/data/standard-versions.mjs';

interface Props {
  /** The standard's name in the API registry, e.g. `Inquiry Pay Equity`. */
  standard: string;
  /** The version's documentation (default) or its API reference. */
  kind?: 'docs' | 'reference';
  children: ReactNode;
}

export default function StandardLink({standard, kind = 'docs', children}: Props): ReactNode {
  const api = usePreferredVersion(standard);
  return <Link to={versionRoot(api, kind)}>{children}</Link>;
}
