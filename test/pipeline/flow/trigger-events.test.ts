/**
 * Each Flow trigger sends exactly the fields its extension's TOML declares (Flow refuses a
 * payload that does not match the trigger's schema): the keys of `[[settings.fields]]`, and
 * `product_id` for the product reference. The generation is a real one from the store, moved to
 * review with a fidelity report.
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import {
  FLOW_TRIGGER_HANDLES,
  TRIGGER_STATES,
  triggerPayload,
} from '../../../src/pipeline/flow/trigger-events.ts';
import { photoRequest, useGenerationStore } from '../../support/generations.ts';

const generations = useGenerationStore();

/** The payload keys a trigger extension declares (the CLI's one-line `key = "…"` and `type`). */
function declaredKeys(handle: string): string[] {
  const folder = handle.replace(/^productai-photo-/, 'flow-trigger-');
  const toml = readFileSync(
    new URL(`../../../extensions/${folder}/shopify.extension.toml`, import.meta.url),
    'utf8',
  );
  return toml
    .split('[[settings.fields]]')
    .slice(1)
    .map((block) => {
      if (/^\s*type\s*=\s*"product_reference"/m.test(block)) return 'product_id';
      return /^\s*key\s*=\s*"([^"]+)"/m.exec(block)![1]!;
    });
}

it('sends each trigger the fields its extension declares, the verdict with ready for review', async () => {
  const { store } = generations;
  const created = await store.create(photoRequest('flow-fields.myshopify.com'));
  const generation = await store.patch(created.shop, created.id, {
    resultUrl: 'https://example.com/result.png',
    fidelity: { verdict: 'changed', findings: [], checks: {}, region: null, version: 'test-1' },
  });
  for (const state of TRIGGER_STATES) {
    const payload = triggerPayload(generation, state);
    expect(Object.keys(payload).sort()).toEqual(declaredKeys(FLOW_TRIGGER_HANDLES[state]).sort());
  }
  expect(triggerPayload(generation, 'in_review').Fidelity).toBe('changed');
});
