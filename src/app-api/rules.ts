/**
 * Rules for new products (Settings → Automatic photos): what the app makes, without a click,
 * for a product that arrives in the store (Shopify's products/create, or products/update when a
 * product that had no image gets its first). Browser-safe: zod only; contract.ts re-exports it
 * and lists its routes.
 */
import { z } from 'zod';
import { GenerationParams, GenerationState, CandidateCount } from './generations.ts';
import { PresetId, shopifyGid } from './ids.ts';
import { MAX_RULE_COLLECTIONS } from './rule-limits.ts';
import { EachVariant } from './variant-sets.ts';

export const MAX_RULES = 20;
/** The last results a rule shows (a capped list per rule: the read stays bounded). */
export const RECENT_PER_RULE = 6;

const Names = z.array(z.string().trim().min(1).max(255)).max(25);

/**
 * A collection a rule takes products from: its id (what matching uses) and its title as the
 * resource picker gave it when the rule was saved (what the list and the editor show, with no
 * Admin read per page view; a collection renamed since shows its old title until the next save).
 */
export const RuleCollection = z.object({
  id: shopifyGid('Collection'),
  title: z.string().trim().min(1).max(255),
});
export type RuleCollection = z.infer<typeof RuleCollection>;

/**
 * Which new products a rule takes. Every non-empty list must match (a collection of the list
 * AND a tag of the list ...); within a list any one entry matches. All empty: every new product.
 */
export const RuleMatch = z.object({
  collections: z.array(RuleCollection).max(MAX_RULE_COLLECTIONS),
  tags: Names,
  productTypes: Names,
  vendors: Names,
});
export type RuleMatch = z.infer<typeof RuleMatch>;

/** Review first (the default for rules), or publish at once: appended or as featured image. */
export const RuleDestination = z.enum(['review', 'append', 'featured']);
export type RuleDestination = z.infer<typeof RuleDestination>;

export const DailyCap = z.number().int().min(1).max(1_000_000);

export const SaveRuleRequest = z.object({
  name: z.string().trim().min(1).max(80),
  active: z.boolean(),
  match: RuleMatch,
  kind: z.enum(['photo', 'video']),
  /**
   * The preset (Settings → Presets) the rule follows, or null for its own prompt. When the rule
   * fires it uses the preset's prompt AS IT IS THEN: editing a preset updates every rule saved
   * from it, which is why a merchant picks a preset rather than pasting its text. `params.prompt`
   * holds the prompt as saved; it is used when the preset has been deleted since.
   */
  presetId: PresetId.nullable(),
  params: GenerationParams.extend({ prompt: z.string().trim().min(1).max(2000) }),
  options: CandidateCount,
  /** How many of the product's images are sent (its first ones, in order). */
  imagesSent: z.number().int().min(1).max(10),
  destination: RuleDestination,
  /**
   * "One per colour": a new product whose colour variants have their own images
   * gets one photo per colour, each on its variants, each admitted on the daily cap on its own;
   * a product without such variants gets the rule's usual photo. Photos, one option. Absent or
   * null: one result per product (rules saved before it read so).
   */
  eachVariant: EachVariant.nullable().optional(),
  /** The shop's daily credit cap for automatic work: required with every rule saved. */
  dailyCap: DailyCap,
});
export type SaveRuleRequest = z.infer<typeof SaveRuleRequest>;

export const Rule = SaveRuleRequest.omit({ dailyCap: true }).extend({
  id: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Rule = z.infer<typeof Rule>;

export const RuleResult = z.object({
  generationId: z.string(),
  productTitle: z.string(),
  state: GenerationState,
  /** The result when there is one, else the product's image. */
  imageUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type RuleResult = z.infer<typeof RuleResult>;

export const RuleView = Rule.extend({ recent: z.array(RuleResult) });
export type RuleView = z.infer<typeof RuleView>;

export const RulesOverview = z.object({
  rules: z.array(RuleView),
  /** Null until the first rule is saved. */
  dailyCap: z.number().int().nullable(),
  /** Credits of automatic work today on the shop's clock (charged, or reserved while running). */
  spentToday: z.number().int(),
  /** `YYYY-MM-DD` in the shop's time zone. */
  day: z.string(),
  timeZone: z.string(),
  /** Automatic generations waiting for tomorrow's cap. */
  waiting: z.number().int(),
});
export type RulesOverview = z.infer<typeof RulesOverview>;

export const SetActiveRequest = z.object({ active: z.boolean() });
export const SetDailyCapRequest = z.object({ dailyCap: DailyCap });
