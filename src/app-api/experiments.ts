/**
 * The image experiments part of the JSON contract (re-exported by contract.ts):
 *
 *   GET    /api/experiments                     -> ExperimentList (each its summary, no days)
 *   POST   /api/experiments                     StartExperimentRequest -> ExperimentView (201)
 *   GET    /api/experiments/:id                 -> ExperimentView (with its analysis)
 *   GET    /api/experiments/:id/days            -> ExperimentDays (the chart's daily series)
 *   POST   /api/experiments/:id/stop            StopExperimentRequest -> ExperimentView
 *   POST   /api/experiments/:id/keep-winner     -> ExperimentView (an "ask" end's winner kept)
 *
 * The list is what the Experiments page polls: a view per experiment, the same size whatever
 * its age (about 1 KB with two arms). Its daily series (a figure per arm and day, up to the
 * maximum duration's days: about 7 KB at 28 days of two arms, 15 KB of four) is asked once a
 * card's chart is shown, and again when `completeDays` says a day was added.
 *
 * An experiment shows a product's original featured image (the control) and 1 to 3 of its
 * published AI photos to the storefront's visitors, and ends by keeping the winner
 * (src/features/experiments/README.md).
 */
import { z } from 'zod';
import { MAX_AI_ARMS, MIN_ARM_WEIGHT } from './experiment-arms.ts';
import { MAX_EXPERIMENT_DAYS } from './experiment-limits.ts';
import { GenerationId, shopifyGid } from './ids.ts';

/** What the experiment counts per visitor: add to cart (default), orders, or revenue. */
export const ExperimentGoal = z.enum(['add_to_cart', 'orders', 'revenue']);
export type ExperimentGoal = z.infer<typeof ExperimentGoal>;

/** At a decision: make the winner the featured image, or leave the product and ask. */
export const ExperimentEndAction = z.enum(['keep_winner', 'ask']);
export type ExperimentEndAction = z.infer<typeof ExperimentEndAction>;

/**
 * Where the images that lose go once the end keeps an arm: they stay in the product's media, or
 * they leave the product (kept in Files, an AI photo's result undone).
 */
export const ExperimentLosers = z.enum(['keep_in_product', 'remove_from_product']);
export type ExperimentLosers = z.infer<typeof ExperimentLosers>;

/** The arms, in order: the original, then the AI photos. */
export const ExperimentArmId = z.enum(['control', 'ai1', 'ai2', 'ai3']);
export type ExperimentArmId = z.infer<typeof ExperimentArmId>;

/** Why an experiment ended. */
export const ExperimentEndReason = z.enum([
  'decided',
  'no_clear_winner',
  'stopped_keep_ai',
  'stopped_keep_original',
  'ended_by_campaign',
  'ended_by_undo',
]);
export type ExperimentEndReason = z.infer<typeof ExperimentEndReason>;

export { MAX_AI_ARMS };

export const StartExperimentRequest = z
  .object({
    productId: shopifyGid('Product'),
    /**
     * Published AI photos of that product, 1 to 3 (one arm each, in this order); several must be
     * results of one click (the server refuses others, `photos_not_one_click`).
     */
    generationIds: z.array(GenerationId).min(1).max(MAX_AI_ARMS),
    /** Percent of visitors per arm (the control first), adding up to 100; equal by default. */
    weights: z
      .array(
        z
          .number()
          .int()
          .min(MIN_ARM_WEIGHT)
          .max(100 - MIN_ARM_WEIGHT),
      )
      .optional(),
    goal: ExperimentGoal.default('add_to_cart'),
    /** Days; the statistics' defaults (14 and 28) when left out. */
    minDays: z.number().int().min(1).max(MAX_EXPERIMENT_DAYS).optional(),
    maxDays: z.number().int().min(1).max(MAX_EXPERIMENT_DAYS).optional(),
    endAction: ExperimentEndAction.default('keep_winner'),
    /** The images that lose stay in the product's media unless said. */
    losers: ExperimentLosers.optional(),
  })
  .refine((request) => new Set(request.generationIds).size === request.generationIds.length, {
    message: 'Each AI photo once.',
    path: ['generationIds'],
  })
  .refine(
    (request) =>
      request.weights === undefined ||
      (request.weights.length === request.generationIds.length + 1 &&
        request.weights.reduce((sum, weight) => sum + weight, 0) === 100),
    { message: 'One weight per arm (the original first), adding up to 100.', path: ['weights'] },
  )
  .refine(
    (request) =>
      request.minDays === undefined ||
      request.maxDays === undefined ||
      request.minDays <= request.maxDays,
    { message: 'The minimum duration is at most the maximum.', path: ['minDays'] },
  );
