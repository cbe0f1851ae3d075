// Where the site is published: docusaurus.config.ts serves it there, the command setu-validate links its errors to
// the message dictionary there, and the sandbox's worker answers under its base URL (src/plugins/sandbox/client.ts).

/** The origin of the site. */
export const siteUrl = 'https://setu-standards.github.io';

/** The path the site is served under. */
export const baseUrl = '/docs/';

/** The site's source repository ("Edit this page" links, the footer). */
export const repositoryUrl = 'https://github.com/setu-standards/documentation';
