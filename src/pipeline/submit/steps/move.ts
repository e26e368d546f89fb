/** `move`: a generation's transition as the submit steps make it. */
import { StaleTransitionError, type Generation } from '../../generations/generation.ts';
import type { GenerationRef } from '../../stages/stage.ts';
import type { PipelineContext } from '../../context.ts';

/** A transition that lost a race is not an error here: someone else moved the generation. */
export async function move(
  ctx: Pick<PipelineContext, 'generations'>,
  ref: GenerationRef,
  request: Parameters<PipelineContext['generations']['transition']>[2],
): Promise<Generation | null> {
  try {
    return await ctx.generations.transition(ref.shop, ref.generationId, request);
  } catch (error) {
    if (error instanceof StaleTransitionError) return null;
    throw error;
  }
}
