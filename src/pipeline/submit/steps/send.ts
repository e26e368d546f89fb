/**
 * `send`: the request to ProductAI, sent once, and its outcome: accepted (on-accepted.ts),
 * refused or unanswered with ProductAI's error (on-refused.ts), or an error of ours.
 */
import type { Job } from '../../../productai/schemas.ts';
import type { ProductAiClient } from '../../../productai/client.ts';
import { isProductAiError } from '../../../productai/errors.ts';
import type { ProductAiRequest } from '../../sources/request-rules.ts';
import type { Generation } from '../../generations/generation.ts';
import type { GenerationRef } from '../../stages/stage.ts';
import { onAccepted } from './on-accepted.ts';
import { onRefused } from './on-refused.ts';
import type { PreparedRequest } from './prepare-request.ts';
import type { SubmitContext, SubmitStageDeps } from './types.ts';

function call(client: ProductAiClient, request: ProductAiRequest, timeoutMs: number): Promise<Job> {
  const options = { timeoutMs };
  if (request.kind === 'image') return client.generate(request.body as never, options);
  if (request.kind === 'video') return client.generateVideo(request.body as never, options);
  return client.upscale(request.body as never, options);
}

export async function send(
  steps: SubmitStageDeps,
  ctx: SubmitContext,
  ref: GenerationRef,
  submitting: Generation,
  { apiKey, request }: PreparedRequest,
): Promise<void> {
  let job: Job;
  try {
    job = await call(ctx.productAi(apiKey), request, ctx.config.submit.timeoutMs);
  } catch (error) {
    if (!isProductAiError(error)) {
      await steps.limiter.settle(ref.generationId);
      throw error; // the repeat finds `submitting`, its claim held: uncertain
    }
    await onRefused(steps, ctx, ref, apiKey, error);
    return;
  }
  await steps.limiter.settle(ref.generationId);
  await onAccepted(steps, ctx, submitting, job);
}
