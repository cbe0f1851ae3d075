// /docs/llms.txt (an index of the site for assistants, https://llmstxt.org), /docs/llms-full.txt (the current
// documentation in one file) and /docs/llms-full/<standard>-<version>.txt (one standard's version in one file, a size a
// model's context holds), from the pages' twins and the API registry. Versions and their status come from the
// registry only, in its words (statusWording): the `previous` versions come last, in their own sections, with why they
// are still documented; every other status (`current`, or one the registry adds) is listed first, named after its status
// where it is not `current`.
import {statusWording} from '../../data/registry.mjs';
import {locateRoute} from '../../data/standard-versions.mjs';

/**
 * @typedef {object} Twin
 * @property {string} route the page's route, e.g. `/docs/planning/scenario-1` (with the base URL)
 * @property {string} title
 * @property {string} description one line
 * @property {string} markdown
 * @property {'docs' | 'reference' | 'operation' | 'page'} kind
 */

/**
 * The fields of a registry entry that llms.txt reads (src/data/registry.mjs's `ApiVersion`; the tests pass fewer).
 * @typedef {{standard: string, version: string, status: string, docsLabel: string, summary: string, title: string,
 *   docsRoute: string, standardSlug?: string, referenceRoute?: string, specFile?: string}} RegistryEntry
 *
 * A section of llms.txt: its heading, an optional first line, its pages.
 * @typedef {{heading: string, intro: string | undefined, pages: Twin[]}} Section
 */

const oneLine = (/** @type {unknown} */ text) =>
  String(text ?? '')
    .replace(/\s+/g, ' ')
    .trim();
const withSlash = (/** @type {string} */ route) => (route.endsWith('/') ? route : `${route}/`);
const under = (/** @type {string} */ route, /** @type {string} */ base) => route === base || withSlash(route).startsWith(withSlash(base));

/**
 * @param {object} options
 * @param {Twin[]} options.twins every page's twin
 * @param {RegistryEntry[]} options.apis the API registry
 * @param {string} options.baseUrl `/docs/`
 * @param {(route: string) => string} options.twinUrl the absolute URL of a route's twin
 * @param {(route: string) => string} options.pageUrl the absolute URL of a route
 */
