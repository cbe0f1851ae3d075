// The components of an operation page's deferred sections (operation-page.ts), as the browser gets them: each one's
// code runs when its section loads, not when the page starts (onDemand). The server's bundle gets
// deferred-parts.server.ts in its place (the alias in ../index.ts), which hands them over loaded, as a synchronous
// render needs them.
import {onDemand} from './DeferredSection';

export const ParamsDetails = onDemand(() => import('@theme/ParamsDetails'));
export const RequestSchema = onDemand(() => import('@theme/RequestSchema'));
export const StatusCodes = onDemand(() => import('@theme/StatusCodes'));
