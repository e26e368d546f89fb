/**
 * "Image experiment concluded" sends exactly the fields its extension's TOML declares (Flow, and
 * the Shopify emulator read with the same `appFlowTriggers`, refuse any other payload), with the
 * uplift and its interval in percent, and "none" without a winner.
 */
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { appFlowTriggers } from '../../../emulators/shopify/index.ts';
import {
  CONCLUDED_HANDLE,
  concludedPayload,
} from '../../../src/features/experiments/concluded-trigger.ts';

const declared = appFlowTriggers(
  fileURLToPath(new URL('../../../extensions/', import.meta.url)),
).find((trigger) => trigger.handle === CONCLUDED_HANDLE);
const experiment = { id: '01ARZ3NDEKTSV4RRFFQ69G5FAV', productId: 'gid://shopify/Product/42' };

it('sends the fields the extension declares', () => {
  const payload = concludedPayload(experiment, {
    why: 'decided',
    winner: 'ai2',
    keep: 'ai2',
    uplift: { estimate: 14.26, lower: 2.04, upper: 27.5 },
  });
  expect(Object.keys(payload).sort()).toEqual([...declared!.fields].sort());
  expect(payload).toEqual({
    product_id: 42,
    'Experiment ID': experiment.id,
    Winner: 'ai2',
    Why: 'decided',
    'Uplift percent': 14.3,
    Interval: '+2.0% to +27.5%',
  });
});

it('names the original, or none', () => {
  const end = { why: 'ended_by_undo' as const, winner: null, keep: null, uplift: null };
  expect(concludedPayload(experiment, end)).toMatchObject({ Winner: 'none', Interval: '' });
  expect(
    concludedPayload(experiment, { ...end, why: 'stopped_keep_original', winner: 'control' }),
  ).toMatchObject({ Winner: 'original' });
});
