/**
 * What one new product costs a rule: its model's price for the parameters it sends (the shop's
 * defaults fill what the rule leaves out, as when it fires), times its options (all options of
 * a product are admitted on the cap together). A daily cap below it could never admit anything.
 */
import { kindText, type CodedText } from '../../app-api/error-codes.ts';
import type { Rule } from '../../app-api/rules.ts';
import type { ShopSettings } from '../../stores/shop-settings.ts';
import { completeParams, creditsFor } from '../../pipeline/index.ts';
import { rulePrompt } from './rule-prompt.ts';

export interface RuleCost {
  /** Credits of one result (one option). */
  perResult: number;
  /** Credits of one product: every option. */
  perProduct: number;
}

type RuleShape = Pick<Rule, 'kind' | 'params' | 'presetId' | 'options'>;

export function ruleCost(
  rule: RuleShape,
  settings: Pick<ShopSettings, 'defaults' | 'presets'>,
): RuleCost {
  const prompt = rulePrompt(rule, settings.presets);
  const params = completeParams(rule.kind, { ...rule.params, prompt }, settings.defaults);
  const perResult = creditsFor(rule.kind, params);
  return { perResult, perProduct: perResult * rule.options };
}

/**
 * Why a cap is refused: "A photo with this rule costs 5 credits; the daily cap must be at least
 * 5." With `name`, another rule of the shop than the one being saved, named.
 */
export function capBelowCostText(
  rule: Pick<Rule, 'kind' | 'options'> & { name?: string },
  cost: RuleCost,
): CodedText {
  const { name } = rule;
  const named: Record<string, string> = name === undefined ? {} : { name };
  if (rule.options > 1) {
    return {
      code:
        name === undefined ? 'rule_options_cost_below_cap' : 'named_rule_options_cost_below_cap',
      params: { ...named, cost: cost.perProduct, options: rule.options, perResult: cost.perResult },
    };
  }
  return {
    code: name === undefined ? 'rule_cost_below_cap' : 'named_rule_cost_below_cap',
    params: { ...named, cost: cost.perProduct, kind: kindText(rule.kind) },
  };
}
