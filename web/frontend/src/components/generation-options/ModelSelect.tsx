import { Select } from '@shopify/polaris';
import { t } from '../../i18n/index.ts';
import { serverText } from '../../i18n/server-text.ts';
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
  return t(choice.per === 'image' ? 'options.modelPerImage' : 'options.modelPerSecond', {
    name: serverText(choice.name),
    price,
  });
}

/** The help under the select, in sentences: purpose, inputs, price, ProductAI's name. */
export function modelHelp(choice: ModelChoice): string {
  const worksFrom = serverText(choice.worksFrom);
  const price =
    choice.per === 'image'
      ? t('options.priceImage', { price: formatCredits(choice.credits) })
      : t('options.priceSeconds', {
          rates: choice.ratesPerSecond
            .map((rate) =>
              t('options.rateAt', {
                price: formatCredits(rate.credits),
                resolution: rate.resolution,
              }),
            )
            .join(', '),
        });
  return t('options.modelHelp', {
    description: serverText(choice.description),
    worksFrom: worksFrom.charAt(0).toUpperCase() + worksFrom.slice(1),
    price,
    model: choice.id,
  });
}

/** Every model of the kind in plain words with its price; the help says the rest. */
export function ModelSelect({ kind, model, onChange, label = t('options.model') }: Props) {
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
