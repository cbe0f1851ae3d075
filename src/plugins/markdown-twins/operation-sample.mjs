// The request sample of an operation page's Markdown twin: the curl sample the page's explorer makes (the theme's own
// code, ../api-reference/request-samples.mjs) for a page at the origin of the site's sandbox on the reader's machine,
// so that it runs there as it is; and what the twin says about that sandbox (operation-markdown.mjs, sampleLines).
import {requestSampleDetails} from '../api-reference/request-samples.mjs';
import {baseUrl} from '../../data/site.mjs';

/** The site's sandbox on a reader's machine, as the sandbox page and the explorer's note tell readers to start it. */
export const localSandbox = {command: 'npm run sandbox -- --port 4010', origin: 'http://127.0.0.1:4010'};

/**
 * @param {string} apiId the registry id of the API version
 * @param {string} operationId
 * @param {(route: string) => string} url a site route (under /docs) as an absolute URL
 * @returns {Promise<import('./operation-markdown.mjs').RequestSample>}
 */
export async function operationSample(apiId, operationId, url) {
  const {code, body, assignedIds} = await requestSampleDetails(apiId, operationId, {origin: localSandbox.origin});
  return {
    code,
    body,
    command: localSandbox.command,
    baseUrl: `${localSandbox.origin}${baseUrl}sandbox/${apiId}`,
    sandboxUrl: `${url('/sandbox')}#local`,
    assignedIds: assignedIds.map(({param, createdBy}) => ({param, title: createdBy.title, url: url(createdBy.route)})),
  };
}
