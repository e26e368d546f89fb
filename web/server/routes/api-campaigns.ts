/**
 * Campaign routes (contract: src/app-api/campaigns.ts; the use cases: src/features/campaigns/service.ts):
 *
 *   GET  /api/campaigns              -> CampaignList (with the shop's time zone, for the form)
 *   POST /api/campaigns              CreateCampaignRequest -> CampaignView (202)
 *   GET  /api/campaigns/:id          -> CampaignView
 *   POST /api/campaigns/:id/cancel   -> CampaignView (before the start)
 *   POST /api/campaigns/:id/end      -> CampaignView (live: taken down at once)
 */
import { CreateCampaignRequest } from '../../../src/app-api/campaigns.ts';
import { CampaignId } from '../../../src/app-api/contract.ts';
import type { AppModule } from '../module.ts';
import { shopOf } from '../plugins/session-auth.ts';
import { parse, pathParam } from './api-support.ts';

export const campaignsApiModule: AppModule = {
  name: 'api-campaigns',
  register({ api }, app) {
    const campaigns = app.features.campaigns;

    api.get('/campaigns', async (req, res) => {
      res.json(await campaigns.list(shopOf(req)));
    });

    api.post('/campaigns', async (req, res) => {
      const request = parse(CreateCampaignRequest, req.body);
      res.status(202).json(await campaigns.create(shopOf(req), request));
    });

    api.get('/campaigns/:id', async (req, res) => {
      res.json(await campaigns.get(shopOf(req), pathParam(req, CampaignId)));
    });

    api.post('/campaigns/:id/cancel', async (req, res) => {
      res.json(await campaigns.cancel(shopOf(req), pathParam(req, CampaignId)));
    });

    api.post('/campaigns/:id/end', async (req, res) => {
      res.json(await campaigns.end(shopOf(req), pathParam(req, CampaignId)));
    });
  },
};
