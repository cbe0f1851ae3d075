import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';
import {withoutIdPrefix} from '../sidebar-items';
// `sidebar.ts` is written by `npm run gen-api` from the spec's tags.
import operationsByTag from './sidebar';

export default {reference: withoutIdPrefix(operationsByTag, 'gelijkwaardige-beloning-2.0')} satisfies SidebarsConfig;
