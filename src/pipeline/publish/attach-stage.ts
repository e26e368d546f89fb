/**
 * Attach: the result of a `saving` generation becomes a file in the shop's Files (durable and
 * the merchant's, whatever happens next), then verify takes over. Linking to the product waits
 * for verify because Shopify only updates a file once it is READY.
 *
 * Crash safety: the file's name is claimed for the generation before it is created
 * (file-names.ts) and created with duplicateResolutionMode RAISE_ERROR, so a repeated attach
 * finds the file the crashed attempt made instead of adding a second one. An image carries its
 * provenance in its metadata (provenance.ts), and the result has an entry of it in Shopify named
 * after the file (media-provenance.ts).
 */
import { DONE, type GenerationRef, type GiveUpRule, type StageOutcome } from '../stages/stage.ts';
import type { PipelineContext } from '../context.ts';
import type { AttachContext } from './stage-contexts.ts';
import type { CodedText } from '../../app-api/error-codes.ts';
import { StaleTransitionError } from '../generations/generation.ts';
import { decodeOnce, plainBackdropWord } from '../../channels/index.ts';
import { toldWhy } from '../generations/reason.ts';
import { renderAltText } from './alt-text.ts';
import { altLanguageOf, type AltLanguage } from './alt-phrases.ts';
import type { AdminGraphql } from '../sources/admin-graphql.ts';
import { createNamedFile, fileNameBaseFor } from './named-file.ts';
import { imageMarks, provenanceOf } from './provenance.ts';
import { UnusableResultError, prepareResult } from './prepare-result.ts';
import { ResultDownloadError, type FetchFn } from './result-download.ts';
import { ShopifyFilesError, createShopifyFiles } from './shopify-files.ts';
import type { ProcessingEstimates } from './processing-estimates.ts';
import { checkFidelity } from './fidelity-step.ts';
import { checkChannels } from './channel-step.ts';

/** What a saving generation becomes when attach's last try failed. */
export const ATTACH_GIVE_UP: GiveUpRule[] = [
  {
    from: ['saving'],
    to: 'failed',
    reason: { code: 'reason_not_saved' },
    action: { code: 'action_try_again' },
  },
];

