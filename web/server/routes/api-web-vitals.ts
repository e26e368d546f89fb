/**
 * POST /api/web-vitals WebVitalsReport -> 204: one page's Web Vitals, as App Bridge measured
 * them in the merchant's admin, counted for the operator (src/features/web-vitals/). The body's
 * bound (MAX_WEB_VITALS_BYTES, 413 past it) is set where /api parses bodies (api.ts); the shop's
 * /api rate limit counts each report as any other request.
 */
import { WebVitalsReport } from '../../../src/app-api/contract.ts';
import type { AppModule } from '../module.ts';

export const WEB_VITALS_PATH = '/web-vitals';

export const webVitalsApiModule: AppModule = {
  name: 'api-web-vitals',
  register({ api }, app) {
    const webVitals = app.features.webVitals;

    api.post(WEB_VITALS_PATH, async (req, res) => {
      await webVitals.record(WebVitalsReport.parse(req.body));
      res.status(204).end();
    });
  },
};
