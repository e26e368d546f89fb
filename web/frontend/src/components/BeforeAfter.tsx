import { Icon, InlineStack, Thumbnail } from '@shopify/polaris';
import { ArrowRightIcon, ImageIcon, PlayIcon } from '@shopify/polaris-icons';
import type { GenerationView } from '../shared/contract.ts';

interface Props {
  generation: GenerationView;
  size?: 'small' | 'medium' | 'large';
}

/** The source image beside the result (when there is one yet): the before/after of a generation. */
export function BeforeAfter({ generation, size = 'small' }: Props) {
  const before = generation.sourceImageUrls[0] ?? generation.product.imageUrl;
  const result = generation.result;
  const title = generation.product.title;
  return (
    <InlineStack gap="100" blockAlign="center" wrap={false}>
      <Thumbnail source={before ?? ImageIcon} alt={`${title}: source image`} size={size} />
      <span aria-hidden="true">
        <Icon source={ArrowRightIcon} tone="subdued" />
      </span>
      {result ? (
        <a href={result.previewUrl} target="_blank" rel="noopener noreferrer">
          <Thumbnail
            source={result.mediaType === 'video' ? PlayIcon : result.previewUrl}
            alt={`${title}: ${result.mediaType === 'video' ? 'generated video' : 'generated image'} (opens in a new tab)`}
            size={size}
          />
        </a>
      ) : (
        <Thumbnail source={ImageIcon} alt="No result yet" size={size} />
      )}
    </InlineStack>
  );
}
