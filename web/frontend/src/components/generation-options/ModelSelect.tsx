import { Select } from '@shopify/polaris';
import { labelOf, modelLabel } from '../../i18n/coded-text.ts';
import { t } from '../../i18n/index.ts';
import { formatCredits } from '../../lib/format.ts';
import { modelChoices, type ModelChoice } from '../../shared/models.ts';
import { styleReferenceFit } from '../../shared/shop-style.ts';
import type { GenerationKind } from '../../shared/contract.ts';
import styles from './ModelSelect.module.css';

interface Props {
  kind: GenerationKind;
  model: string | undefined;
  onChange: (model: string) => void;
  label?: string;
  /** The shop has a style image: say beside the model whether it goes with the request. */
  styleImage?: boolean;
}

/** Whether the shop's style image goes with this model, said before anything is sent. */
function styleImageNote(kind: GenerationKind, model: string | undefined): string | null {
  if (kind === 'upscale') return null;
  if (kind === 'video') return t('options.styleImageVideo');
  // One product image, the usual request: the model's room is what decides.
  return styleReferenceFit(kind, model, 1).fits
    ? t('options.styleImageSent')
    : t('options.styleImageOneImage');
}

/** "Balanced · 5 credits an image": the name and its price (it wraps on a phone). */
function optionLabel(choice: ModelChoice): string {
  const price = formatCredits(choice.credits);
  return t(choice.per === 'image' ? 'options.modelPerImage' : 'options.modelPerSecond', {
    name: modelLabel(choice.id),
    price,
  });
}

/** The help under the select, in sentences: purpose, inputs, price, ProductAI's name. */
export function modelHelp(choice: ModelChoice): string {
  const worksFrom = labelOf(choice.worksFromText);
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
    description: labelOf(choice.descriptionText),
    worksFrom: worksFrom.charAt(0).toUpperCase() + worksFrom.slice(1),
    price,
    model: choice.id,
  });
}

/** Every model of the kind in plain words with its price; the help says the rest. */
export function ModelSelect({
  kind,
  model,
  onChange,
  label = t('options.model'),
  styleImage = false,
}: Props) {
  const choices = modelChoices(kind);
  const chosen = choices.find((choice) => choice.id === model);
  const note = styleImage && chosen ? styleImageNote(kind, model) : null;
  // The style image's note ends the model's help: one text under the choice, read with it.
  const help = chosen ? [modelHelp(chosen), note].filter(Boolean).join(' ') : undefined;
  return (
    <div className={styles.wraps}>
      <Select
        label={label}
        options={choices.map((choice) => ({ value: choice.id, label: optionLabel(choice) }))}
        value={model}
        onChange={onChange}
        helpText={help}
      />
    </div>
  );
}
