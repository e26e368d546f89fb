/** A bulk run as the app shows it, naming the campaign that started it (if one did). */
import type { BulkRunView } from '../app-api/contract.ts';
import type { BulkRun, BulkRunService } from '../pipeline/bulk/index.ts';
import { runCampaign, type CampaignService } from '../pipeline/campaigns/index.ts';

export function bulkRunViewer(deps: {
  bulkRuns: BulkRunService;
  campaigns: Pick<CampaignService, 'store'>;
}): (run: BulkRun) => Promise<BulkRunView> {
  return async (run) => {
    const campaign = await deps.campaigns.store.ofRun(run.shop, run.id);
    return deps.bulkRuns.runs.view(run, campaign ? runCampaign(campaign) : null);
  };
}
