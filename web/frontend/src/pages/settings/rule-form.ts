/** The rule editor's draft: what the merchant types, and the request it becomes. */
import type { Draft, Defaults } from '../../components/generation-options/draft.ts';
import { initialDraft } from '../../components/generation-options/draft.ts';
import type {
  PromptPreset,
  RuleCollection,
  RuleDestination,
  RuleMatch,
  RuleView,
  SaveRuleRequest,
} from '../../shared/contract.ts';
import { t, type MessageKey } from '../../i18n/index.ts';

export interface RuleDraft {
  name: string;
  active: boolean;
  /** Comma-separated, as typed. */
  tags: string;
  productTypes: string;
  vendors: string;
  /** As the resource picker gave them: ids and titles. */
  collections: RuleCollection[];
  generation: Draft;
  options: number;
  /** One photo per colour; a photo with one result. */
  eachVariant: boolean;
  imagesSent: number;
  destination: RuleDestination;
  /** As typed: required, a whole number of credits. */
  dailyCap: string;
}

const list = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);

export function newRuleDraft(defaults: Defaults, dailyCap: number | null): RuleDraft {
  return {
    name: '',
    active: true,
    tags: '',
    productTypes: '',
    vendors: '',
    collections: [],
    generation: initialDraft(defaults),
    options: 1,
    eachVariant: false,
    imagesSent: 1,
    destination: 'review',
    dailyCap: dailyCap === null ? '' : String(dailyCap),
  };
}

/**
 * The draft of a saved rule. A rule that follows a preset shows the preset's prompt as it is now
 * (what the rule sends, src/features/rules/rule-prompt.ts), so the Preset select shows it.
 */
export function ruleDraftOf(
  rule: RuleView,
  dailyCap: number | null,
  presets: readonly PromptPreset[],
): RuleDraft {
  const prompt = presets.find((preset) => preset.id === rule.presetId)?.prompt;
  return {
    name: rule.name,
    active: rule.active,
    tags: rule.match.tags.join(', '),
    productTypes: rule.match.productTypes.join(', '),
    vendors: rule.match.vendors.join(', '),
    collections: rule.match.collections,
    generation: { kind: rule.kind, params: prompt ? { ...rule.params, prompt } : rule.params },
    options: rule.options,
    eachVariant: Boolean(rule.eachVariant),
    imagesSent: rule.imagesSent,
    destination: rule.destination,
    dailyCap: dailyCap === null ? '' : String(dailyCap),
  };
}

/** Problems the merchant can fix before saving, keyed like the server's fields. */
export function ruleProblems(draft: RuleDraft): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!draft.name.trim()) problems.name = t('rules.nameMissing');
  if (!draft.generation.params.prompt?.trim()) problems.prompt = t('rules.promptMissing');
  const cap = Number(draft.dailyCap);
  if (!draft.dailyCap.trim() || !Number.isInteger(cap) || cap < 1) {
    problems.dailyCap = t('rules.capMissing');
  }
  return problems;
}

/**
 * The request to save. The rule follows the preset whose prompt is the draft's (the one the
 * Preset select shows); a prompt edited after choosing a preset is the rule's own.
 */
export function ruleRequest(draft: RuleDraft, presets: readonly PromptPreset[]): SaveRuleRequest {
  const kind = draft.generation.kind === 'video' ? 'video' : 'photo';
  const prompt = draft.generation.params.prompt ?? '';
  return {
    name: draft.name.trim(),
    active: draft.active,
    match: {
      collections: draft.collections,
      tags: list(draft.tags),
      productTypes: list(draft.productTypes),
      vendors: list(draft.vendors),
    },
    kind,
    presetId: presets.find((preset) => preset.prompt === prompt)?.id ?? null,
    params: { ...draft.generation.params, prompt: prompt.trim() },
    ...(perColour(draft) ? { options: 1, eachVariant: {} } : { options: draft.options }),
    imagesSent: draft.imagesSent,
    destination: draft.destination,
    dailyCap: Number(draft.dailyCap),
  };
}

/** One photo per colour is offered for photos, one result per colour. */
export function perColour(draft: RuleDraft): boolean {
  return draft.eachVariant && draft.generation.kind === 'photo';
}

/** "Footwear or Sale" — a rule's collections by name (a rule has a handful at most). */
export function collectionNames(collections: readonly RuleCollection[]): string {
  return collections.map((collection) => collection.title).join(t('rules.or'));
}

/** "In Footwear · Tagged summer · Vendor Acme" — what a rule takes, in a line. */
export function matchSummary(match: RuleMatch): string {
  const parts = [
    match.collections.length > 0
      ? t('rules.inCollections', { names: collectionNames(match.collections) })
      : null,
    match.tags.length > 0 ? t('rules.tagged', { values: match.tags.join(t('rules.or')) }) : null,
    match.productTypes.length > 0
      ? t('rules.type', { values: match.productTypes.join(t('rules.or')) })
      : null,
    match.vendors.length > 0
      ? t('rules.vendor', { values: match.vendors.join(t('rules.or')) })
      : null,
  ].filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join(' · ') : t('rules.everyProduct');
}

export const DESTINATION_LABELS: Readonly<Record<RuleDestination, MessageKey>> = {
  review: 'rules.destinationReview',
  append: 'rules.destinationAppend',
  featured: 'rules.destinationFeatured',
};
