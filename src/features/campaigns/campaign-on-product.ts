/**
 * The campaign that holds a product's featured image, if any: a campaign scheduled or live with a
 * result for the product in its run (it will make, or has made, the result the featured image),
 * or one whose end has not yet given the product its previous image back. What an experiment
 * asks before it starts on the product (src/features/experiments/): the two would otherwise both
 * decide the featured image.
 */
import type { GenerationStore } from '../../pipeline/index.ts';
import type { Campaign } from './campaign.ts';
import type { CampaignStore } from './campaign-store.ts';

/** A product's generations read, at most (newest first): more than any product is made for. */
const MAX_READ = 400;

export type CampaignOnProduct = (shop: string, productId: string) => Promise<Campaign | null>;

export function campaignOnProduct(
  campaigns: Pick<CampaignStore, 'ofRun'>,
  generations: Pick<GenerationStore, 'list'>,
): CampaignOnProduct {
  return async (shop, productId) => {
    const runs = new Set<string>();
    let cursor: string | null = null;
    for (let read = 0; read < MAX_READ; read += 200) {
      const page = await generations.list(shop, { productId }, { cursor, limit: 200 });
      for (const generation of page.generations)
        if (generation.bulkRunId) runs.add(generation.bulkRunId);
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    for (const bulkRunId of runs) {
      const campaign = await campaigns.ofRun(shop, bulkRunId);
      if (!campaign) continue;
      const holding =
        campaign.state === 'scheduled' || campaign.state === 'live' || !campaign.restored;
      if (holding) return campaign;
    }
    return null;
  };
}
