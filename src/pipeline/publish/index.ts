/**
 * Publishing results to Shopify: the attach and verify stage handlers, and the merchant's
 * review actions. `createPublishStages` takes the HTTP adapter (result downloads, staged
 * uploads) and the timing, so tests can serve files locally and compress the waits.
 */
import type { StageHandler } from '../stages/stage.ts';
import { attach } from './attach-stage.ts';
import { createProcessingEstimates } from './processing-estimates.ts';
import { DEFAULT_PUBLISH_TIMING, type PublishTiming } from './publish-timing.ts';
import type { FetchFn } from './result-download.ts';
import { verify } from './verify-stage.ts';
import { holdThroughOutage } from './shopify-outage.ts';
import type { AttachContext, VerifyContext } from './stage-contexts.ts';

export { ATTACH_GIVE_UP } from './attach-stage.ts';
export { VERIFY_GIVE_UP } from './verify-stage.ts';
export {
  ATTACH_USES,
  VERIFY_USES,
  type AttachContext,
  type VerifyContext,
} from './stage-contexts.ts';

export { approveResult, rejectResult, undoPublished, type ReviewDeps } from './review-actions.ts';
export { chooseCandidates, CandidateChoiceError } from './choose-candidates.ts';
export {
  decideVariantSet,
  variantSetGenerations,
  VariantSetDecisionError,
  type VariantSetDecision,
} from './variant-set-decision.ts';
export { DEFAULT_PUBLISH_TIMING, type PublishTiming } from './publish-timing.ts';
export { SHOPIFY_IMAGE_LIMITS } from './shopify-image-limits.ts';

export interface PublishStages {
  attachStage: StageHandler<AttachContext>;
  verifyStage: StageHandler<VerifyContext>;
}

export function createPublishStages(
  options: { fetch?: FetchFn; timing?: PublishTiming } = {},
): PublishStages {
  const fetch = options.fetch ?? globalThis.fetch;
  const timing = options.timing ?? DEFAULT_PUBLISH_TIMING;
  // What they learn is kept in Redis (ctx.processingTimes), shared by every worker.
  const estimates = createProcessingEstimates(timing);
  return {
    // Both wait out a Shopify outage rather than fail a paid result (shopify-outage.ts).
    attachStage: holdThroughOutage((ref, ctx) => attach(ref, ctx, { fetch, estimates })),
    verifyStage: holdThroughOutage((ref, ctx) => verify(ref, ctx, { timing, estimates })),
  };
}

/** The production handlers (global fetch, default timing), registered in ../stage-handlers.ts. */
export const { attachStage, verifyStage } = createPublishStages();
