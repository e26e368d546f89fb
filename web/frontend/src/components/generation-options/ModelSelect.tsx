import { Select } from '@shopify/polaris';
import { formatCredits } from '../../lib/format.ts';
import { modelChoices, type ModelChoice } from '../../shared/models.ts';
import type { GenerationKind } from '../../shared/contract.ts';
import styles from './ModelSelect.module.css';

interface Props {
  kind: GenerationKind;
  model: string | undefined;
  onChange: (model: string) => void;
  label?: string;
}

/** "Balanced · 5 credits an image": the name and its price (it wraps on a phone). */
function optionLabel(choice: ModelChoice): string {
  const price = formatCredits(choice.credits);
  return choice.per === 'image'
    ? `${choice.name} · ${price} an image`
    : `${choice.name} · from ${price} a second`;
}

/** The help under the select, in sentences: purpose, inputs, price, ProductAI's name. */
export function modelHelp(choice: ModelChoice): string {
  const worksFrom = choice.worksFrom.charAt(0).toUpperCase() + choice.worksFrom.slice(1);
  const price =
    choice.per === 'image'
      ? `${formatCredits(choice.credits)} an image.`
      : `Per second: ${choice.ratesPerSecond
          .map((rate) => `${formatCredits(rate.credits)} at ${rate.resolution}`)
          .join(', ')}.`;
  return `${choice.description} ${worksFrom}. ${price} ProductAI model: ${choice.id}.`;
}

/** Every model of the kind in plain words with its price; the help says the rest. */
export function ModelSelect({ kind, model, onChange, label = 'Model' }: Props) {
  const choices = modelChoices(kind);
  const chosen = choices.find((choice) => choice.id === model);
  return (
    <div className={styles.wraps}>
      <Select
        label={label}
        options={choices.map((choice) => ({ value: choice.id, label: optionLabel(choice) }))}
        value={model}
        onChange={onChange}
        helpText={chosen ? modelHelp(chosen) : undefined}
      />
    </div>
  );
}
