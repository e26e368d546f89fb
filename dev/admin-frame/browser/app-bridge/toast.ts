import type { Channel } from './channel.ts';

const DEFAULT_DURATION_MS = 5000;

/** `shopify.toast`: the admin shows the message at the bottom of the page. */
export function createToastApi(channel: Channel) {
  let next = 1;
  return {
    show(message: string, options: { duration?: number; isError?: boolean } = {}): string {
      const id = `toast-${next++}`;
      channel.notify('toast.show', {
        id,
        message,
        isError: options.isError ?? false,
        duration: options.duration ?? DEFAULT_DURATION_MS,
      });
      return id;
    },
    hide(id: string): void {
      channel.notify('toast.hide', { id });
    },
  };
}