export function llmsFiles({twins, apis, baseUrl, twinUrl, pageUrl}) {
  const base = baseUrl.replace(/\/$/, '');
  const siteRoute = (/** @type {string} */ route) => route.slice(base.length) || '/';
  /**
   * The registry entry a page belongs to: its documentation or API reference (by route), or its message dictionary
   * (`/docs/messages/<standardSlug>/<version>/…`).
   * @param {Twin} twin
   * @returns {RegistryEntry | null}
   */
  const versionOf = (twin) => {
    const dictionary = /^\/messages\/([^/]+)\/([^/]+)\//.exec(siteRoute(twin.route));
    if (dictionary) return apis.find((a) => a.standardSlug === dictionary[1] && a.version === dictionary[2]) ?? null;
    return locateRoute(siteRoute(twin.route), apis)?.api ?? null;
  };
  /** @type {Set<Twin>} */
  const used = new Set();
  const take = (/** @type {(twin: Twin) => boolean} */ filter) => {
    const found = twins.filter((t) => !used.has(t) && filter(t));
    found.forEach((t) => used.add(t));
    return found;
  };
  const link = (/** @type {Twin} */ twin) =>
    `- [${oneLine(twin.title)}](${twinUrl(twin.route)})${twin.description ? `: ${oneLine(twin.description)}` : ''}`;
  const bySite = (/** @type {Twin} */ a, /** @type {Twin} */ b) =>
    Number(a.kind === 'operation') - Number(b.kind === 'operation') || a.route.localeCompare(b.route);

  // Only `previous` versions go to the end; any other status (`current`, or one the registry adds) is a live version.
  const previous = apis.filter((a) => a.status === 'previous');
  const live = apis.filter((a) => a.status !== 'previous');
  const isPrevious = (/** @type {Twin} */ twin) => {
    const version = versionOf(twin);
    return version !== null && previous.includes(version);
  };
  const label = (/** @type {RegistryEntry} */ a) => `${a.standard} v${a.version}`;
  const statusWords = (/** @type {RegistryEntry} */ a) => {
    const {label, note} = statusWording[/** @type {keyof typeof statusWording} */ (a.status)] ?? {label: a.status, note: ''};
    return a.status === 'previous' ? [label, note].filter(Boolean).join(', ') : label;
  };

  /** @type {Section[]} */
  const sections = [];
  /**
   * @param {string} heading
   * @param {Twin[]} pages
   * @param {string} [intro]
   */
  const section = (heading, pages, intro) => {
    if (pages.length) sections.push({heading, intro, pages: pages.sort(bySite)});
  };
  const versionSections = (/** @type {RegistryEntry} */ api) => {
    section(
      `${label(api)}: documentation (${statusWords(api)})`,
      take((t) => t.kind === 'docs' && versionOf(t) === api && !under(t.route, `${base}/messages`)),
    );
    section(
      `${label(api)}: API reference (${statusWords(api)})`,
      take((t) => (t.kind === 'operation' || t.kind === 'reference') && versionOf(t) === api),
      api.referenceRoute && api.specFile ? `The OpenAPI file: [${api.specFile}](${pageUrl(`${base}/specs/${api.specFile}`)}).` : undefined,
    );
  };
  section(
    'Start here',
    take((t) => t.route === baseUrl),
  );
  live.forEach(versionSections);
  // The message dictionary (`/docs/messages/…`), where the build has it.
  section(
    'Message dictionary',
    take((t) => under(t.route, `${base}/messages`) && !isPrevious(t)),
  );
  section(
    'Message validator',
    take((t) => t.route === `${base}/validator`),
  );
  section(
    'Compliance statement',
    take((t) => t.route === `${base}/api/compliance`),
  );
  section(
    'APIs in general: overview, specifications, usage notes',
    take((t) => under(t.route, `${base}/api`) && !isPrevious(t)),
  );
  // llmstxt.org: the links of a section named "Optional" may be skipped where a shorter context is needed.
  section(
    'Optional',
    take((t) => !isPrevious(t)),
  );
  const currentPart = sections.length;
  for (const api of previous) {
    versionSections(api);
    section(
      `${label(api)}: message dictionary (${statusWords(api)})`,
      take((t) => under(t.route, `${base}/messages`) && versionOf(t) === api),
    );
  }
  section(
    'Other pages of previous versions',
    take(() => true),
  );

  // One file per standard and version: its documentation, API reference and message dictionary, and the pages of what
  // changed up to it (`/docs/messages/<standardSlug>/changes/<from>-to-<version>…`).
  const versionFiles = apis.map((api) => {
    const name = `llms-full/${api.standardSlug ?? api.docsRoute.replace(/^\/|\/$/g, '').replace(/\//g, '-')}-${api.version}.txt`;
    const changesTo = api.standardSlug
      ? new RegExp(`^/messages/${api.standardSlug}/changes/[^/]+-to-${api.version.replace(/\./g, '\\.')}(/|$)`)
      : null;
    const pages = twins.filter((t) => versionOf(t) === api || (changesTo?.test(siteRoute(t.route)) ?? false)).sort(bySite);
    return {api, name, pages};
  });
  const versionFileLinks = versionFiles
    .filter((f) => f.pages.length)
    .map((f) => `[${label(f.api)}](${pageUrl(`${base}/${f.name}`)})`)
    .join(', ');
  const described = (/** @type {RegistryEntry} */ a) => `${label(a)}${a.status === 'current' ? '' : ` (${statusWords(a)})`}`;
  const summary =
    'SETU (Stichting Elektronische Transacties Uitzendbranche) publishes open standards for the exchange of data in the ' +
    'Dutch staffing industry. This site documents them: the business processes, the messages and the HTTP APIs (from ' +
    `their OpenAPI files), with a message validator. Documented: ${apis.map(described).join(', ')}. ` +
    `Current: ${apis
      .filter((a) => a.status === 'current')
      .map(label)
      .join(', ')}.`;
  const header = [
    '# SETU documentation',
    '',
    `> ${summary}`,
    '',
    `Every page of the site is also published as Markdown: its URL with \`.md\` appended (a URL that ends in \`/\` takes \`index.md\`), as linked below. ` +
      `All current documentation in one file: [llms-full.txt](${pageUrl(`${base}/llms-full.txt`)}); ` +
      `one standard's version in one file, a size a model's context holds: ${versionFileLinks}. ` +
      'Where this site differs from the published SETU specifications, it says so on the page that owns the topic.',
    '',
  ];
  const render = (/** @type {Section} */ s) => [`## ${s.heading}`, '', ...(s.intro ? [s.intro, ''] : []), ...s.pages.map(link), ''];
  const llmsTxt = [...header, ...sections.flatMap(render)].join('\n');

  const full = [
    '# SETU documentation: all current pages',
    '',
    `> ${summary}`,
    '',
    `Previous versions are left out; their pages are listed in [llms.txt](${pageUrl(`${base}/llms.txt`)}). Each page below follows a line naming its URL.`,
    '',
    ...sections
      .slice(0, currentPart)
      .flatMap((s) => s.pages.flatMap((t) => ['---', '', `URL: ${pageUrl(t.route)}`, '', t.markdown.trim(), ''])),
  ].join('\n');
  // The operations are listed, not included: each operation's twin repeats the fields of its bodies, which the
  // dictionary pages give once, and all of them together would make the file several times the size of the rest.
  const byVersion = versionFiles
    .filter((f) => f.pages.length)
    .map(({api, name, pages}) => {
      const operations = pages.filter((t) => t.kind === 'operation');
      return {
        name,
        text: [
          `# SETU documentation: ${label(api)} (${statusWords(api)})`,
          '',
          `> ${api.summary}. The pages of the site about this version: its documentation, ${api.referenceRoute ? 'its API reference, ' : ''}its message dictionary and what changed up to it.`,
          '',
          `The other versions and the pages on the APIs in general are listed in [llms.txt](${pageUrl(`${base}/llms.txt`)}). Each page below follows a line naming its URL.`,
          '',
          ...(operations.length
            ? [
                '## Operations',
                '',
                "Each operation's page as Markdown (its parameters, headers, bodies, responses and examples), one file each:",
                '',
                ...operations.map(link),
                '',
              ]
            : []),
          ...pages.filter((t) => t.kind !== 'operation').flatMap((t) => ['---', '', `URL: ${pageUrl(t.route)}`, '', t.markdown.trim(), '']),
        ].join('\n'),
      };
    });
  return {llmsTxt, llmsFullTxt: full, byVersion};
}
