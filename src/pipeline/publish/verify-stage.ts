/**
 * Verify: waits until Shopify has processed the result's file (asking as soon as Shopify can
 * answer, then with a short backoff: publish-timing.ts, processing-estimates.ts), then
 *  - FAILED: the generation fails with Shopify's reason in the merchant's words (the useless
 *    failed file is deleted from Files);
 *  - READY, review mode on (or one of several options) and not yet approved: `in_review` (the
 *    file waits in Files);
 *  - READY and changed by the fidelity check with tries left: made again, this one in review
 *    meanwhile; the last of several tries not faithful: the closest kept in review, the others
 *    discarded (fidelity-retry.ts);
 *  - READY and held by a campaign (ctx.holds, result-holds.ts): `in_review` until it starts,
 *    then published as featured whatever the settings say;
 *  - READY otherwise: the file is linked to the product's media (appended), made featured when
 *    the shop's settings say so (the previous featured media is remembered for undo), and the
 *    generation is `published`. A result failing any of the shop's chosen channels (the report
 *    attach kept, channel-step.ts) is never made featured: it is appended instead, and its
 *    history says so (Activity shows the rules it fails from the record). One of a set made per variant is never made featured (each of
 *    the set would replace the one before): it becomes its variants' image instead
 *    (variant-images.ts).
 * Once READY, and before any of that, the file Shopify serves is read once for the AI mark
 * (served-provenance.ts: `provenanceKept`), and its alt text is registered in the shop's other
 * published languages (alt-translations.ts; best effort, never failing the generation).
 * Every step is safe to repeat: a crash between two of them re-runs verify, which re-checks.
 */
import {
  StaleTransitionError,
  metShopifyOutage,
  type Generation,
} from '../generations/generation.ts';
import {
  DONE,
  later,
  type GenerationRef,
  type GiveUpRule,
  type StageOutcome,
} from '../stages/stage.ts';
import type { VerifyContext } from './stage-contexts.ts';
import { toldWhy, type ToldWhy } from '../generations/reason.ts';
import { fail } from './attach-stage.ts';
import { mediaFailureReason } from './media-failure.ts';
import type { FileSize, ProcessingEstimates } from './processing-estimates.ts';
import { recheckDelay, type PublishTiming } from './publish-timing.ts';
import { ShopifyFilesError, createShopifyFiles, type ShopifyFiles } from './shopify-files.ts';
import { showOnVariants } from './variant-images.ts';
import { decideTry } from './fidelity-retry.ts';
import { channelFailures } from './channel-step.ts';
import { recordServedProvenance } from './served-provenance.ts';
import { registerAltTranslations } from './alt-translations.ts';

/** The history's note for a result the shop wanted featured that a chosen channel forbids. */
export const CHANNEL_NOT_FEATURED_NOTE = "Added, not featured: it breaks a chosen channel's rules";

/** What a saving generation becomes when verify's last try failed. */
export const VERIFY_GIVE_UP: GiveUpRule[] = [
  {
    from: ['saving'],
    to: 'failed',
    reason: { code: 'reason_not_confirmed' },
    action: { code: 'action_check_media' },
  },
];

