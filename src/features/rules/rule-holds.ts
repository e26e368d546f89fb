/**
 * Where a rule's result goes (publish/result-holds.ts): review first (the rules' default) holds
 * it in `in_review` until the merchant approves it; publish puts it on the product at once,
 * appended or featured. Several options always wait for the merchant's choice. A deleted rule's
 * results follow the shop's settings like a click's.
 */
import { wasApprovedByMerchant, type ResultHolds } from '../../pipeline/index.ts';
import type { RuleStore } from './rule-store.ts';

export function createRuleHolds(rules: Pick<RuleStore, 'get'>): ResultHolds {
  return {
    async placementOf(generation) {
      if (generation.origin?.type !== 'rule') return null;
      const rule = await rules.get(generation.shop, generation.origin.id);
      if (!rule) return null;
      const review = rule.destination === 'review' || generation.optionGroup !== null;
      if (review && !wasApprovedByMerchant(generation)) {
        return { hold: true, note: `Made by the rule “${rule.name}”: waiting for your review.` };
      }
      return { hold: false, featured: rule.destination === 'featured' };
    },
  };
}
