/** The app's own API (contract.ts), as server modules: add `...API_MODULES` to modules.ts. */
import type { AppModule } from '../module.ts';
import { bulkRunsApiModule } from './api-bulk-runs.ts';
import { campaignsApiModule } from './api-campaigns.ts';
import { experimentsApiModule } from './api-experiments.ts';
import { generationsApiModule } from './api-generations.ts';
import { overviewApiModule } from './api-overview.ts';
import { productsApiModule } from './api-products.ts';
import { reviewApiModule } from './api-review.ts';
import { rulesApiModule } from './api-rules.ts';
import { settingsApiModule } from './api-settings.ts';
import { shopApiModule } from './api-shop.ts';
import { unclaimedResultsApiModule } from './api-unclaimed-results.ts';
import { webVitalsApiModule } from './api-web-vitals.ts';

export const API_MODULES: readonly AppModule[] = [
  shopApiModule,
  settingsApiModule,
  productsApiModule,
  generationsApiModule,
  reviewApiModule,
  bulkRunsApiModule,
  campaignsApiModule,
  overviewApiModule,
  unclaimedResultsApiModule,
  rulesApiModule,
  experimentsApiModule,
  webVitalsApiModule,
];
