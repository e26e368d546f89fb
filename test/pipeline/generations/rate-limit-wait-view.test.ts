/**
 * A generation waiting out its ProductAI account's rate limit says when it is read again
 * (src/pipeline/generations/generation-view.ts): its coded reason carries that instant, rounded
 * up to the minute, never a time the server wrote on a clock of its own, so each client writes
 * it on the shop's clock as every other date; the English kept for logs names UTC.
 */
import { expect, test } from 'vitest';
import { GenerationView } from '../../../src/app-api/contract.ts';
import { toGenerationView } from '../../../src/pipeline/generations/generation-view.ts';
import { rateLimited } from '../../support/rate-limited-generation.ts';

test('the coded reason carries the instant it is read again, rounded up to the minute', () => {
  const view = toGenerationView(rateLimited());
  expect(view.waitingFor).toBe('productai');
  expect(view.reasonText).toEqual({
    code: 'waiting_productai_limit',
    params: { time: { at: '2026-11-30T14:06:00.000Z' } },
  });
});

test('the view as sent keeps the instant, and the contract the clients read accepts it', () => {
  const sent = JSON.parse(JSON.stringify(toGenerationView(rateLimited())));
  expect(GenerationView.parse(sent).reasonText?.params).toEqual({
    time: { at: '2026-11-30T14:06:00.000Z' },
  });
});

test('the English kept for the logs and older clients names the time in UTC', () => {
  expect(toGenerationView(rateLimited()).reason).toBe(
    "ProductAI is limiting this account's requests — the result is read again by 14:06 UTC.",
  );
});
