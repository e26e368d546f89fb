/**
 * Campaign routes (contract: src/app-api/campaigns.ts):
 *
 *   GET  /api/campaigns              -> CampaignList (with the shop's time zone, for the form)
 *   POST /api/campaigns              CreateCampaignRequest -> CampaignView (202)
 *   GET  /api/campaigns/:id          -> CampaignView
 *   POST /api/campaigns/:id/cancel   -> CampaignView (before the start)
 *   POST /api/campaigns/:id/end      -> CampaignView (live: taken down at once)
 */
import { CreateCampaignRequest } from '../../../src/app-api/campaigns.ts';
import {
  CampaignNotFoundError,
  CampaignStateError,
  type Campaign,
} from '../../../src/pipeline/campaigns/index.ts';
import { AppError } from '../../../src/platform/errors.ts';
import type { AppModule } from '../module.ts';
import { shopOf } from '../plugins/session-auth.ts';
import { idParam, route, startRoute } from './api-support.ts';

/** A campaign error in the merchant's words; anything else goes on to `route`'s mapping. */
async function campaignErrors<T>(work: () => Promise<T>, action: string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof CampaignNotFoundError) {
      throw new AppError('not_found', 'not_found', 'This campaign does not exist.');
    }
    if (error instanceof CampaignStateError) {
      throw new AppError(
        'conflict',
        'invalid_state',
        `This campaign is ${error.current}: ${action}.`,
      );
    }
    throw error;
  }
}

export const campaignsApiModule: AppModule = {
  name: 'api-campaigns',
  register({ api }, deps) {
    const campaigns = () => deps.campaigns;
    const service = () => campaigns().service;
    const view = (campaign: Campaign) => service().view(campaign);

    api.get(
      '/campaigns',
      route(async (req, res) => {
        const shop = shopOf(req);
        const [timeZone, list] = await Promise.all([
          service().timeZone(shop),
          campaigns().store.list(shop),
        ]);
        res.json({ timeZone, campaigns: await Promise.all(list.map(view)) });
      }),
    );

    api.post(
      '/campaigns',
      startRoute(
        deps,
        CreateCampaignRequest,
        (shop, request, defaults) => service().create(shop, request, defaults),
        view,
      ),
    );

    api.get(
      '/campaigns/:id',
      route(async (req, res) => {
        const campaign = await campaigns().store.get(shopOf(req), idParam(req));
        if (!campaign)
          throw new AppError('not_found', 'not_found', 'This campaign does not exist.');
        res.json(await view(campaign));
      }),
    );

    api.post(
      '/campaigns/:id/cancel',
      route(async (req, res) => {
        const campaign = await campaignErrors(
          () => service().cancel(shopOf(req), idParam(req)),
          'only a campaign that has not started can be cancelled; end it instead',
        );
        res.json(await view(campaign));
      }),
    );

    api.post(
      '/campaigns/:id/end',
      route(async (req, res) => {
        const campaign = await campaignErrors(
          () => service().endNow(shopOf(req), idParam(req)),
          'only a live campaign can be ended',
        );
        res.json(await view(campaign));
      }),
    );
  },
};
