/**
 * What a generation's view says while it waits outside the app (generation-view.ts), besides
 * ProductAI's limit on its job's reads (rate-limit-wait-view.test.ts): a request ProductAI did not
 * take, back in line, says it is ProductAI's limit (until when) or outage, not merely its turn;
 * an outage's wait says until when the app keeps trying. Every time is the instant, which each
 * client writes on the shop's clock; the English kept for the logs names UTC.
 */
import { expect, test } from 'vitest';
import { toGenerationView } from '../../../src/pipeline/generations/generation-view.ts';
import type { Generation } from '../../../src/pipeline/generations/generation.ts';
import { savingThroughOutage, sendLimited } from '../../support/rate-limited-generation.ts';

test('back in line after a 429: ProductAI limits the app until the shared limit gives slots out again', () => {
  const view = toGenerationView(sendLimited());
  expect(view).toMatchObject({ state: 'queued', waitingFor: 'productai' });
  expect(view.reasonText).toEqual({
    code: 'waiting_productai_limit_send',
    params: { time: { at: '2026-11-30T14:05:07.000Z' } },
  });
  expect(view.reason).toBe(
    "ProductAI is limiting the app's requests until 14:05 UTC — this one is sent then, in its turn; nothing was charged.",
  );
});

test('back in line with ProductAI unreachable: it waits for ProductAI to come back', () => {
  const { sendAgainAt: _, ...unreachable } = sendLimited().waitingFor!;
  const view = toGenerationView({ ...sendLimited(), waitingFor: unreachable });
  expect(view).toMatchObject({
    waitingFor: 'productai',
    reasonText: { code: 'waiting_productai_send' },
  });
});

test('a wait to send from an earlier stay in line says nothing once it is back in line again', () => {
  const again: Generation = {
    ...sendLimited(),
    transitions: [
      ...sendLimited().transitions,
      { state: 'paused', at: '2026-11-30T14:06:00.000Z' },
      { state: 'queued', at: '2026-11-30T14:07:00.000Z' },
    ],
  };
  expect(toGenerationView(again)).toMatchObject({ waitingFor: null, reasonText: null });
});

test('a Shopify outage’s wait says until when the app keeps trying', () => {
  const view = toGenerationView(savingThroughOutage());
  expect(view).toMatchObject({ state: 'saving', waitingFor: 'shopify' });
  expect(view.reasonText).toEqual({
    code: 'waiting_shopify_until',
    params: { time: { at: '2026-11-30T18:05:00.000Z' } },
  });
});

test('a ProductAI outage’s wait says until when the app keeps trying', () => {
  const processing: Generation = {
    ...savingThroughOutage(),
    state: 'processing',
    transitions: savingThroughOutage().transitions.slice(0, -1),
    waitingFor: {
      since: '2026-11-30T12:05:00.000Z',
      failures: 1,
      on: 'productai',
      givesUpAt: '2026-11-30T18:05:00.000Z',
    },
  };
  expect(toGenerationView(processing).reasonText).toEqual({
    code: 'waiting_productai_until',
    params: { time: { at: '2026-11-30T18:05:00.000Z' } },
  });
});

test('a wait begun before it recorded when the app gives up says as soon as it answers', () => {
  const { givesUpAt: _, ...older } = savingThroughOutage().waitingFor!;
  const view = toGenerationView({ ...savingThroughOutage(), waitingFor: older });
  expect(view.reasonText).toEqual({ code: 'waiting_shopify' });
});
