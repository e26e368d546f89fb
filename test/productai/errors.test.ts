import { describe, expect, it } from 'vitest';
import {
  errorFromResponse,
  ProductAiError,
  productAiFailure,
  retryAfterMs,
  type ProductAiErrorCode,
} from '../../src/productai/errors.ts';

describe('productAiFailure: transient (ask again later) or permanent (the answer stands)', () => {
  const failure = (code: ProductAiErrorCode, status?: number) =>
    productAiFailure(new ProductAiError({ code, status, message: code, received: 'yes' }));

  it('takes 5xx, 429, timeouts, resets and DNS failures for transient', () => {
    expect(failure('server', 503)).toBe('transient');
    expect(failure('rate_limited', 429)).toBe('transient');
    expect(failure('not_sent')).toBe('transient'); // refused connection, DNS
    expect(failure('maybe_sent')).toBe('transient'); // timeout, reset after sending
    expect(failure('unexpected_status', 408)).toBe('transient');
    expect(failure('invalid_response', 200)).toBe('transient'); // a gateway's page, a cut body
  });

  it("takes the contract's 4xx answers, an answer off the contract and an abort for permanent", () => {
    for (const code of [
      'validation',
      'out_of_credits',
      'missing_key',
      'invalid_key',
      'job_not_found',
      'not_found',
      'aborted',
    ] as const)
      expect(failure(code, 400)).toBe('permanent');
    expect(failure('unexpected_status', 418)).toBe('permanent');
  });
});

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
