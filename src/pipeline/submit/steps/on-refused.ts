/**
 * `onRefused`: what each kind of ProductAI error makes of the submission (the table at the top of
 * submit-stage.ts). The rate-limit slot is given back if the request certainly did not leave,
 * else spent.
 */
import type { ProductAiError } from '../../../productai/errors.ts';
import type { GenerationRef } from '../../stages/stage.ts';
import { toldWhy } from '../../generations/reason.ts';
import { PAUSE_MESSAGES, type PauseCause } from '../../line/shop-pause.ts';
import { backInLine } from './back-in-line.ts';
import { RATE_LIMITED_NOTE } from './messages.ts';
import { move } from './move.ts';
import { toUncertain } from './to-uncertain.ts';
import { waitingToSend } from './wait-to-send.ts';
import type { SubmitContext, SubmitStageDeps } from './types.ts';

export async function onRefused(
  steps: SubmitStageDeps,
  ctx: SubmitContext,
  ref: GenerationRef,
  apiKey: string,
  error: ProductAiError,
): Promise<void> {
  const { limiter } = steps;
  if (error.received === 'no') await limiter.release(ref.generationId);
  else await limiter.settle(ref.generationId);

  switch (error.code) {
    case 'validation':
      await move(ctx, ref, {
        from: ['submitting'],
        to: 'failed',
        // ProductAI's own words, passed on as they are.
        patch: toldWhy(
          { code: 'reason_refused', params: { details: error.details ?? error.message } },
          { code: 'action_change_params' },
        ),
        note: 'refused (400)',
      });
      return;
    case 'out_of_credits':
      return pauseFor(steps, ctx, ref, 'out_of_credits', 'OUT_OF_TOKENS');
    case 'missing_key':
    case 'invalid_key':
      await ctx.settings.markApiKeyInvalid(ref.shop, apiKey);
      return pauseFor(
        steps,
        ctx,
        ref,
        'invalid_key',
        `key refused (${error.status ?? error.code})`,
      );
    case 'rate_limited': {
      const pausedMs = await limiter.pauseFor(error.retryAfterMs ?? ctx.config.limiter.windowMs);
      const resumes = ctx.clock.now() + pausedMs;
      const back = await move(ctx, ref, {
        from: ['submitting'],
        to: 'queued',
        patch: waitingToSend(new Date(resumes).toISOString()),
        note: RATE_LIMITED_NOTE,
      });
      if (!back) return;
      await backInLine(steps, ref, back, true);
      return;
    }
    case 'not_sent': {
      await move(ctx, ref, {
        from: ['submitting'],
        to: 'queued',
        patch: waitingToSend(),
        note: 'ProductAI could not be reached; trying again',
      });
      // Retried by the queue with backoff; when the tries run out the generation fails.
      throw error;
    }
    default:
      return toUncertain(steps, ctx, ref, `no usable answer (${error.code})`);
  }
}

/**
 * The whole shop paused for `cause`, and with it the generation. The shop first: once any of its
 * generations reads `paused`, work created for the shop is held at once (holdIfPaused), never
 * sent to be refused again in between.
 */
async function pauseFor(
  { shopPause }: Pick<SubmitStageDeps, 'shopPause'>,
  ctx: SubmitContext,
  ref: GenerationRef,
  cause: PauseCause,
  note: string,
): Promise<void> {
  await shopPause.pause(ref.shop, cause);
  await move(ctx, ref, {
    from: ['submitting'],
    to: 'paused',
    patch: { ...PAUSE_MESSAGES[cause], pausedBy: 'shop' },
    note,
  });
}
