/** `backInLine`: a generation this job did not send waits in its shop's line again. */
import type { Generation } from '../../generations/generation.ts';
import type { GenerationRef } from '../../stages/stage.ts';
import type { SubmitSteps } from './types.ts';

export async function backInLine(
  { scheduler, putBack }: Pick<SubmitSteps, 'scheduler' | 'putBack'>,
  ref: GenerationRef,
  generation: Generation,
  front: boolean,
): Promise<void> {
  putBack.add(ref.generationId);
  await scheduler.push(
    { shop: ref.shop, generationId: ref.generationId, priority: generation.priority },
    { front },
  );
}
