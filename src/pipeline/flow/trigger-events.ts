/**
 * The app's Shopify Flow triggers: which generation states start a workflow, and what the
 * workflow receives. Each handle is an extension (extensions/flow-trigger-*) whose TOML declares
 * exactly the fields built here (test/pipeline/flow/trigger-events.test.ts keeps them equal).
 */
import type { Generation, GenerationState } from '../generations/generation.ts';

export const FLOW_TRIGGER_HANDLES = {
  in_review: 'productai-photo-ready-for-review',
  published: 'productai-photo-published',
  failed: 'productai-photo-failed',
} as const satisfies Partial<Record<GenerationState, string>>;

export type TriggerState = keyof typeof FLOW_TRIGGER_HANDLES;
export const TRIGGER_STATES = Object.keys(FLOW_TRIGGER_HANDLES) as TriggerState[];

export function isTriggerState(state: string): state is TriggerState {
  return (TRIGGER_STATES as string[]).includes(state);
}

/** Flow's product reference is the product's numeric id (`product_id`), not its gid. */
function numericId(gid: string): number {
  return Number(gid.slice(gid.lastIndexOf('/') + 1));
}

/** The trigger's payload, keyed as the extension's TOML fields are. */
export function triggerPayload(
  generation: Generation,
  state: TriggerState,
): Record<string, string | number> {
  const common = { product_id: numericId(generation.productId), 'Generation ID': generation.id };
  if (state === 'failed') return { ...common, Reason: generation.reason ?? 'Unknown reason' };
  const result = { ...common, 'Result URL': generation.resultUrl ?? '' };
  if (state === 'published') return result;
  // Workflows route on the fidelity check's verdict (a changed product always waits here).
  return { ...result, Fidelity: generation.fidelity?.verdict ?? 'not_checked' };
}