export async function attach(
  ref: GenerationRef,
  ctx: AttachContext,
  deps: { fetch: FetchFn; estimates: ProcessingEstimates },
): Promise<StageOutcome> {
  const generation = await ctx.generations.get(ref.shop, ref.generationId);
  if (!generation || generation.state !== 'saving') return DONE;
  if (generation.fileId) {
    // A repeat after a crash, a lock's time at least after the file was made: check it now.
    await ctx.enqueue('verify', ref);
    return DONE;
  }
  if (!generation.resultUrl) {
    return fail(ctx, ref, { code: 'reason_no_result_file' });
  }
  const admin = await ctx.admin(ref.shop);
  const files = createShopifyFiles(admin);
  const settings = await ctx.settings.get(ref.shop);
  const provenance = provenanceOf(generation);
  // The file's name (an Admin read of the product's handle) is asked while the result downloads.
  const base = fileNameBaseFor(admin, generation);
  // Settled here if the download fails first, so its rejection is never left unhandled.
  base.catch(() => undefined);
  let prepared;
  try {
    prepared = await prepareResult(
      { name: base, kind: generation.kind, resultUrl: generation.resultUrl },
      { admin, fetch: deps.fetch, images: ctx.images, downloads: ctx.resultDownloads },
      imageMarks(provenance),
    );
  } catch (error) {
    if (error instanceof UnusableResultError) return fail(ctx, ref, `${error.message}.`);
    if (error instanceof ResultDownloadError && error.permanent) {
      ctx.logger.warn(
        { shop: ref.shop, generationId: ref.generationId, url: generation.resultUrl, err: error },
        'result download refused',
      );
      return fail(ctx, ref, `${error.message}.`);
    }
    throw error;
  }
  // Before verify can offer or publish it: fidelity-holds.ts decides from what this writes, and
  // verify never features a result failing a chosen channel (channel-step.ts), measured on the
  // bytes uploaded and inside the product the fidelity check located.
  const checked = await checkFidelity(ctx, generation);
  // The channels' measures and the backdrop's colour read one decode of the image.
  const decoded = prepared.image ? decodeOnce(prepared.image) : null;
  await checkChannels(ctx, checked, decoded);
  // Written from what the app knows of the result (its kind, its plain background's colour as
  // its pixels show it), not from the prompt's wishes, in the shop's primary language.
  const backdrop = decoded ? await plainBackdropWord(decoded) : null;
  const alt = renderAltText(settings.altTemplate, {
    productTitle: generation.productTitle,
    kind: generation.kind,
    prompt: generation.params.prompt,
    backdrop,
    language: await primaryLanguage(ctx, ref.shop, admin),
  });
  let file, name;
  try {
    ({ file, name } = await createNamedFile(files, ctx.fileNames, {
      shop: ref.shop,
      generationId: ref.generationId,
      base: await base,
      prepared,
      alt,
    }));
  } catch (error) {
    if (error instanceof ShopifyFilesError && error.code === 'user_error') {
      return fail(ctx, ref, `${error.message}.`);
    }
    throw error;
  }
  await ctx.mediaProvenance.record(ref.shop, admin, {
    handle: name,
    fileId: file.id,
    productId: generation.productId,
    provenance,
  });
  // A File of its own: the image Shopify serves for it is known once verify sees it READY.
  await ctx.generations.patch(ref.shop, ref.generationId, {
    fileId: file.id,
    fileUrl: null,
    altBackdrop: backdrop,
  });
  if (prepared.downscaled) {
    ctx.logger.info(
      { shop: ref.shop, generationId: ref.generationId, ...prepared.downscaled },
      'result downscaled to fit Shopify image limits',
    );
  }
  // fileCreate's answer was the first check: a file settled already is verified at once, any
  // other once Shopify's processing time for its kind and size has passed (publish-timing.ts).
  const settled = file.status === 'READY' || file.status === 'FAILED';
  const delayMs = settled
    ? 0
    : await deps.estimates.firstCheckMs(ctx.processingTimes, {
        kind: prepared.contentType,
        pixels: prepared.pixels,
      });
  await ctx.enqueue('verify', ref, { delayMs });
  return DONE;
}

/**
 * The language of the file's own alt text: the shop's primary locale's when the app has words
 * for it (a French shop's storefront shows French), else English, the language the merchant's
 * own template is most likely written around and the one screen readers announce the app's
 * default in. The locales unread (Shopify down) are English too: the alt text is not worth
 * failing a save for, and the file-name check after a crash compares alt texts, so a repeat
 * that reads them reads the cache's same answer.
 */
async function primaryLanguage(
  ctx: AttachContext,
  shop: string,
  admin: AdminGraphql,
): Promise<AltLanguage> {
  try {
    return altLanguageOf((await ctx.shopLocales.get(shop, admin)).primary) ?? 'en';
  } catch (error) {
    ctx.logger.warn({ err: error, shop }, 'shop locales unread: alt text written in English');
    return 'en';
  }
}

/** Ends the generation as failed with a reason; a concurrent end (stale) is left alone. */
export async function fail(
  ctx: Pick<PipelineContext, 'generations'>,
  ref: GenerationRef,
  reason: CodedText | string,
  action: CodedText = { code: 'action_retry' },
): Promise<StageOutcome> {
  const why = toldWhy(reason, action);
  try {
    await ctx.generations.transition(ref.shop, ref.generationId, {
      from: ['saving'],
      to: 'failed',
      patch: why,
      note: why.reason ?? undefined,
    });
  } catch (error) {
    if (!(error instanceof StaleTransitionError)) throw error;
  }
  return DONE;
}
