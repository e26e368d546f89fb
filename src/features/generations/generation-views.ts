/**
 * Generations as the merchant reads them (Activity, the app home, the Generate page). A result
 * saving while its shop's saves wait out a Shopify outage says what it waits for, whether it
 * met the outage itself (its own wait) or waits in its shop's line behind the ones that did
 * (publish/shopify-down-since.ts), and until when the app keeps trying (the outage's start plus
 * the ceiling, as theirs): a bare "saving" for the outage's minutes read as stuck.
 * One Redis read, and only when a generation shown is saving with no wait of its own.
 */
import type { GenerationView } from '../../app-api/contract.ts';
import {
  type Pipeline,
  currentWait,
  toGenerationView,
  type Generation,
} from '../../pipeline/index.ts';

export async function generationViews(
  pipeline: Pipeline,
  shop: string,
  generations: readonly Generation[],
): Promise<GenerationView[]> {
  const inLine = generations.some(
    (generation) => generation.state === 'saving' && currentWait(generation) === null,
  );
  const since = inLine ? await pipeline.context.shopifyDown.downSince(shop) : null;
  const shopifyDownUntil =
    since === null
      ? null
      : new Date(since + pipeline.context.config.saving.outageCeilingMs).toISOString();
  return generations.map((generation) => toGenerationView(generation, { shopifyDownUntil }));
}
