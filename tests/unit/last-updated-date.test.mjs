// The "Last updated" date (src/theme/LastUpdated/format-date.mjs) reads as theme-classic writes it with
// Intl.DateTimeFormat, in English without Intl and in other locales with it.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {formatDate} from '../../src/theme/LastUpdated/format-date.mjs';

const intl = (/** @type {Date} */ date, /** @type {string} */ locale) =>
  new Intl.DateTimeFormat(locale, {calendar: 'gregory', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC'}).format(date);

test('every month and day of 2026 (and the ends of days around UTC midnight) reads as Intl writes it in English', () => {
  for (let day = Date.UTC(2026, 0, 1); day < Date.UTC(2027, 0, 1); day += 86_400_000) {
    for (const at of [day, day + 86_399_999]) {
      const date = new Date(at);
      assert.equal(formatDate(date, 'en'), intl(date, 'en'));
      assert.equal(formatDate(date, 'en-US'), intl(date, 'en-US'));
    }
  }
  assert.equal(formatDate(new Date(Date.UTC(2026, 10, 26, 23, 30)), 'en'), 'Nov 26, 2026');
});

test('other locales and calendars are written by Intl', () => {
  const date = new Date(Date.UTC(2026, 8, 9));
  assert.equal(formatDate(date, 'nl'), intl(date, 'nl'));
  assert.equal(
    formatDate(date, 'en', 'buddhist'),
    new Intl.DateTimeFormat('en', {calendar: 'buddhist', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC'}).format(date),
  );
});
