import { Select } from '@shopify/polaris';

/** How many results a merchant may ask for at once (the contract's MAX_OPTIONS). */
const OPTION_CHOICES = [1, 2, 3, 4].map((count) => ({
  value: String(count),
  label: count === 1 ? '1 result' : `${count} results to choose from`,
}));

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
      options={OPTION_CHOICES}
      value={String(value)}
      onChange={(chosen) => onChange(Number(chosen))}
      helpText={helpText}
    />
  );
}
