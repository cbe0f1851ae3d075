import {referenceSidebar} from '../sidebar-items';
// `sidebar.ts` is written by `npm run generate` from the spec's tags.
import operationsByTag from './sidebar';

export default referenceSidebar('planning', operationsByTag);
