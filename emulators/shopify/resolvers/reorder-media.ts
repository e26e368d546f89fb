/**
 * `productReorderMedia`: moves are applied in order (each moves one media to a zero-based
 * position) and a Job is returned that reports `done` a moment later, as Shopify finishes the
 * reorder asynchronously. The new order is visible at once: the job only models the wait.
 */
import { randomUUID } from 'node:crypto';
import { gid, parseGid } from '../graphql/gid.ts';
import { mediaStatus } from '../media/lifecycle.ts';
import { recordById } from './by-id.ts';
import { userError, type UserErrorShape } from './input-guard.ts';
import { field, plain, type ResolverContext, type ResolverMap } from './resolver-types.ts';

interface MoveInput {
  id: string;
  newPosition: string | number;
}

function productReorderMedia(
  _: unknown,
  args: { id: string; moves: MoveInput[] },
  ctx: ResolverContext,
) {
  const product = recordById(ctx.shop.products, args.id, 'Product');
  const fail = (errors: UserErrorShape[]) => ({
    job: null,
    mediaUserErrors: errors,
    userErrors: errors,
  });
  if (!product)
    return fail([userError(['id'], 'Product does not exist', 'PRODUCT_DOES_NOT_EXIST')]);
  const now = ctx.emu.clock.now();
  const errors: UserErrorShape[] = [];
  args.moves.forEach((move, index) => {
    const mediaId = parseGid(move.id)?.id ?? -1;
    const file = ctx.shop.files.get(mediaId);
    if (!file || !product.mediaIds.includes(mediaId)) {
      errors.push(
        userError(
          ['moves', index, 'id'],
          `Media id ${move.id} does not exist on product`,
          'MEDIA_DOES_NOT_EXIST_ON_PRODUCT',
        ),
      );
    } else if (mediaStatus(file.processing, now) !== 'READY') {
      errors.push(
        userError(['moves', index, 'id'], 'Non-ready media cannot be reordered', 'NON_READY_MEDIA'),
      );
    }
  });
  if (errors.length > 0) return fail(errors);
  for (const move of args.moves) {
    const mediaId = parseGid(move.id)!.id;
    const order = product.mediaIds.filter((id) => id !== mediaId);
    order.splice(Math.min(Number(move.newPosition), order.length), 0, mediaId);
    product.mediaIds = order;
  }
  product.updatedAt = now;
  const job = { id: gid('Job', randomUUID()), doneAt: now + ctx.emu.options.mediaProcessingMs / 4 };
  ctx.shop.jobs.set(job.id, job);
  return {
    job: { __typename: 'Job', id: job.id, done: false },
    mediaUserErrors: [],
    userErrors: [],
  };
}

export const reorderMediaResolvers: ResolverMap = {
  Mutation: { productReorderMedia: field(productReorderMedia, ['id', 'moves']) },
  ProductReorderMediaPayload: plain('job', 'mediaUserErrors', 'userErrors'),
  MediaUserError: plain('field', 'message', 'code'),
};
