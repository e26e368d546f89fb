import { t } from './i18n.ts';

export type ParsedBudget = { valid: true; credits: number | undefined } | { valid: false };

/** An empty field means no budget; otherwise a whole number of credits above zero. */
export function parseBudget(text: string): ParsedBudget {
  const trimmed = text.trim();
  if (trimmed === '') return { valid: true, credits: undefined };
  const value = Number(trimmed);
  return Number.isInteger(value) && value > 0 ? { valid: true, credits: value } : { valid: false };
}

interface BudgetFieldProps {
  value: string;
  onInput: (value: string) => void;
  error?: string | undefined;
}

/** The most credits a bulk run may spend; products beyond it are skipped, never charged. */
export function BudgetField({ value, onInput, error }: BudgetFieldProps) {
  const invalid = !parseBudget(value).valid;
  return (
    <s-number-field
      label={t('budget.label')}
      name="creditBudget"
      value={value}
      min={1}
      step={1}
      inputMode="numeric"
      suffix={t('budget.suffix')}
      details={t('budget.help')}
      error={invalid ? t('budget.invalid') : error}
      onInput={(event) => onInput(event.currentTarget.value)}
    />
  );
}
