/**
 * Did the AI mark survive Shopify? Once a result's file is READY, verify downloads the file
 * Shopify serves (its `image.url` from the Admin API, untransformed) and records whether its XMP
 * still carries an IPTC digital source type of AI-made media (`provenanceKept`), once per
 * generation; a loss is also a line of the history.
 *
 * What Shopify's CDN does with metadata is not documented: its pages say images are compressed
 * and converted (WebP, AVIF) for each browser, not whether XMP or IPTC survive. So the app records
 * what it sees and does nothing more: kept or lost, the result is published as it would be
 * (the mark is also in the provenance entry beside the media, media-provenance.ts), and there is
 * no retry loop. A download that fails (Shopify unreachable, not an image) records nothing and
 * is logged; the next run of verify for the result (an approval) reads it again.
 */
import { readFile } from 'node:fs/promises';
import { isAiSourceType, readDigitalSourceType } from '../../channels/index.ts';
import type { PipelineContext } from '../context.ts';
import type { Generation } from '../generations/generation.ts';
import { downloadResult } from './result-download.ts';

export const PROVENANCE_LOST_NOTE =
  'The file Shopify serves has lost its AI mark (IPTC DigitalSourceType)';

export async function recordServedProvenance(
  ctx: Pick<PipelineContext, 'generations' | 'resultDownloads' | 'logger'>,
  generation: Generation,
  servedUrl: string | null,
): Promise<Generation> {
  if (generation.provenanceKept !== null || generation.kind === 'video' || !servedUrl) {
    return generation;
  }
  let kept: boolean;
  try {
    const download = await downloadResult(servedUrl, 'photo', { policy: ctx.resultDownloads });
    try {
      kept = isAiSourceType(await readDigitalSourceType(await readFile(download.path)));
    } finally {
      await download.dispose();
    }
  } catch (error) {
    ctx.logger.warn(
      { err: error, shop: generation.shop, generationId: generation.id, url: servedUrl },
      'could not read the file Shopify serves; its AI mark is not recorded',
    );
    return generation;
  }
  return ctx.generations.patch(
    generation.shop,
    generation.id,
    { provenanceKept: kept },
    // Only a loss is a line of the history; the record (and Activity) says either.
    kept ? {} : { note: PROVENANCE_LOST_NOTE },
  );
}
