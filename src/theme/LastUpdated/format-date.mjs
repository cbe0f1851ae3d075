// A page's "Last updated" date as theme-classic writes it (Intl.DateTimeFormat with day numeric, month short, year
// numeric, in UTC), without Intl for English in the Gregorian calendar, the site's one locale: creating the first
// DateTimeFormat of a page costs more than the rest of the page footer's start-up. Other locales and calendars still
// go through Intl.

const shortMonths = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * Formats `date` as "Nov 26, 2026" (en, UTC); other locales and calendars with Intl.DateTimeFormat.
 * @param {Date} date
 * @param {string} locale
 * @param {string} [calendar]
 * @returns {string}
 */
export function formatDate(date, locale, calendar = 'gregory') {
  if ((locale === 'en' || locale === 'en-US') && calendar === 'gregory')
    return `${shortMonths[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
  return new Intl.DateTimeFormat(locale, {calendar, day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC'}).format(date);
}
