/**
 * GET /api/overview -> OverviewView: the connection (key, webhook), a paused shop's reason,
 * generations by state, recent results, credits spent by day and by model over the last 30
 * days, the latest bulk runs and whether the setup guide was dismissed
 * (the use case: src/features/overview/service.ts).
 * POST /api/setup-guide/dismiss -> SetupGuideView: the guide stays dismissed for the shop.
 */
import type { AppModule } from '../module.ts';
import { shopOf } from '../plugins/session-auth.ts';

export const overviewApiModule: AppModule = {
  name: 'api-overview',
  register({ api }, app) {
    const overview = app.features.overview;

    api.get('/overview', async (req, res) => {
      res.json(await overview.get(shopOf(req)));
    });

    api.post('/setup-guide/dismiss', async (req, res) => {
      res.json(await overview.dismissSetupGuide(shopOf(req)));
    });
  },
};
