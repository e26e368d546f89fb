import { Banner, InlineStack, Thumbnail } from '@shopify/polaris';
import type { ProductImage } from '../../shared/contract.ts';
import { t } from '../../i18n/index.ts';

interface Props {
  /** The server's estimate: chosen images the model will not take. */
  leftOutMediaIds: readonly string[];
  /** The product's images, to show the left-out ones rather than name them. */
  images: readonly ProductImage[];
}

/** Before submitting: which chosen images the model will leave out (it takes fewer). */
export function LeftOutImages({ leftOutMediaIds, images }: Props) {
  if (leftOutMediaIds.length === 0) return null;
  const byId = new Map(images.map((image) => [image.id, image] as const));
  const count = leftOutMediaIds.length;
  return (
    <Banner tone="info" title={t('generate.leftOut.title', { count })}>
      <p>{t('generate.leftOut.body')}</p>
      <InlineStack gap="200">
        {leftOutMediaIds.map((id, index) => {
          const image = byId.get(id);
          return (
            <Thumbnail
              key={id}
              size="small"
              source={image?.thumbnailUrl ?? ''}
              alt={image?.altText || t('generate.leftOut.alt', { number: index + 1 })}
            />
          );
        })}
      </InlineStack>
    </Banner>
  );
}
