/**
 * What a storefront's web pixel sends: one visitor's recent events in one experiment, at most
 * MAX_EVENTS_PER_BATCH of them in at most MAX_BATCH_BYTES. The visitor and its arm are the
 * same for every event of a batch (the storefront script pins them), so they are sent once.
 * Ids are short and safe in a Redis key; the amount of an order is in the shop's currency.
 */
import { z } from 'zod';
import { isShopDomain } from '../../platform/keys.ts';

/** Where the pixel posts its batches, on the app's URL (its `endpoint` setting, experiments-pixel.ts). */
export const EXPERIMENT_EVENTS_PATH = '/experiments/events';

export const MAX_EVENTS_PER_BATCH = 50;
/** Fifty events of ~100 bytes each, with room: a batch past it is not a pixel's. */
export const MAX_BATCH_BYTES = 16 * 1024;
/** The largest order amount taken (above it, a typo or a forgery: the batch is refused). */
const MAX_AMOUNT = 10_000_000;

export const EVENT_TYPES = [
  'exposure',
  'product_viewed',
  'product_added_to_cart',
  'checkout_completed',
] as const;

/** Letters, digits, _ and -, starting with a letter or digit: safe in a key, never a path. */
const id = (min: number, max: number) =>
  z
    .string()
    .regex(
      new RegExp(`^[A-Za-z0-9][A-Za-z0-9_-]{${min - 1},${max - 1}}$`),
      `must be ${min} to ${max} letters, digits, _ or -, starting with a letter or digit`,
    );

const ExperimentEvent = z
  .object({
    id: id(1, 100),
    type: z.enum(EVENT_TYPES),
    amount: z.number().nonnegative().max(MAX_AMOUNT).optional(),
  })
  .refine((event) => (event.type === 'checkout_completed') === (event.amount !== undefined), {
    message: 'an amount goes with checkout_completed, and only with it',
    path: ['amount'],
  });

export const EventBatch = z.object({
  shop: z.string().refine(isShopDomain, 'must be a shop domain (name.myshopify.com)'),
  experiment: id(1, 64),
  arm: id(1, 64),
  visitor: id(8, 64),
  events: z.array(ExperimentEvent).min(1).max(MAX_EVENTS_PER_BATCH),
});
export type EventBatch = z.infer<typeof EventBatch>;
