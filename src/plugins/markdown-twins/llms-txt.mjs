// /docs/llms.txt (an index of the site for assistants, https://llmstxt.org) and /docs/llms-full.txt (the current
// documentation in one file), from the pages' twins and the API registry. Versions and their status come from the
// registry only: a status other than `current` gets its own section at the end, named after the status.
import {locateRoute} from '../../data/standard-versions.mjs';

/**
 * @typedef {object} Twin
 * @property {string} route the page's route, e.g. `/docs/planning/scenario-1` (with the base URL)
 * @property {string} title
 * @property {string} description one line
 * @property {string} markdown
 * @property {'docs' | 'reference' | 'operation' | 'page'} kind
 */

const oneLine = (text) =>
  String(text ?? '')
    .replace(/\s+/g, ' ')
    .trim();
const withSlash = (route) => (route.endsWith('/') ? route : `${route}/`);
const under = (route, base) => route === base || withSlash(route).startsWith(withSlash(base));

/**
 * @param {object} options
 * @param {Twin[]} options.twins every page's twin
 * @param {Array<{standard: string, version: string, status: string, docsLabel: string, summary: string, title: string,
 *   referenceRoute?: string, docsRoute?: string, specFile?: string}>} options.apis the API registry
 * @param {string} options.baseUrl `/docs/`
 * @param {(route: string) => string} options.twinUrl the absolute URL of a route's twin
 * @param {(route: string) => string} options.pageUrl the absolute URL of a route
 */
export function llmsFiles({twins, apis, baseUrl, twinUrl, pageUrl}) {
  const base = baseUrl.replace(/\/$/, '');
  const siteRoute = (route) => route.slice(base.length) || '/';
  /** The registry entry a route belongs to (its documentation or its API reference), if any. */
  const versionOf = (twin) => locateRoute(siteRoute(twin.route), apis)?.api ?? null;
  const used = new Set();
  const take = (filter) => {
    const found = twins.filter((t) => !used.has(t) && filter(t));
    found.forEach((t) => used.add(t));
    return found;
  };
  const link = (twin) => `- [${oneLine(twin.title)}](${twinUrl(twin.route)})${twin.description ? `: ${oneLine(twin.description)}` : ''}`;
  const bySite = (a, b) => (a.kind === 'operation') - (b.kind === 'operation') || a.route.localeCompare(b.route);

  const current = apis.filter((a) => a.status === 'current');
  const others = apis.filter((a) => a.status !== 'current');
  const label = (a) => `${a.standard} v${a.version}`;

  const sections = [];
  const section = (heading, pages, intro) => {
    if (pages.length) sections.push({heading, intro, pages: pages.sort(bySite)});
  };
  const home = take((t) => t.route === baseUrl);
  section('Start here', home);
  for (const api of current) {
    section(
      `${api.docsLabel}: documentation (current version ${api.version})`,
      take((t) => t.kind === 'docs' && versionOf(t) === api),
    );
  }
  for (const api of current) {
    section(
      `${label(api)}: API reference (current)`,
      take((t) => t.kind !== 'docs' && versionOf(t) === api),
      api.specFile ? `The OpenAPI file: ${pageUrl(`${base}/specs/${api.specFile}`)}` : undefined,
    );
  }
  // The message dictionary (`/docs/messages/…`), where the build has it.
  section(
    'Message dictionary',
    take((t) => under(t.route, `${base}/messages`) && !others.includes(versionOf(t))),
  );
  const validator = take((t) => t.route === `${base}/validator`);
  const compliance = take((t) => t.route === `${base}/api/compliance`);
  section('Message validator', validator);
  section('Compliance statement', compliance);
  section(
    'APIs in general: overview, specifications, usage notes',
    take((t) => under(t.route, `${base}/api`) && !others.includes(versionOf(t))),
  );
  section(
    'Other pages',
    take((t) => !others.includes(versionOf(t))),
  );
  const currentPart = sections.length;
  // Versions that are not current: `previous` (still in production) and any status the registry may add.
  for (const status of [...new Set(others.map((a) => a.status))]) {
    const ofStatus = others.filter((a) => a.status === status);
    const words = status === 'previous' ? 'previous version, still in production' : `status: ${status}`;
    for (const api of ofStatus) {
      section(
        `${label(api)} (${words}): documentation`,
        take((t) => t.kind === 'docs' && versionOf(t) === api),
      );
      section(
        `${label(api)} (${words}): API reference`,
        take((t) => t.kind !== 'docs' && versionOf(t) === api),
      );
      section(
        `${label(api)} (${words}): message dictionary`,
        take((t) => under(t.route, `${base}/messages`) && versionOf(t) === api),
      );
    }
  }
  section(
    'Other pages',
    take(() => true),
  );

  const described = (a) =>
    `${label(a)}${a.status === 'current' ? '' : ` (${a.status === 'previous' ? 'previous version, still in production' : a.status})`}`;
  const summary =
    'SETU (Stichting Elektronische Transacties Uitzendbranche) publishes open standards for the exchange of data in the ' +
    'Dutch staffing industry. This site documents them: the business processes, the messages and the HTTP APIs (from ' +
    `their OpenAPI files), with a message validator. Documented: ${apis.map(described).join(', ')}. ` +
    `Current: ${current.map(label).join(', ')}.`;
  const header = [
    '# SETU documentation',
    '',
    `> ${summary}`,
    '',
    `Every page of the site is also published as Markdown: its URL with \`.md\` appended (a URL that ends in \`/\` takes \`index.md\`), as linked below. ` +
      `All current documentation in one file: ${pageUrl(`${base}/llms-full.txt`)}. ` +
      'Where this site differs from the published SETU specifications, it says so on the page that owns the topic.',
    '',
  ];
  const render = (s) => [`## ${s.heading}`, '', ...(s.intro ? [s.intro, ''] : []), ...s.pages.map(link), ''];
  const llmsTxt = [...header, ...sections.flatMap(render)].join('\n');

  const full = [
    '# SETU documentation: all current pages',
    '',
    `> ${summary}`,
    '',
    `Previous versions are left out; their pages are listed in ${pageUrl(`${base}/llms.txt`)}. Each page below starts with a line naming its URL.`,
    '',
    ...sections
      .slice(0, currentPart)
      .flatMap((s) => s.pages.flatMap((t) => ['---', '', `URL: ${pageUrl(t.route)}`, '', t.markdown.trim(), ''])),
  ].join('\n');
  return {llmsTxt, llmsFullTxt: full};
}
