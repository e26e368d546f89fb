/**
 * What the submit stage's steps share (submit-stage.ts assembles them, one step a file in this
 * folder).
 */
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
