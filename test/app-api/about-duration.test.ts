/** A forecast reads the same on every screen: one rounding (src/app-api/about-duration.ts). */
import { expect, test } from 'vitest';
import { aboutDuration } from '../../src/app-api/about-duration.ts';

test('minutes to the nearest, at least one; hours to a tenth past 90 minutes', () => {
  expect(aboutDuration(0)).toEqual({ unit: 'minutes', count: 1 });
  expect(aboutDuration(89_000)).toEqual({ unit: 'minutes', count: 1 });
  // The admin action said 3 minutes (rounding up) where the app home said 2.
  expect(aboutDuration(150_000 - 1)).toEqual({ unit: 'minutes', count: 2 });
  expect(aboutDuration(89 * 60_000)).toEqual({ unit: 'minutes', count: 89 });
  expect(aboutDuration(150 * 60_000)).toEqual({ unit: 'hours', count: 2.5 });
});
