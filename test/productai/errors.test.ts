import { describe, expect, it } from 'vitest';
import { errorFromResponse, retryAfterMs } from '../../src/productai/errors.ts';

describe('retryAfterMs: how long a 429 asks to wait', () => {
  it('reads a Retry-After header in seconds or as an HTTP date', () => {
    expect(retryAfterMs('30', '')).toBe(30_000);
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:10 GMT', '', now)).toBe(10_000);
  });

  it('reads the wait from the body text when there is no header', () => {
    const text = (after: string) =>
      `Too many generation requests from this IP, please try again after ${after}.`;
    expect(retryAfterMs(null, text('a minute'))).toBe(60_000);
    expect(retryAfterMs(null, text('2 minutes'))).toBe(120_000);
    expect(retryAfterMs(null, text('5 seconds'))).toBe(5_000);
    expect(retryAfterMs(null, text('a second'))).toBe(1_000);
    expect(retryAfterMs(null, text('250 milliseconds'))).toBe(250);
  });

  it('falls back to the minute the spec names', () => {
    expect(retryAfterMs(null, 'slow down')).toBe(60_000);
  });
});

describe('errorFromResponse', () => {
  const response = { retryAfterHeader: null, request: 'GET /x', jobRead: false };

  it('reads the message of an earlier-interface error object', () => {
    const error = errorFromResponse({
      ...response,
      status: 404,
      body: { error: { code: 'not_found', message: 'Asset not found' } },
    });
    expect(error).toMatchObject({ code: 'not_found', message: 'Asset not found', received: 'yes' });
  });

  it('files any other 4xx as unexpected_status, keeping the body', () => {
    const error = errorFromResponse({
      ...response,
      status: 405,
      body: { error: 'Method not allowed' },
    });
    expect(error).toMatchObject({
      code: 'unexpected_status',
      status: 405,
      message: 'Method not allowed',
    });
  });
});
