/**
 * The shop style a generation is sent with, decided by the submit stage just before
 * the request: the shop's phrase and, when the request can carry it (style-reference-fit.ts),
 * the style reference image's hosted URL, added after the product's images. A request that
 * says `style: 'none'` gets neither.
 *
 * The reference is uploaded through ProductAI's upload-asset once per account and its URL
 * reused (the shop's settings keep it per account: a new key is a new account, so a new
 * upload). The spec does not say how long a hosted asset lives; the app uploads it again once
 * its copy is `HOSTED_REFERENCE_MAX_AGE_MS` old. One upload at a time per shop and account
 * (a bulk run's first submissions would otherwise each upload it), paced to ProductAI's one
 * request per second per account (limits/upload-pacer.ts).
 */
import type { GenerationKind, GenerationParams, StyleUsed } from '../../app-api/contract.ts';
import { PROMPT_MAX_LENGTH } from '../../app-api/prompt-limits.ts';
import { englishText, type CodedText } from '../../app-api/error-codes.ts';
import { styleReferenceFit } from '../../app-api/style-reference-fit.ts';
import type { Clock } from '../../platform/clock.ts';
import { shopKeyspace } from '../../platform/keys.ts';
import type { Redis } from '../../platform/redis/connection.ts';
import { withRedisLock } from '../../platform/redis/lock.ts';
import type { ProductAiClient } from '../../productai/client.ts';
import { isProductAiError } from '../../productai/errors.ts';
import type { ShopStyleStore, StyleReferenceImage } from '../../stores/shop-style.ts';
import { accountOf } from '../../productai/account.ts';
import type { UploadPacer } from '../limits/upload-pacer.ts';
import { sentPrompt } from '../generations/style-prompt.ts';

/**
 * How long a hosted copy is used. The spec shows no expiry for upload-asset's URL; a day is
 * far shorter than any CDN link lifetime we know of and costs one upload a day per shop.
 */
export const HOSTED_REFERENCE_MAX_AGE_MS = 24 * 60 * 60_000;

const lockKeys = shopKeyspace('style-upload');

export interface StyleForRequest {
  style: StyleUsed | null;
  /** The reference's hosted URL, to send after the product's images; null when not sent. */
  referenceUrl: string | null;
}

export interface ShopStyles {
  /** The style to send `generation` with, uploading the reference when it has no fresh copy. */
  forRequest(
    shop: string,
    apiKey: string,
    generation: { kind: GenerationKind; params: GenerationParams; sourceImageUrls: string[] },
  ): Promise<StyleForRequest>;
}

const EXTENSION: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

export function createShopStyles(deps: {
  redis: Redis;
  clock: Clock;
  store: ShopStyleStore;
  pacer: UploadPacer;
  productAi(apiKey: string): ProductAiClient;
  maxAgeMs?: number;
}): ShopStyles {
  const { clock, store } = deps;
  const maxAgeMs = deps.maxAgeMs ?? HOSTED_REFERENCE_MAX_AGE_MS;

  async function hostedUrl(shop: string, apiKey: string, image: StyleReferenceImage) {
    const account = accountOf(apiKey);
    const fresh = async () => {
      const hosted = await store.getHostedReference(shop, account);
      return hosted && hosted.hash === image.meta.hash && clock.now() - hosted.uploadedAt < maxAgeMs
        ? hosted.url
        : null;
    };
    const known = await fresh();
    if (known) return known;
    const lock = { ttlMs: 60_000, waitMs: 60_000, pollMs: 100 };
    return withRedisLock(deps.redis, clock, lockKeys.key(shop, account), lock, async () => {
      const uploadedMeanwhile = await fresh();
      if (uploadedMeanwhile) return uploadedMeanwhile;
      await deps.pacer.waitTurn(account);
      const { contentType, hash } = image.meta;
      const asset = await deps.productAi(apiKey).uploadAsset({
        file: image.bytes,
        filename: `shop-style-${hash}.${EXTENSION[contentType] ?? 'png'}`,
        contentType,
      });
      await store.saveHostedReference(shop, account, {
        hash,
        url: asset.image_url,
        uploadedAt: clock.now(),
      });
      return asset.image_url;
    });
  }

  return {
    async forRequest(shop, apiKey, generation) {
      const { kind, params } = generation;
      if (kind === 'upscale' || params.style === 'none') return { style: null, referenceUrl: null };
      const shopStyle = await store.getStyle(shop);
      if (!shopStyle.phrase && !shopStyle.reference) return { style: null, referenceUrl: null };

      let reference: StyleUsed['reference'] = null;
      let referenceUrl: string | null = null;
      const image = shopStyle.reference && (await store.getStyleReferenceImage(shop));
      if (image) {
        const fit = styleReferenceFit(kind, params.model, generation.sourceImageUrls.length);
        if (!fit.fits) {
          reference = { hash: image.meta.hash, sent: false, ...notSent(fit.reason) };
        } else {
          try {
            referenceUrl = await hostedUrl(shop, apiKey, image);
            reference = { hash: image.meta.hash, sent: true, reason: null, reasonText: null };
          } catch (error) {
            // A refused key refuses the generation too, which pauses the shop with its reason.
            if (!isProductAiError(error, 'invalid_key') && !isProductAiError(error, 'missing_key'))
              throw error;
            const reason = { code: 'style_key_refused' } as const;
            reference = { hash: image.meta.hash, sent: false, ...notSent(reason) };
          }
        }
      }
      const style: StyleUsed = { phrase: shopStyle.phrase || null, reference };
      // Never over ProductAI's prompt limit: a prompt near it is sent without the phrase.
      if (sentPrompt({ kind, params, style }).length > PROMPT_MAX_LENGTH) style.phrase = null;
      return { style, referenceUrl };
    },
  };
}

/** Why the style image was not sent, in English and coded. */
function notSent(reason: CodedText): { reason: string; reasonText: CodedText } {
  return { reason: englishText(reason), reasonText: reason };
}
