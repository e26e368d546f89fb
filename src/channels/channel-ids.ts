/**
 * The channels a shop can choose for its results (Settings → Channels), and the rules a result is
 * measured against. Browser-safe (no imports): the contract (src/app-api) validates settings with
 * these ids, and profiles.ts gives each its rules and figures.
 */
export const CHANNEL_IDS = ['storefront', 'google', 'amazon'] as const;
export type ChannelId = (typeof CHANNEL_IDS)[number];

/** A shop that never chose keeps its own storefront only. */
export const DEFAULT_CHANNELS: readonly ChannelId[] = ['storefront'];

export const RULE_IDS = [
  'min-size',
  'aspect-ratio',
  'border',
  'overlaid-text',
  'white-background',
  'product-share',
  'ai-metadata',
] as const;
export type RuleId = (typeof RULE_IDS)[number];
