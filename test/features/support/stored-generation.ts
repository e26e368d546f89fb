/**
 * Service test helpers: generations written straight into the app's store (no ProductAI job
 * behind them), in the state a test needs.
 */
import type { App } from '../../../src/app/index.ts';
import type {
  Generation,
  GenerationState,
  NewGeneration,
} from '../../../src/pipeline/generations/generation.ts';

/** The moves from `queued` to each state a test starts from. */
const PATH: Partial<Record<GenerationState, GenerationState[]>> = {
  queued: [],
  in_review: ['submitting', 'processing', 'saving', 'in_review'],
};

/** A nanobanana photo for a made-up product, moved to `state`. */
export async function storedGeneration(
  app: App,
  shop: string,
  state: 'queued' | 'in_review',
  extra: Partial<NewGeneration> = {},
): Promise<Generation> {
  const { generations } = app.pipeline;
  let generation = await generations.create({
    shop,
    kind: 'photo',
    productId: 'gid://shopify/Product/1',
    productTitle: 'Ceramic mug',
    productImageUrl: null,
    sourceMediaIds: [],
    sourceImageUrls: [],
    params: { model: 'nanobanana', prompt: 'On a linen tablecloth', outputFormat: 'png' },
    estimatedCredits: 3,
    priority: 'interactive',
    ...extra,
  });
  for (const to of PATH[state] ?? []) {
    generation = await generations.transition(shop, generation.id, {
      from: [generation.state],
      to,
    });
  }
  return generation;
}
