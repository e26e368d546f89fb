/**
 * Campaigns, as the merchant works with them: list them (with the shop's time zone, which the
 * form's dates are entered in), schedule one (a bulk run whose results are held until the start;
 * paid work, so only with a usable key), read one, cancel it before the start or end it while
 * live. An action the campaign's state no longer allows is refused with what can be done instead.
 */
import type { CampaignList, CampaignView, CreateCampaignRequest } from '../../app-api/campaigns.ts';
import type { CodedText } from '../../app-api/error-codes.ts';
import { AppError } from '../../platform/errors.ts';
import type { ShopSettingsStore } from '../../stores/shop-settings.ts';
import { CampaignStateError, type Campaign, type CampaignEngine } from './engine.ts';
import { requireUsableKey } from '../usable-key.ts';

export interface CampaignsService {
  list(shop: string): Promise<CampaignList>;
  /**
   * Creates the campaign and its bulk run; the results are made ahead and held (for review
   * first when asked, or when the request does not say and the shop reviews its results).
   */
  create(shop: string, request: CreateCampaignRequest): Promise<CampaignView>;
  get(shop: string, id: string): Promise<CampaignView>;
  /** Before the start: nothing is ever shown. */
  cancel(shop: string, id: string): Promise<CampaignView>;
  /** While live: the results are taken down at once. */
  end(shop: string, id: string): Promise<CampaignView>;
}

export interface CampaignsServiceDeps {
  settings: ShopSettingsStore;
  campaigns: CampaignEngine;
}

/** A campaign in a state the action does not apply to, with what the merchant can do. */
async function inState<T>(
  work: () => Promise<T>,
  code: 'campaign_not_cancellable' | 'campaign_not_live',
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof CampaignStateError)) throw error;
    const state: CodedText = { code: `campaign_${error.current}` };
    throw new AppError('conflict', code, { params: { state }, cause: error });
  }
}

export function createCampaignsService(deps: CampaignsServiceDeps): CampaignsService {
  const { campaigns: lifecycle, store } = deps.campaigns;
  const view = (campaign: Campaign) => lifecycle.view(campaign);

  return {
    async list(shop) {
      const [timeZone, campaigns] = await Promise.all([lifecycle.timeZone(shop), store.list(shop)]);
      return { timeZone, campaigns: await Promise.all(campaigns.map(view)) };
    },

    async create(shop, request) {
      const settings = await deps.settings.get(shop);
      requireUsableKey(settings);
      // Without a choice, the campaign's scenes wait for review when the shop's results do.
      const reviewFirst = request.reviewFirst ?? settings.reviewMode;
      return view(await lifecycle.create(shop, { ...request, reviewFirst }, settings.defaults));
    },

    async get(shop, id) {
      const campaign = await store.get(shop, id);
      if (!campaign) throw new AppError('not_found', 'campaign_not_found');
      return view(campaign);
    },

    async cancel(shop, id) {
      const campaign = await inState(() => lifecycle.cancel(shop, id), 'campaign_not_cancellable');
      return view(campaign);
    },

    async end(shop, id) {
      const campaign = await inState(() => lifecycle.endNow(shop, id), 'campaign_not_live');
      return view(campaign);
    },
  };
}
