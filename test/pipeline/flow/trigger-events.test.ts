/**
 * Each Flow trigger sends exactly the fields its extension's TOML declares (Flow refuses a
 * payload that does not match the trigger's schema; so does the Shopify emulator, read with
 * the same `appFlowTriggers`): the keys of `[[settings.fields]]`, and `product_id` for the
 * product reference. The generation is a real one from the store, moved to
 * review with a fidelity report.
 */
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { appFlowTriggers } from '../../../emulators/shopify/index.ts';
import {
  FLOW_TRIGGER_HANDLES,
  TRIGGER_STATES,
  triggerPayload,
} from '../../../src/pipeline/flow/trigger-events.ts';
import { photoRequest, useGenerationStore } from '../../support/generations.ts';

const generations = useGenerationStore();

const DECLARED = new Map(
  appFlowTriggers(fileURLToPath(new URL('../../../extensions/', import.meta.url))).map(
    (trigger) => [trigger.handle, trigger.fields],
  ),
);

it('sends each trigger the fields its extension declares, the verdict with ready for review', async () => {
  const { store } = generations;
  const created = await store.create(photoRequest('flow-fields.myshopify.com'));
  const generation = await store.patch(created.shop, created.id, {
    resultUrl: 'https://example.com/result.png',
    fidelity: { verdict: 'changed', findings: [], checks: {}, region: null, version: 'test-1' },
  });
  for (const state of TRIGGER_STATES) {
    const payload = triggerPayload(generation, state);
    expect(Object.keys(payload).sort()).toEqual(
      [...DECLARED.get(FLOW_TRIGGER_HANDLES[state])!].sort(),
    );
  }
  expect(triggerPayload(generation, 'in_review').Fidelity).toBe('changed');
});
