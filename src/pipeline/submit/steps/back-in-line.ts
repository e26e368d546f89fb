/** `backInLine`: a generation this job did not send waits in its shop's line again. */
import type { Generation } from '../../generations/generation.ts';
import type { GenerationRef } from '../../stages/stage.ts';
import type { SubmitStageDeps } from './types.ts';

export async function backInLine(
  { scheduler }: Pick<SubmitStageDeps, 'scheduler'>,
  ref: GenerationRef,
  generation: Generation,
  front: boolean,
): Promise<void> {
  // The push ends this job's arming in the same script.
  await scheduler.push(
    { shop: ref.shop, generationId: ref.generationId, priority: generation.priority },
    { front, arming: ref.arming },
  );
}
