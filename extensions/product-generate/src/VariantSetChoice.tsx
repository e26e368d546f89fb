import type { VariantSetEstimate } from '../../../src/app-api/contract.ts';
import { t } from '../../shared/i18n.ts';

interface VariantSetChoiceProps {
  /** The product's values and images, from the server's estimate of the set. */
  set: VariantSetEstimate;
  chosen: boolean;
  onChange: (chosen: boolean) => void;
}

/**
 * "One for each colour", as on the app's Generate page: the choice, and each colour beside the
 * image its photo is made from, or why it is skipped. The reason is said in the extension's own
 * words (the server writes it in English, and the extensions have no table of its sentences).
 */
export function VariantSetChoice({ set, chosen, onChange }: VariantSetChoiceProps) {
  const option = set.option.toLowerCase();
  return (
    <s-stack direction="block" gap="small-200">
      <s-text type="strong">{t('variants.heading', { option })}</s-text>
      <s-checkbox
        name="eachVariant"
        label={t('variants.choice', { option })}
        details={t('variants.help', { option })}
        checked={chosen}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
      <s-stack direction="block" gap="small-200">
        {set.values.map((value) => (
          // A thumbnail column as wide as the admin's small thumbnails, then the colour's words.
          <s-grid key={value.value} gridTemplateColumns="48px 1fr" gap="base" alignItems="center">
            {value.thumbnailUrl === null ? (
              <s-box />
            ) : (
              <s-image
                src={value.thumbnailUrl}
                alt={value.value}
                aspectRatio="1/1"
                objectFit="cover"
                borderRadius="base"
              />
            )}
            <s-stack direction="block">
              <s-text type="strong">{value.value}</s-text>
              {value.skipped !== null && (
                <s-text color="subdued">{t('variants.skipped', { option })}</s-text>
              )}
            </s-stack>
          </s-grid>
        ))}
      </s-stack>
    </s-stack>
  );
}
