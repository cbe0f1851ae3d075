// The components of an operation page's deferred sections in the server's bundle, which renders synchronously: loaded
// from the start. The browser's bundle gets deferred-parts.ts in its place (the alias in ../index.ts).
import {onDemand} from './DeferredSection';
import * as paramsDetails from '@theme/ParamsDetails';
import * as requestSchema from '@theme/RequestSchema';
import * as statusCodes from '@theme/StatusCodes';

export const ParamsDetails = onDemand(() => import('@theme/ParamsDetails'), paramsDetails);
export const RequestSchema = onDemand(() => import('@theme/RequestSchema'), requestSchema);
export const StatusCodes = onDemand(() => import('@theme/StatusCodes'), statusCodes);
