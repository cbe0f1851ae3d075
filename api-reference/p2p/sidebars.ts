import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';
import {withoutIdPrefix} from '../sidebar-items';
// `sidebar.ts` is written by `npm run generate` from the spec's tags.
import operationsByTag from './sidebar';

export default {reference: withoutIdPrefix(operationsByTag, 'p2p')} satisfies SidebarsConfig;
