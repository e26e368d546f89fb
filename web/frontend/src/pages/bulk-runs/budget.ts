/**
 * The credit budget field's rule: empty for no budget, else a whole number of credits and at
 * least one product's cost (a smaller budget could never make anything).
 */
import { formatCredits } from '../../lib/format.ts';
import { t } from '../../i18n/index.ts';

export type ParsedBudget =
  { credits: number | undefined; error?: undefined } | { credits?: undefined; error: string };

export function parseBudget(text: string, perProduct: number | undefined): ParsedBudget {
  const trimmed = text.trim();
  if (trimmed === '') return { credits: undefined };
  const value = Number(trimmed);
  if (!/^\d+$/.test(trimmed) || !Number.isInteger(value) || value < 1) {
    return {
      error: t('bulk.budgetWhole'),
    };
  }
  if (perProduct !== undefined && value < perProduct) {
    return { error: t('bulk.budgetAtLeast', { credits: formatCredits(perProduct) }) };
  }
  return { credits: value };
}

export function budgetHelp(perProduct: number | undefined): string {
  const least = perProduct === undefined ? t('bulk.oneProductCost') : formatCredits(perProduct);
  return t('bulk.budgetHelp', { least });
}
