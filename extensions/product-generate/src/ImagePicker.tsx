import type { ProductImage } from '../../../src/app-api/contract.ts';
import { t } from '../../shared/i18n.ts';

interface ImagePickerProps {
  images: readonly ProductImage[];
  selected: readonly string[];
  /** The model's reference-image limit. */
  max: number;
  onChange: (selected: string[]) => void;
  error?: string | undefined;
}

/**
 * The product's images as thumbnails to tick, at most `max` of them. With a single-image model a
 * new tick replaces the old one; otherwise the unticked ones are disabled once the limit is
 * reached. The selection keeps the product's image order (the first is the main reference).
 */
export function ImagePicker({ images, selected, max, onChange, error }: ImagePickerProps) {
  if (images.length === 0) {
    return (
      <s-banner tone="info" heading={t('images.none')}>
        {t('images.noneHelp')}
      </s-banner>
    );
  }
  const toggle = (id: string, checked: boolean) => {
    const next = new Set(max === 1 && checked ? [] : selected);
    if (checked) next.add(id);
    else next.delete(id);
    onChange(images.filter((image) => next.has(image.id)).map((image) => image.id));
  };
  return (
    <s-stack direction="block" gap="small-200">
      <s-text type="strong">{t('images.heading')}</s-text>
      <s-paragraph color="subdued">{t('images.help', { count: max })}</s-paragraph>
      <s-grid gridTemplateColumns="repeat(auto-fill, minmax(96px, 1fr))" gap="base">
        {images.map((image, index) => {
          const checked = selected.includes(image.id);
          const label = image.altText || t('images.label', { number: index + 1 });
          return (
            <s-stack key={image.id} direction="block" gap="small-400">
              <s-image
                src={image.thumbnailUrl}
                alt={label}
                aspectRatio="1/1"
                objectFit="cover"
                borderRadius="base"
              />
              <s-checkbox
                label={label}
                value={image.id}
                checked={checked}
                disabled={!checked && max > 1 && selected.length >= max}
                onChange={(event) => toggle(image.id, event.currentTarget.checked)}
              />
            </s-stack>
          );
        })}
      </s-grid>
      {error !== undefined && <s-text tone="critical">{error}</s-text>}
    </s-stack>
  );
}
