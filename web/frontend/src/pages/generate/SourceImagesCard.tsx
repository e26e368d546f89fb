import { memo } from 'react';
import { BlockStack, Card, Text } from '@shopify/polaris';
import type { ProductImage } from '../../shared/contract.ts';
import styles from './SourceImagesCard.module.css';
import { t } from '../../i18n/index.ts';

interface Props {
  images: ProductImage[];
  chosen: string[];
  onChange: (ids: string[]) => void;
  limits: { min: number; max: number };
}

function limitText({ min, max }: Props['limits']): string {
  if (max === 1) return t('generate.images.one');
  if (min === 0) return t('generate.images.upToOrNone', { max });
  return t('generate.images.upTo', { max });
}

/** The product's images as checkboxes; the model's limit disables the rest once reached. */
export const SourceImagesCard = memo(function SourceImagesCard({
  images,
  chosen,
  onChange,
  limits,
}: Props) {
  const toggle = (id: string) => {
    if (chosen.includes(id)) onChange(chosen.filter((other) => other !== id));
    else if (limits.max === 1) onChange([id]);
    else if (chosen.length < limits.max) onChange([...chosen, id]);
  };
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd" id="source-images-heading">
          {t('generate.images.heading')}
        </Text>
        {images.length === 0 ? (
          <Text as="p" tone="subdued">
            {t('generate.images.none')}
          </Text>
        ) : (
          <>
            <Text as="p" tone="subdued">
              {limitText(limits)} {t('generate.images.chosen', { count: chosen.length })}
            </Text>
            <ul className={styles.grid} aria-labelledby="source-images-heading">
              {images.map((image, index) => {
                const position = chosen.indexOf(image.id);
                const selected = position >= 0;
                const full = !selected && limits.max > 1 && chosen.length >= limits.max;
                return (
                  <li key={image.id}>
                    <label className={styles.item} data-selected={selected} data-disabled={full}>
                      <input
                        type={limits.max === 1 ? 'radio' : 'checkbox'}
                        name="source-image"
                        className={styles.input}
                        checked={selected}
                        disabled={full}
                        onChange={() => toggle(image.id)}
                      />
                      <img
                        src={image.thumbnailUrl}
                        alt={image.altText || t('generate.images.alt', { number: index + 1 })}
                        className={styles.image}
                        width={96}
                        height={96}
                      />
                      {selected && limits.max > 1 ? (
                        <span className={styles.order} aria-hidden="true">
                          {position + 1}
                        </span>
                      ) : null}
                    </label>
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </BlockStack>
    </Card>
  );
});
