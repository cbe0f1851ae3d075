import type {PluginConfig} from '@docusaurus/types';
import {redirects} from './old-routes';

/**
 * The old addresses of SETU's reference documentation site that are not pages here, each a redirect (a small page that
 * forwards, written by @docusaurus/plugin-client-redirects, so that a static host serves it) to the page that holds its
 * content now: ./reference-site-pages.json, ./old-routes.ts; and the redirects this site has had (`formerRedirects`), kept.
 */
export const referenceSiteRedirects: PluginConfig = ['@docusaurus/plugin-client-redirects', {redirects}];
