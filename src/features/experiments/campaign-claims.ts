/**
 * A campaign's claim on a product's featured image, as the experiments see it: written in one
 * step when the campaign goes live on the product (before its result is published there), and
 * read in the same step as an experiment starts there, keeps an "ask" end's winner there, or
 * decides an end's featured move there (lua/*.lua). So a campaign going live and an experiment's
 * move on the product are ordered, whole, and the campaign wins (README.md: a campaign is the
 * merchant's dated decision with its own undo; an experiment is a measurement).
 *
 * A claim outlives its campaign (nothing removes it at the campaign's end): the campaigns' own
 * records say whether the campaign still holds the product (campaign-on-product.ts), and a claim
 * whose campaign no longer does is taken off by whoever it refused (`release`), then asked again.
 */
import { AppError } from '../../platform/errors.ts';
import type { Redis } from '../../platform/redis/connection.ts';
import { luaScript } from '../../platform/redis/lua-script.ts';
import { claimsKey, productsKey } from './experiment-keys.ts';

/** The product is claimed by a campaign: `campaignId`'s (maybe stale, see `release`). */
export class CampaignClaimError extends AppError {
  override readonly name = 'CampaignClaimError';
  readonly campaignId: string;
  constructor(campaignId: string) {
    // The service answers with the campaign's name; this stands in should it not.
    super('conflict', 'held_by_campaign', {
      params: { name: campaignId },
      fields: { productId: { code: 'held_by_campaign', params: { name: campaignId } } },
    });
    this.campaignId = campaignId;
  }
}

export interface CampaignClaims {
  /** Claims the product for the campaign; returns the product's experiment not finished, if any. */
  claim(shop: string, productId: string, campaignId: string): Promise<string | null>;
  /** Takes the campaign's claim off the product, unless another campaign's replaced it. */
  release(shop: string, productId: string, campaignId: string): Promise<void>;
}

const CLAIM = luaScript(new URL('./lua/claim-for-campaign.lua', import.meta.url), {
  keys: ['claims', 'products'],
  args: ['productId', 'campaignId'],
});
const RELEASE = luaScript(new URL('./lua/release-claim.lua', import.meta.url), {
  keys: ['claims'],
  args: ['productId', 'campaignId'],
});

export function createCampaignClaims(redis: Redis): CampaignClaims {
  return {
    async claim(shop, productId, campaignId) {
      const experiment = await CLAIM(
        redis,
        { claims: claimsKey(shop), products: productsKey(shop) },
        { productId, campaignId },
      );
      return typeof experiment === 'string' ? experiment : null;
    },
    async release(shop, productId, campaignId) {
      await RELEASE(redis, { claims: claimsKey(shop) }, { productId, campaignId });
    },
  };
}
