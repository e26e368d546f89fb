/**
 * A bulk run's name: its target and when it started ("Best Sellers · 23 Nov, 14:05"), so two runs
 * over one target read apart. One function for the app home and the admin extensions (browser-
 * safe, no dependencies), applied to the run the server sends; the time is on the merchant's
 * clock, the browser's, written for `locale` (the app home passes the admin's).
 */
const startFormats = new Map<string, Intl.DateTimeFormat>();

export function bulkRunName(run: { title: string; createdAt: string }, locale = 'en-GB'): string {
  let format = startFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
    });
    startFormats.set(locale, format);
  }
  return `${run.title} · ${format.format(new Date(run.createdAt))}`;
}
