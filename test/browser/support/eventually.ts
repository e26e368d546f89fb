import { expect } from 'vitest';

/** How long the UI may take to show something (pages load their data after rendering). */
export const UI_TIMEOUT_MS = 10_000;

/** `expect.poll` with a patience that fits a loaded CI machine: `eventually(() => x).toBe(y)`. */
export function eventually<T>(
  check: () => T | Promise<T>,
  options: { timeout?: number; interval?: number } = {},
) {
  return expect.poll(check, { timeout: UI_TIMEOUT_MS, interval: 100, ...options });
}
