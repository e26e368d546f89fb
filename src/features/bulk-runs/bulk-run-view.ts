/** A bulk run as the app shows it, naming the campaign that started it (if one did). */
import type { BulkRunView } from '../../app-api/contract.ts';
import type { BulkRun, BulkRunEngine } from '../../pipeline/bulk/index.ts';
import { runCampaign, type CampaignEngine } from '../campaigns/engine.ts';

export function bulkRunViewer(deps: {
  bulkRuns: BulkRunEngine;
  campaigns: Pick<CampaignEngine, 'store'>;
}): (run: BulkRun) => Promise<BulkRunView> {
  return async (run) => {
    const campaign = await deps.campaigns.store.ofRun(run.shop, run.id);
    return deps.bulkRuns.runs.view(run, campaign ? runCampaign(campaign) : null);
  };
}
