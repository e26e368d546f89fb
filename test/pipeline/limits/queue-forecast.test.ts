/** The bulk forecast follows the fair scheduler's rules and the shared limit. */
import { describe, expect, it } from 'vitest';
import { forecastBulk, type ForecastInput } from '../../../src/pipeline/limits/queue-forecast.ts';

const MINUTE = 60_000;

/** The line depths of other shops whose lines hold `lines` bulk generations each. */
function depthsOf(...lines: number[]): number[] {
  return Array.from(
    { length: Math.max(0, ...lines) },
    (_, depth) => lines.filter((line) => line > depth).length,
  );
}

function input(overrides: Partial<ForecastInput> = {}): ForecastInput {
  return {
    interactive: 0,
    othersAtDepth: [],
    ownAhead: 0,
    own: 30,
    limit: 15,
    windowMs: MINUTE,
    freeSlots: 0,
    processingMs: 0,
    ...overrides,
  };
}

describe('the bulk forecast', () => {
  it('sends a lone run at the shared limit: 30 requests at 15 a minute take 2 minutes', () => {
    expect(forecastBulk(input())).toEqual({
      requestsAhead: 0,
      requestsToFinish: 30,
      requestsPerMinute: 15,
      finishInMs: 2 * MINUTE,
    });
  });

  it('lets the free slots of the current window go at once', () => {
    expect(forecastBulk(input({ own: 5, freeSlots: 15 }))?.finishInMs).toBe(0);
    expect(forecastBulk(input({ own: 20, freeSlots: 5 }))?.finishInMs).toBe(MINUTE);
  });

  it('puts every waiting click first, and another shop takes turns only while this one waits', () => {
    // 2 clicks, then 10 turns: b sends 10 of its 100, c its 4.
    const schedule = forecastBulk(
      input({ interactive: 2, othersAtDepth: depthsOf(100, 4), own: 10 }),
    );
    expect(schedule).toMatchObject({ requestsAhead: 2, requestsToFinish: 2 + 10 + 4 + 10 });
  });

  it('counts the shop’s own earlier bulk work ahead of the run', () => {
    expect(forecastBulk(input({ ownAhead: 8, own: 7 }))).toMatchObject({
      requestsAhead: 8,
      requestsToFinish: 15,
    });
  });

  it('adds the time a result takes after its request', () => {
    expect(forecastBulk(input({ own: 15, freeSlots: 15, processingMs: 45_000 }))?.finishInMs).toBe(
      45_000,
    );
  });

  it('has nothing to forecast when nothing is to be sent', () => {
    expect(forecastBulk(input({ own: 0 }))).toBeNull();
  });
});
