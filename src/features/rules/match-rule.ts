/** Does a rule take this product? Pure: the facts come from one Admin read (PRODUCT_RULE_FACTS). */
import type { RuleMatch } from '../../app-api/rules.ts';

export interface ProductFacts {
  id: string;
  title: string;
  tags: string[];
  productType: string;
  vendor: string;
  collectionIds: string[];
  mediaCount: number;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const anyOf = (wanted: readonly string[], has: readonly string[]) =>
  wanted.length === 0 || wanted.some((value) => has.some((item) => same(item, value)));

/** Every non-empty list matches (AND); within a list any entry does (OR); case-insensitive. */
export function ruleMatches(match: RuleMatch, product: ProductFacts): boolean {
  return (
    anyOf(
      match.collections.map((collection) => collection.id),
      product.collectionIds,
    ) &&
    anyOf(match.tags, product.tags) &&
    anyOf(match.productTypes, [product.productType]) &&
    anyOf(match.vendors, [product.vendor])
  );
}