export type StartExperimentRequest = z.infer<typeof StartExperimentRequest>;

export const StopExperimentRequest = z.object({ keep: z.enum(['ai', 'original']) });
export type StopExperimentRequest = z.infer<typeof StopExperimentRequest>;

const Interval = z.object({ estimate: z.number(), lower: z.number(), upper: z.number() });

export const ExperimentArmView = z.object({
  arm: ExperimentArmId,
  /** The product's MediaImage and its image. */
  media: z.string(),
  image: z.string(),
  /** The AI photo's generation; null for the control. */
  generationId: z.string().nullable(),
  weight: z.number().int(),
  visitors: z.number().int(),
  conversions: z.number().int(),
  /** Against the control (AI arms, once it is a number): relative uplift in percent, always valid. */
  uplift: Interval.nullable(),
  probabilityBetter: z.number().nullable(),
});

/**
 * One arm on one complete (UTC) day: the goal's mean per visitor from the start to that day's
 * end (a rate from 0 to 1 for add to cart and orders, an amount for revenue) with its
 * always-valid interval; null while it has none (fewer than two visitors, no conversion yet).
 */
export const ExperimentArmDayView = z.object({
  arm: ExperimentArmId,
  visitors: z.number().int(),
  value: z.number(),
  interval: z.object({ lower: z.number(), upper: z.number() }).nullable(),
});

export const ExperimentDayView = z.object({
  /** YYYY-MM-DD, UTC (the event store's days). */
  day: z.string(),
  arms: z.array(ExperimentArmDayView),
});
export type ExperimentDayView = z.infer<typeof ExperimentDayView>;

export const ExperimentView = z.object({
  id: z.string(),
  productId: z.string(),
  arms: z.array(ExperimentArmView),
  goal: ExperimentGoal,
  minDays: z.number().int(),
  maxDays: z.number().int(),
  endAction: ExperimentEndAction,
  losers: ExperimentLosers,
  status: z.enum(['running', 'ended']),
  /** Days of data so far. */
  day: z.number().int(),
  /** About this many more days to a decision at the current rate; null: none expected. */
  daysToDecision: z.number().int().nullable(),
  /** Set once ended: the winning arm (null: none) and why it ended. */
  winner: ExperimentArmId.nullable(),
  why: ExperimentEndReason.nullable(),
  /**
   * The arm the end makes (or keeps) the featured image; null: the product is left as it is (an
   * "ask" end until the merchant keeps its winner, no clear winner, a campaign's or an undo's).
   */
  kept: ExperimentArmId.nullable(),
  /**
   * How many complete days its series has (GET /api/experiments/:id/days): at most the maximum
   * duration's days; 0 before the first day ends (no chart yet).
   */
  completeDays: z.number().int(),
  /** The end's steps (featured image, storefront, Flow) are still being carried out. */
  settling: z.boolean(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
});
export type ExperimentView = z.infer<typeof ExperimentView>;

export const ExperimentList = z.object({ experiments: z.array(ExperimentView) });
export type ExperimentList = z.infer<typeof ExperimentList>;

/** Each complete day so far, oldest first: at most the maximum duration's days. */
export const ExperimentDays = z.object({ days: z.array(ExperimentDayView) });
export type ExperimentDays = z.infer<typeof ExperimentDays>;
