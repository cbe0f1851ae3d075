import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';
import {apis, apisWithReference, apiLabel} from './src/data/registry.mjs';

/** How the registry names the documentation of an API version (its `docsLabel`). */
function docsLabel(id: string): string {
  const api = apis.find((a) => a.id === id);
  if (!api) throw new Error(`sidebars.ts: no API "${id}" in the API registry (src/data/apis.json)`);
  return api.docsLabel;
}

/**
 * The one sidebar of the content docs, in reading order: introduction, each standard, then the API documentation.
 * Doc ids are file paths under docs/ without extension. Labels come from each page's `sidebar_label`.
 * Not listed on purpose: planning/review-public (a closed consultation, reachable by URL only).
 * The API references (each API version's referenceRoute in the registry) have sidebars of their own; a version without
 * an API specification (`"api": false`) has none, only its documentation category here.
 */
const sidebars: SidebarsConfig = {
  docs: [
    'index',
    {
      type: 'category',
      label: docsLabel('p2p'),
      link: {type: 'doc', id: 'purchase-to-pay-v2/index'},
      items: [
        'purchase-to-pay-v2/OrderingSelection',
        'purchase-to-pay-v2/Timecard',
        'purchase-to-pay-v2/SequenceDiagrams',
        {
          type: 'category',
          label: 'Usage notes',
          items: ['purchase-to-pay-v2/usage-notes/Identifiers-overview', 'purchase-to-pay-v2/usage-notes/Pay-rates'],
        },
      ],
    },
    {
      type: 'category',
      label: docsLabel('planning-2.0'),
      link: {type: 'doc', id: 'planning/2.0/index'},
      items: ['planning/2.0/changes', 'planning/2.0/examples'],
    },
    {
      type: 'category',
      label: docsLabel('planning'),
      link: {type: 'doc', id: 'planning/index'},
      items: [
        'planning/scenario-1',
        'planning/scenario-2',
        {
          type: 'category',
          label: 'Sequence diagrams',
          items: [
            'planning/sequence-diagrams/StaffingSupplier',
            'planning/sequence-diagrams/StaffingCustomer_and_StaffingSupplier',
            'planning/sequence-diagrams/StaffingSupplier_and_StaffingCustomer',
          ],
        },
        {
          type: 'category',
          label: 'Usage notes',
          link: {type: 'doc', id: 'planning/usage-notes/index'},
          items: [
            'planning/usage-notes/memo-planningrequest',
            'planning/usage-notes/soap-webservices-documentatie',
            'planning/usage-notes/examples',
          ],
        },
        'planning/business-rules',
        'planning/changelog',
        'planning/FAQ',
      ],
    },
    {
      type: 'category',
      label: docsLabel('gelijkwaardige-beloning-2.0'),
      link: {type: 'doc', id: 'gelijkwaardige-beloning/2.0/index'},
      items: [
        'gelijkwaardige-beloning/2.0/scenarios',
        'gelijkwaardige-beloning/2.0/sequence-diagrams',
        {
          type: 'category',
          label: 'Usage notes',
          items: ['gelijkwaardige-beloning/2.0/usage-notes/rates', 'gelijkwaardige-beloning/2.0/usage-notes/conditions'],
        },
        'gelijkwaardige-beloning/2.0/examples',
        'gelijkwaardige-beloning/2.0/release-notes',
      ],
    },
    {
      type: 'category',
      label: docsLabel('gelijkwaardige-beloning'),
      link: {type: 'doc', id: 'gelijkwaardige-beloning/index'},
      items: [
        'gelijkwaardige-beloning/scenarios',
        'gelijkwaardige-beloning/sequence-diagrams',
        {
          type: 'category',
          label: 'Usage notes',
          items: ['gelijkwaardige-beloning/usage-notes/rates', 'gelijkwaardige-beloning/usage-notes/conditions'],
        },
        'gelijkwaardige-beloning/examples',
        'gelijkwaardige-beloning/public-consultation',
      ],
    },
    {
      type: 'category',
      label: 'API documentation',
      link: {type: 'doc', id: 'api/index'},
      items: [
        // SETU's own order: the compliance statement comes right after the API overview.
        'api/compliance',
        'api/oas-purchase-to-pay',
        'api/oas-planning',
        'api/oas-gelijkwaardige-beloning',
        ...apisWithReference.map((api) => ({type: 'link' as const, label: apiLabel(api), href: api.referenceRoute})),
        // Generated pages with a sidebar of their own (the `messages` docs instance); listed here so readers find them.
        {type: 'link', label: 'Message dictionary', href: '/messages/'},
        {
          type: 'category',
          label: 'Usage notes',
          items: [
            'api/usage-notes/synchronous',
            'api/usage-notes/identifiers',
            'api/usage-notes/response-codes',
            'api/usage-notes/attachment',
            'api/usage-notes/put-behavior',
            'api/usage-notes/xml-form',
          ],
        },
        'api/Setu-Peppol',
      ],
    },
  ],
};

export default sidebars;
