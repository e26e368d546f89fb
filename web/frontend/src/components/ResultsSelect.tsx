import { Select } from '@shopify/polaris';
import { t } from '../i18n/index.ts';

/** How many results a merchant may ask for at once (the contract's MAX_CANDIDATES). */
const OPTION_COUNTS = [1, 2, 3, 4];

interface Props {
  label: string;
  /** Results to choose among: each is its own ProductAI request and charge. */
  value: number;
  onChange: (options: number) => void;
  helpText: string;
}

/** "Results": 1-4 options of one request, on Generate and per product in a bulk run. */
export function ResultsSelect({ label, value, onChange, helpText }: Props) {
  return (
    <Select
      label={label}
      options={OPTION_COUNTS.map((count) => ({
        value: String(count),
        label: t('common.resultsToChoose', { count }),
      }))}
      value={String(value)}
      onChange={(chosen) => onChange(Number(chosen))}
      helpText={helpText}
    />
  );
}