export async function verify(
  ref: GenerationRef,
  ctx: VerifyContext,
  deps: { timing: PublishTiming; estimates: ProcessingEstimates },
): Promise<StageOutcome> {
  const generation = await ctx.generations.get(ref.shop, ref.generationId);
  if (!generation || generation.state !== 'saving') return DONE;
  if (!generation.fileId) {
    await ctx.enqueue('attach', ref);
    return DONE;
  }
  const admin = await ctx.admin(ref.shop);
  const files = createShopifyFiles(admin);
  const file = await files.status(generation.fileId);
  if (!file) {
    return fail(ctx, ref, { code: 'reason_file_deleted' });
  }
  if (file.status === 'FAILED') {
    const { reason, action } = mediaFailureReason(file.errors);
    await files
      .delete(file.id)
      .catch((error: unknown) =>
        ctx.logger.warn({ err: error, fileId: file.id }, 'could not delete a failed file'),
      );
    return fail(ctx, ref, reason, action);
  }
  const check = generation.attempts.verify ?? 1;
  const sinceCreated = ctx.clock.now() - Date.parse(file.createdAt);
  if (file.status !== 'READY') {
    // Shopify's processing time: from the file's creation, or from the move to saving when
    // later (an approval); an outage before the file existed is not part of it.
    const processingSince = Math.max(savingSince(generation), Date.parse(file.createdAt));
    if (ctx.clock.now() - processingSince > deps.timing.deadlineMs[generation.kind]) {
      return fail(ctx, ref, { code: 'media_too_slow' });
    }
    return later(recheckDelay(deps.timing, check, sinceCreated));
  }
  // What this file shows of Shopify's processing time, unless it was ready long before (an
  // approval or a campaign's start runs verify again) or its save met a Shopify outage: its
  // checks then waited the outage out, and the estimate learnt from them was the outage's length
  // (131 s after a 2-minute one in verify-timing.test.ts), so every file after it waited that
  // long for its first check (the fault bench's backlog after a 120 s outage: ~8-15 results
  // saved per 30 s).
  if (!wasApproved(generation) && !metShopifyOutage(generation)) {
    const size: FileSize = {
      kind: generation.kind === 'video' ? 'VIDEO' : 'IMAGE',
      pixels: file.pixels,
    };
    await deps.estimates.observeReady(ctx.processingTimes, size, check, sinceCreated);
  }
  await recordServedProvenance(ctx, generation, file.previewUrl);
  await registerAltTranslations(ctx, admin, generation);
  // What the app home shows at the size of its frame (a video's is its poster: not kept).
  if (generation.kind !== 'video' && file.previewUrl && file.previewUrl !== generation.fileUrl) {
    await ctx.generations.patch(ref.shop, ref.generationId, { fileUrl: file.previewUrl });
  }
  // A changed result is made again, or the closest of its tries kept (fidelity-retry.ts).
  const tried = await decideTry(ctx, generation);
  if (tried?.to === 'in_review') {
    return move(ctx, ref, 'in_review', tried.note, tried.reason && toldWhy(tried.reason));
  }
  if (tried?.to === 'discarded') {
    return move(ctx, ref, 'discarded', tried.note, toldWhy(tried.reason));
  }
  const settings = await ctx.settings.get(ref.shop);
  const placement = (await ctx.holds?.placementOf(generation)) ?? null;
  if (placement?.hold) return move(ctx, ref, 'in_review', placement.note);
  // An option always waits: the merchant asked for several results to pick one.
  const review = settings.reviewMode || generation.optionGroup !== null;
  if (!placement && review && !wasApproved(generation)) {
    return move(ctx, ref, 'in_review', 'Ready for review in Files');
  }
  const wanted =
    generation.variant === null && (placement?.featured ?? settings.mediaPosition === 'featured');
  // Whatever asked for it (the settings, a campaign), a result failing a chosen channel is added
  // as a secondary image only.
  const featured = wanted && channelFailures(generation).length === 0;
  try {
    await publish(ctx, files, generation, featured);
  } catch (error) {
    // The product was deleted, or holds Shopify's maximum of media: retrying will not help.
    if (!(error instanceof ShopifyFilesError && error.code === 'user_error')) throw error;
    return fail(ctx, ref, `${error.message}.`, { code: 'action_kept_in_files' });
  }
  // Recorded before the move: a crash in between repeats verify, which records it again.
  const { shop, kind, params, productId, id: generationId } = generation;
  await ctx.publishedResults.record({ shop, kind, params, productId, generationId });
  const note = featured ? 'Featured' : wanted ? CHANNEL_NOT_FEATURED_NOTE : 'Added';
  return move(ctx, ref, 'published', note);
}

async function publish(
  ctx: VerifyContext,
  files: ShopifyFiles,
  generation: Generation,
  featured: boolean,
): Promise<void> {
  const fileId = generation.fileId!;
  const { shop, id, productId } = generation;
  if (featured && generation.previousFeaturedMediaId === null) {
    const current = await files.featuredMediaId(productId);
    if (current && current !== fileId) {
      await ctx.generations.patch(shop, id, { previousFeaturedMediaId: current });
    }
  }
  if (!generation.mediaId) {
    // Adding a reference the file already has changes nothing, so a repeat after a crash is safe.
    await files.addToProduct(fileId, productId);
    // A product reference makes the file itself the product's media: same id.
    await ctx.generations.patch(shop, id, { mediaId: fileId });
  }
  if (featured) await files.makeFeatured(productId, fileId);
  const { variant } = generation;
  if (variant) {
    await showOnVariants(await ctx.admin(shop), ctx.generations, {
      ...generation,
      fileId,
      variant,
    });
  }
}

/** In review mode, approving moves in_review -> saving: the history remembers the approval. */
function wasApproved(generation: Generation): boolean {
  return generation.transitions.some((transition) => transition.state === 'in_review');
}

function savingSince(generation: Generation): number {
  const entered = generation.transitions.findLast((transition) => transition.state === 'saving');
  return Date.parse(entered?.at ?? generation.updatedAt);
}

async function move(
  ctx: VerifyContext,
  ref: GenerationRef,
  to: 'in_review' | 'published' | 'discarded',
  note: string,
  patch?: ToldWhy,
): Promise<StageOutcome> {
  try {
    await ctx.generations.transition(ref.shop, ref.generationId, {
      from: ['saving'],
      to,
      note,
      patch,
    });
  } catch (error) {
    if (!(error instanceof StaleTransitionError)) throw error;
  }
  return DONE;
}
