import { Banner, InlineStack, Thumbnail } from '@shopify/polaris';
import type { ProductImage } from '../../shared/contract.ts';

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
    <Banner tone="info" title={`${count === 1 ? 'One image' : `${count} images`} will be left out`}>
      <p>
        This model takes fewer images than you chose. These will not be sent; the generation uses
        the ones you chose first.
      </p>
      <InlineStack gap="200">
        {leftOutMediaIds.map((id, index) => {
          const image = byId.get(id);
          return (
            <Thumbnail
              key={id}
              size="small"
              source={image?.thumbnailUrl ?? ''}
              alt={image?.altText || `Left-out image ${index + 1}`}
            />
          );
        })}
      </InlineStack>
    </Banner>
  );
}
