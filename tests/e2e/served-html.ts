import type {APIRequestContext} from '@playwright/test';
import * as cheerio from 'cheerio';
import {expect} from './fixtures';

// Facts that are in the HTML the server sends (titles, attributes, link targets, notices rendered on the server) need
// no browser: a request and a parse cost milliseconds, a page load in Chromium most of a second on two cores.

/** The page at `route` as the server sends it, parsed; fails unless the status is `status`. */
export async function servedPage(request: APIRequestContext, route: string, status = 200): Promise<cheerio.CheerioAPI> {
  const response = await request.get(route);
  expect(response.status(), route).toBe(status);
  expect(response.headers()['content-type'], route).toMatch(/^text\/html/);
  return cheerio.load(await response.text());
}

/** An element's text with white space collapsed, as Playwright's toHaveText compares it. */
export const textOf = (element: {text(): string}) => element.text().replace(/\s+/g, ' ').trim();
