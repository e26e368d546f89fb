/**
 * The contract of the unclaimed results (paid ProductAI results no generation could claim;
 * src/pipeline/receive/unclaimed-results.ts) between the server and the app home; contract.ts
 * re-exports it and lists its routes.
 */
import { z } from 'zod';
import { shopifyGid } from './ids.ts';

export const UnclaimedResultView = z.object({
  jobId: z.number().int(),
  /** ProductAI's result file. */
  url: z.string(),
  mediaType: z.enum(['image', 'video']),
  receivedAt: z.string(),
});
export type UnclaimedResultView = z.infer<typeof UnclaimedResultView>;

export const UnclaimedResultList = z.object({ results: z.array(UnclaimedResultView) });
export type UnclaimedResultList = z.infer<typeof UnclaimedResultList>;

export const AttachUnclaimedRequest = z.object({
  productId: shopifyGid('Product', 'Choose a product.'),
});
export type AttachUnclaimedRequest = z.infer<typeof AttachUnclaimedRequest>;
