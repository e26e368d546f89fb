/**
 * `src/app/`: the composition root. The one place that knows how the app is put together:
 * configuration (config.ts), construction of every feature (create-app.ts), and what a worker
 * process runs (start-workers.ts). Processes (web/server, web/worker), tests, benchmarks and the
 * demo start here; nothing inside `src/` imports this room.
 */
export { loadAppConfig, type Config } from './config.ts';
export { createApp, type App, type AppOverrides, type CloseHook } from './create-app.ts';
export { startShopifyWebhookWorker, startWorkers, type RunningWorkers } from './start-workers.ts';
export { observeSharedState } from './shared-state-metrics.ts';
export type {
  BulkRunAction,
  BulkRunList,
  BulkRunsService,
  CampaignsService,
  GenerationAction,
  GenerationListQuery,
  GenerationsService,
  OverviewService,
  SettingsService,
  RulesService,
  ProductsService,
  UnclaimedResultsService,
  FlowActionsService,
  ReviewService,
  Features,
  ShopifyWebhooksService,
  ExperimentsService,
} from '../features/index.ts';
export { asClientError, SESSION_EXPIRED } from './client-errors.ts';
export { EventBatch, EXPERIMENT_EVENTS_PATH, MAX_BATCH_BYTES } from '../features/index.ts';
