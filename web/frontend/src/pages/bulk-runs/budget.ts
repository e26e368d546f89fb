/**
 * The credit budget field's rule: empty for no budget, else a whole number of credits and at
 * least one product's cost (a smaller budget could never make anything).
 */
import { formatCredits } from '../../lib/format.ts';

export type ParsedBudget =
  { credits: number | undefined; error?: undefined } | { credits?: undefined; error: string };

export function parseBudget(text: string, perProduct: number | undefined): ParsedBudget {
  const trimmed = text.trim();
  if (trimmed === '') return { credits: undefined };
  const value = Number(trimmed);
  if (!/^\d+$/.test(trimmed) || !Number.isInteger(value) || value < 1) {
    return {
      error: 'Enter a whole number of credits, 1 or more, or leave it empty for no budget.',
    };
  }
  if (perProduct !== undefined && value < perProduct) {
    return { error: `Enter at least ${formatCredits(perProduct)}: one product's cost.` };
  }
  return { credits: value };
}

export function budgetHelp(perProduct: number | undefined): string {
  const least = perProduct === undefined ? "one product's cost" : formatCredits(perProduct);
  return `Optional. A whole number of credits, at least ${least}. The run never spends more: products beyond it are skipped, never charged.`;
}
