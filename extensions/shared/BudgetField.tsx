import { credits, t } from './i18n.ts';

export type ParsedBudget =
  { valid: true; credits: number | undefined } | { valid: false; error: string };

/**
 * An empty field means no budget; otherwise a whole number of credits, at least one product's
 * cost (`perProduct`, once the estimate knows it): a smaller budget could never make anything.
 */
export function parseBudget(text: string, perProduct = 1): ParsedBudget {
  const trimmed = text.trim();
  if (trimmed === '') return { valid: true, credits: undefined };
  const value = Number(trimmed);
  if (!Number.isInteger(value) || value < 1) return { valid: false, error: t('budget.invalid') };
  if (value < perProduct) {
    return { valid: false, error: t('budget.tooSmall', { credits: credits(perProduct) }) };
  }
  return { valid: true, credits: value };
}

interface BudgetFieldProps {
  value: string;
  onInput: (value: string) => void;
  /** One product's cost, once known. */
  perProduct?: number | undefined;
}

/** The most credits a bulk run may spend; products beyond it are skipped, never charged. */
export function BudgetField({ value, onInput, perProduct }: BudgetFieldProps) {
  const parsed = parseBudget(value, perProduct);
  return (
    <s-number-field
      label={t('budget.label')}
      name="creditBudget"
      value={value}
      min={perProduct ?? 1}
      step={1}
      inputMode="numeric"
      suffix={t('budget.suffix')}
      details={t('budget.help')}
      error={parsed.valid ? undefined : parsed.error}
      onInput={(event) => onInput(event.currentTarget.value)}
    />
  );
}
