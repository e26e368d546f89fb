/**
 * `CreateMediaInput`, as `productCreate(media:)` and `productUpdate(media:)` take it: each
 * becomes a MediaImage or Video appended to the product's media (and to the shop's Files),
 * UPLOADED at first, processed asynchronously (media/lifecycle.ts).
 */
import { unsupported } from '../graphql/unsupported.ts';
import { MEDIA_PER_PRODUCT } from '../media/limits.ts';
import type { FileKind, ProductRecord } from '../store/types.ts';
import { isHttpUrl, userError, type UserErrorShape } from './input-guard.ts';
import type { ResolverContext } from './resolver-types.ts';

export interface CreateMediaInput {
  alt?: string | null;
  mediaContentType: string;
  originalSource: string;
}

const MEDIA_KINDS: Record<string, FileKind> = { IMAGE: 'IMAGE', VIDEO: 'VIDEO' };

/** Shopify's userErrors for media a product with `existing` media cannot take. */
export function mediaInputErrors(media: CreateMediaInput[], existing: number): UserErrorShape[] {
  const errors: UserErrorShape[] = [];
  media.forEach((input, index) => {
    if (!MEDIA_KINDS[input.mediaContentType]) {
      throw unsupported(`CreateMediaInput.mediaContentType ${input.mediaContentType}`);
    }
    if (!isHttpUrl(input.originalSource)) {
      errors.push(
        userError(
          ['media', index, 'originalSource'],
          `${input.mediaContentType === 'VIDEO' ? 'Video' : 'Image'} URL is invalid`,
        ),
      );
    }
  });
  if (existing + media.length > MEDIA_PER_PRODUCT) {
    errors.push(userError(['media'], `Products can have at most ${MEDIA_PER_PRODUCT} media`));
  }
  return errors;
}

/** Appends the media to the product, each processing from now on. */
export function attachMedia(
  ctx: ResolverContext,
  product: ProductRecord,
  media: CreateMediaInput[],
): void {
  for (const input of media) {
    const file = ctx.emu.media.create(ctx.shop, {
      kind: MEDIA_KINDS[input.mediaContentType]!,
      originalSource: input.originalSource,
      alt: input.alt ?? '',
    });
    product.mediaIds.push(file.id);
  }
}
