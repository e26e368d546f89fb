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
    imagesSent: 1,
    destination: 'review',
    dailyCap: dailyCap === null ? '' : String(dailyCap),
  };
}

/**
 * The draft of a saved rule. A rule that follows a preset shows the preset's prompt as it is now
 * (what the rule sends, src/pipeline/rules/rule-prompt.ts), so the Preset select shows it.
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
    imagesSent: rule.imagesSent,
    destination: rule.destination,
    dailyCap: dailyCap === null ? '' : String(dailyCap),
  };
}

/** Problems the merchant can fix before saving, keyed like the server's fields. */
export function ruleProblems(draft: RuleDraft): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!draft.name.trim()) problems.name = 'Give the rule a name.';
  if (!draft.generation.params.prompt?.trim()) problems.prompt = 'Describe the scene to make.';
  const cap = Number(draft.dailyCap);
  if (!draft.dailyCap.trim() || !Number.isInteger(cap) || cap < 1) {
    problems.dailyCap = 'Set a daily credit cap: a whole number of credits, 1 or more.';
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
    options: draft.options,
    imagesSent: draft.imagesSent,
    destination: draft.destination,
    dailyCap: Number(draft.dailyCap),
  };
}

/** "Footwear or Sale" — a rule's collections by name (a rule has a handful at most). */
export function collectionNames(collections: readonly RuleCollection[]): string {
  return collections.map((collection) => collection.title).join(' or ');
}

/** "In Footwear · Tagged summer · Vendor Acme" — what a rule takes, in a line. */
export function matchSummary(match: RuleMatch): string {
  const parts = [
    match.collections.length > 0 ? `In ${collectionNames(match.collections)}` : null,
    match.tags.length > 0 ? `Tagged ${match.tags.join(' or ')}` : null,
    match.productTypes.length > 0 ? `Type ${match.productTypes.join(' or ')}` : null,
    match.vendors.length > 0 ? `Vendor ${match.vendors.join(' or ')}` : null,
  ].filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join(' · ') : 'Every new product';
}

export const DESTINATION_LABELS: Readonly<Record<RuleDestination, string>> = {
  review: 'Wait for my review in Activity',
  append: 'Add to the product at once, after its images',
  featured: 'Add to the product at once, as its featured image',
};
