// The navbar and the footer of every page (themeConfig in docusaurus.config.ts); the footer lists the standards and
// API references from the API registry.
import type * as Preset from '@docusaurus/preset-classic';
import {apis, apisWithReference, apiLabel} from './data/registry.mjs';
import {repositoryUrl} from './data/site.mjs';

// SETU's other sites: three links in the mobile menu and from 1600 px; between 997 and 1599 px, where the navbar has no
// room for them beside the version switch and Messages, the same three in one dropdown (src/css/custom.css).
const setuSites = [
  {href: 'https://www.setu.nl', label: 'SETU website'},
  {href: 'https://setu.semantic-treehouse.nl', label: 'Standards portal'},
  {href: 'https://github.com/setu-standards', label: 'GitHub'},
];

export const navbar = {
  title: 'SETU',
  hideOnScroll: true,
  logo: {alt: 'SETU documentation home', src: 'img/logo.svg', srcDark: 'img/logo-dark.svg', width: 32, height: 32},
  items: [
    {type: 'docSidebar', sidebarId: 'docs', position: 'left', label: 'Documentation'},
    {to: '/api/', label: 'API reference', position: 'left', activeBaseRegex: '^/docs/api/'},
    // The message dictionary: every field of every message, and what changed between versions.
    {to: '/messages/', label: 'Messages', position: 'left', activeBaseRegex: '^/docs/messages/'},
    {to: '/validator', label: 'Validator', position: 'left'},
    // On the pages of a standard documented in several versions: a switch to the same page in another version
    // (src/components/StandardVersionsNavbarItem). Elsewhere nothing.
    {type: 'custom-standardVersions', position: 'right'},
    {type: 'localeDropdown', position: 'right'},
    ...setuSites.map((site) => ({...site, position: 'right' as const, className: 'navbar__item--setu-site'})),
    {type: 'dropdown', label: 'SETU sites', position: 'right', className: 'navbar__item--setu-sites', items: setuSites},
  ],
} satisfies Preset.ThemeConfig['navbar'];

export const footer = {
  style: 'dark',
  links: [
    {
      title: 'Standards',
      items: [...apis.map((api) => ({label: api.docsLabel, to: api.docsRoute}))],
    },
    {
      title: 'API reference',
      items: [
        {label: 'API overview', to: '/api/'},
        ...apisWithReference.map((api) => ({label: apiLabel(api), to: api.referenceRoute})),
        {label: 'Message dictionary', to: '/messages/'},
        {label: 'Message validator', to: '/validator'},
        {label: 'API sandbox', to: '/sandbox'},
        {label: 'Conformance kit', to: '/conformance'},
      ],
    },
    {
      title: 'Usage notes',
      items: [
        {label: 'Synchronous and asynchronous', to: '/api/usage-notes/synchronous'},
        {label: 'Identifiers', to: '/api/usage-notes/identifiers'},
        {label: 'Response codes', to: '/api/usage-notes/response-codes'},
        {label: 'Attachments', to: '/api/usage-notes/attachment'},
        {label: 'PUT behavior', to: '/api/usage-notes/put-behavior'},
        {label: 'The XML form', to: '/api/usage-notes/xml-form'},
      ],
    },
    {
      title: 'SETU',
      items: [
        {label: 'SETU website', href: 'https://www.setu.nl'},
        {label: 'Standards portal', href: 'https://setu.semantic-treehouse.nl'},
        {label: 'SETU on GitHub', href: 'https://github.com/setu-standards'},
        {label: 'Edit this site', href: repositoryUrl},
      ],
    },
  ],
  // The year of the standard's documentation, deliberately not computed from the build date.
  copyright: 'Copyright © 2025 SETU',
} satisfies Preset.ThemeConfig['footer'];
