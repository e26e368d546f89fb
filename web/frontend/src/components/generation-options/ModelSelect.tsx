import { Select } from '@shopify/polaris';
import { modelOptions } from '../../lib/models.ts';
import type { GenerationKind } from '../../shared/contract.ts';

interface Props {
  kind: GenerationKind;
  model: string | undefined;
  onChange: (model: string) => void;
  label?: string;
}

/** Every model of the kind with its price; the help line says what the chosen one is good for. */
export function ModelSelect({ kind, model, onChange, label = 'Model' }: Props) {
  const options = modelOptions(kind);
  const chosen = options.find((option) => option.id === model);
  return (
    <Select
      label={label}
      options={options.map((option) => ({
        value: option.id,
        label: `${option.id} · ${option.price} · ${option.description}`,
      }))}
      value={model}
      onChange={onChange}
      helpText={chosen ? `${chosen.description}. ${chosen.price}.` : undefined}
    />
  );
}
