/**
 * The bulk runs' interface and what its operations take (bulk-runs.ts builds it, one operation a
 * file in this folder).
 */
import type { BulkEstimate, BulkRunView, CreateBulkRunRequest } from '../../../app-api/contract.ts';
import type { ParamDefaults } from '../../../pipeline/index.ts';
import type { BulkRun } from '../bulk-run.ts';
import type { BulkDeps } from '../expand-run.ts';
import type { TallyLimits } from '../tally-target.ts';

export interface BulkRuns {
  estimate(
    shop: string,
    request: CreateBulkRunRequest,
    defaults: ParamDefaults,
  ): Promise<BulkEstimate>;
  /** `onCreated` runs before expansion starts (e.g. a campaign recording its run first). */
  start(
    shop: string,
    request: CreateBulkRunRequest,
    defaults: ParamDefaults,
    onCreated?: (run: BulkRun) => Promise<void>,
  ): Promise<BulkRun>;
  pause(shop: string, id: string): Promise<BulkRun>;
  resume(shop: string, id: string): Promise<BulkRun>;
  cancel(shop: string, id: string): Promise<BulkRun>;
  /** `campaign`: the campaign that started the run, if one did. */
  view(run: BulkRun, campaign?: BulkRunView['campaign']): Promise<BulkRunView>;
}

export interface BulkRunsDeps extends BulkDeps {
  startExpansion(shop: string, runId: string): Promise<void>;
  tallyLimits?: TallyLimits;
}
