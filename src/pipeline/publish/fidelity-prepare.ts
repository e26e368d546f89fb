/**
 * The product image analysed while ProductAI works: once a request is accepted, its product
 * images are read and given to the fidelity check's pool (`prepare`), which keeps their
 * analysis by content. The check of the result in attach (fidelity-step.ts) then analyses only
 * the result: a source's analysis is 1.2-1.9 s of CPU, the check's p95 when made on the first
 * result, against ~0.3 s for the rest (src/fidelity/README.md).
 *
 * Best effort and off the submit job's time: nothing waits for it and nothing fails with it (an
 * image not read here is read again by the check, which analyses it then). Videos are not
 * checked, so not prepared.
 */
import type { PipelineContext } from '../context.ts';
import type { Generation } from '../generations/generation.ts';
import { readImage } from './fidelity-step.ts';

export async function prepareFidelity(
  ctx: Pick<PipelineContext, 'fidelity' | 'resultDownloads' | 'logger'>,
  generation: Generation,
): Promise<void> {
  const { fidelity } = ctx;
  if (!fidelity || generation.kind === 'video') return;
  try {
    const sources: Buffer[] = [];
    for (const url of generation.sourceImageUrls) {
      const source = await readImage(ctx, url, false);
      if (source) sources.push(source);
    }
    if (sources.length > 0) await fidelity.prepare(sources);
  } catch (error) {
    ctx.logger.warn(
      { err: error, shop: generation.shop, generationId: generation.id },
      'fidelity: the product image was not read ahead; the check reads it',
    );
  }
}
