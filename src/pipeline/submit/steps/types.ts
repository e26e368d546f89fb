/**
 * What the submit stage's steps share (submit-stage.ts assembles them, one step a file in this
 * folder): the stage's own deps, and what it uses of the pipeline's context.
 */
import type { PipelineContext } from '../../context.ts';
import type { RateLimiter } from '../../limits/rate-limiter.ts';
import type { FairScheduler } from '../../limits/fair-scheduler.ts';
import type { JobResults } from '../../receive/job-results.ts';
import type { SubmissionClaims } from '../../limits/submission-claims.ts';
import type { PipelineQueues } from '../../stages/queues.ts';
import type { Durability } from '../../../platform/redis/durability.ts';
import type { ShopPause } from '../../line/shop-pause.ts';

export interface SubmitStageDeps {
  limiter: RateLimiter;
  scheduler: FairScheduler;
  shopPause: ShopPause;
  jobResults: JobResults;
  claims: SubmissionClaims;
  durability: Durability;
  queues: PipelineQueues;
}

/**
 * What the submit stage uses of the pipeline's context: the generation, the shop's key and style,
 * ProductAI, the poll it arms (adopt-job.ts), and the fidelity check's head start on an accepted
 * request (publish/fidelity-prepare.ts).
 */
export const SUBMIT_USES = [
  'generations',
  'settings',
  'styles',
  'productAi',
  'enqueue',
  'fidelity',
  'resultDownloads',
  'clock',
  'config',
  'logger',
] as const satisfies readonly (keyof PipelineContext)[];
export type SubmitContext = Pick<PipelineContext, (typeof SUBMIT_USES)[number]>;
