import type { Channel } from './channel.ts';

/** Tells the admin where the app is, so its menu marks the current page (and reloads keep it). */
export function syncLocation(channel: Channel): void {
  const report = () =>
    channel.notify('location', { path: window.location.pathname + window.location.search });
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = history[method].bind(history);
    history[method] = (...args: Parameters<History['pushState']>) => {
      original(...args);
      report();
    };
  }
  window.addEventListener('popstate', report);
}
