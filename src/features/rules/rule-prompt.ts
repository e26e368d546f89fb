/**
 * The prompt a rule sends: its preset's prompt as it is when the rule fires (editing a preset in
 * Settings updates every rule that follows it), or the rule's own prompt when it follows none or
 * its preset has been deleted since (the prompt saved with the rule is the last one the merchant
 * saw, so the rule goes on making what it made).
 */
import type { PromptPreset } from '../../app-api/contract.ts';
import type { Rule } from '../../app-api/rules.ts';

export function rulePrompt(
  rule: Pick<Rule, 'presetId' | 'params'>,
  presets: readonly PromptPreset[],
): string {
  const preset = rule.presetId ? presets.find((p) => p.id === rule.presetId) : undefined;
  return preset?.prompt ?? rule.params.prompt;
}
