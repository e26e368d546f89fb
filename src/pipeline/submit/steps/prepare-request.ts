/**
 * `prepareRequest`: what can be checked without ProductAI (the shop not paused, a key saved, a
 * request ProductAI would accept), answering the key and the request, or null when the
 * generation is not to be sent now.
 */
import { validateRequest } from '../../../productai/catalogue.ts';
import type { StyleUsed } from '../../../app-api/contract.ts';
import { toProductAiRequest, type ProductAiRequest } from '../../sources/request-rules.ts';
import { sentPrompt } from '../../generations/style-prompt.ts';
import type { Generation } from '../../generations/generation.ts';
import { toldWhy } from '../../generations/reason.ts';
import type { GenerationRef } from '../../stages/stage.ts';
import { move } from './move.ts';
import type { SubmitContext, SubmitStageDeps } from './types.ts';

export interface PreparedRequest {
  apiKey: string;
  request: ProductAiRequest;
  /** The shop style it is sent with, recorded as it moves to `submitting` (take-slot.ts). */
  style: StyleUsed | null;
}

export async function prepareRequest(
  { shopPause }: Pick<SubmitStageDeps, 'shopPause'>,
  ctx: SubmitContext,
  ref: GenerationRef,
  generation: Generation,
): Promise<PreparedRequest | null> {
  // Chosen just before its shop was paused: it waits with the others instead of being sent.
  if (await shopPause.holdIfPaused(ref.shop, ref.generationId)) return null;

  const apiKey = await ctx.settings.getApiKey(ref.shop);
  if (!apiKey) {
    await shopPause.pause(ref.shop, 'missing_key');
    return null;
  }
  const { style, referenceUrl } = await ctx.styles.forRequest(ref.shop, apiKey, generation);
  const request = toProductAiRequest(
    generation.kind,
    { ...generation.params, prompt: sentPrompt({ ...generation, style }) },
    referenceUrl ? [...generation.sourceImageUrls, referenceUrl] : generation.sourceImageUrls,
  );
  const problems = validateRequest(request.kind, request.body);
  if (problems.length > 0) {
    await move(ctx, ref, {
      from: ['queued'],
      to: 'failed',
      patch: toldWhy(
        {
          code: 'reason_would_refuse',
          params: { details: problems.map((p) => p.message).join('; ') },
        },
        { code: 'action_change_params' },
      ),
    });
    return null;
  }
  return { apiKey, request, style };
}
