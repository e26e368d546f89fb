/**
 * The campaigns' answer to verify's question (publish/result-holds.ts): a result of a
 * campaign's bulk run waits in `in_review` until the campaign is live, then goes live as the
 * featured image (approved results only when the campaign asked for review first). After the
 * end it is held too, and the end sweep discards it: nothing appears once a campaign is over.
 */
import {
  wasApprovedByMerchant,
  type ResultHolds,
  type ResultPlacement,
  type Generation,
} from '../../pipeline/index.ts';
import type { CampaignStore } from './campaign-store.ts';

export function createCampaignHolds(store: Pick<CampaignStore, 'ofRun'>): ResultHolds {
  return {
    async placementOf(generation): Promise<ResultPlacement> {
      if (!generation.bulkRunId) return null;
      const campaign = await store.ofRun(generation.shop, generation.bulkRunId);
      if (!campaign) return null;
      const named = `the campaign “${campaign.name}”`;
      if (campaign.state === 'scheduled') {
        return { hold: true, note: `Held for ${named}: it goes live at the start.` };
      }
      if (campaign.state === 'live') {
        if (!campaign.reviewFirst || wasApprovedByMerchant(generation)) {
          return { hold: false, featured: true };
        }
        return { hold: true, note: `Waiting for your approval to go live with ${named}.` };
      }
      return { hold: true, note: `Arrived after ${named} ended: it will be discarded.` };
    },
  };
}

/**
 * How long a result a campaign holds may wait in review (line/expire-waiting.ts): until the
 * campaign ends, whatever the review ceiling (a campaign may be scheduled further ahead than
 * that); its end discards what it still holds. Null for any other result, or once it ended.
 */
export function campaignKeepsInReview(
  store: Pick<CampaignStore, 'ofRun'>,
): (generation: Generation) => Promise<number | null> {
  return async (generation) => {
    if (!generation.bulkRunId) return null;
    const campaign = await store.ofRun(generation.shop, generation.bulkRunId);
    if (!campaign || (campaign.state !== 'scheduled' && campaign.state !== 'live')) return null;
    return Date.parse(campaign.endsAt);
  };
}
