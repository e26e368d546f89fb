/**
 * Bulk runs, as the merchant works with them: estimate a run over a collection or a selection,
 * start it, follow it, and pause, resume or cancel it. Both the estimate and the run use the
 * shop's saved defaults for what the request leaves out; a run starts only with a usable
 * ProductAI key, since it starts paid work.
 */
import type { BulkEstimate, BulkRunView, CreateBulkRunRequest } from '../../app-api/contract.ts';
import { AppError } from '../../platform/errors.ts';
import type { ShopSettingsStore } from '../../stores/shop-settings.ts';
import type { BulkRunEngine } from './engine.ts';
import { bulkRunViewer, type CampaignOfRun } from './bulk-run-view.ts';
import { asMerchantAction } from '../merchant-conflicts.ts';
import { requireUsableKey } from '../usable-key.ts';

export type BulkRunAction = 'pause' | 'resume' | 'cancel';

export interface BulkRunList {
  bulkRuns: BulkRunView[];
}

export interface BulkRunsService {
  estimate(shop: string, request: CreateBulkRunRequest): Promise<BulkEstimate>;
  /** Creates the run and starts its expansion (it goes on in the background). */
  start(shop: string, request: CreateBulkRunRequest): Promise<BulkRunView>;
  list(shop: string): Promise<BulkRunList>;
  get(shop: string, id: string): Promise<BulkRunView>;
  act(shop: string, id: string, action: BulkRunAction): Promise<BulkRunView>;
}

export interface BulkRunsServiceDeps {
  settings: ShopSettingsStore;
  bulkRuns: BulkRunEngine;
  campaignOfRun: CampaignOfRun;
}

export function createBulkRunsService(deps: BulkRunsServiceDeps): BulkRunsService {
  const { runs, store } = deps.bulkRuns;
  const view = bulkRunViewer(deps);

  return {
    async estimate(shop, request) {
      const { defaults } = await deps.settings.get(shop);
      return runs.estimate(shop, request, defaults);
    },

    async start(shop, request) {
      const settings = await deps.settings.get(shop);
      requireUsableKey(settings);
      return view(await runs.start(shop, request, settings.defaults));
    },

    async list(shop) {
      const list = await store.list(shop);
      return { bulkRuns: await Promise.all(list.map(view)) };
    },

    async get(shop, id) {
      const run = await store.get(shop, id);
      if (!run) throw new AppError('not_found', 'bulk_run_not_found');
      return view(run);
    },

    act: (shop, id, action) =>
      asMerchantAction(action, async () => view(await runs[action](shop, id))),
  };
}
