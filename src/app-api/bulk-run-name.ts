/**
 * A bulk run's name: its target and when it started ("Best Sellers · 23 Nov, 14:05"), so two runs
 * over one target read apart. One function for the app home and the admin extensions (browser-
 * safe, no dependencies), applied to the run the server sends; the time is on the merchant's
 * clock, the browser's.
 */
const startFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

export function bulkRunName(run: { title: string; createdAt: string }): string {
  return `${run.title} · ${startFormat.format(new Date(run.createdAt))}`;
}
