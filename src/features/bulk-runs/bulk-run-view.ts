/** A bulk run as the app shows it, naming the campaign that started it (if one did). */
import type { BulkRunView } from '../../app-api/contract.ts';
import type { BulkRun, BulkRunEngine } from './engine.ts';

/**
 * The campaign that started a run, as the run's view names it (null: none did). Given by the
 * campaigns, which are built on the bulk runs: the bulk runs ask through this, never import them.
 */
export type CampaignOfRun = (shop: string, bulkRunId: string) => Promise<BulkRunView['campaign']>;

export function bulkRunViewer(deps: {
  bulkRuns: BulkRunEngine;
  campaignOfRun: CampaignOfRun;
}): (run: BulkRun) => Promise<BulkRunView> {
  return async (run) => deps.bulkRuns.runs.view(run, await deps.campaignOfRun(run.shop, run.id));
}
