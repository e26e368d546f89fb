/** The emulator's sense of time, replaceable in tests (rate-limit windows, timestamps). */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
