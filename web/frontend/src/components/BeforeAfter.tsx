import { BlockStack, Icon, InlineStack, Text, Thumbnail } from '@shopify/polaris';
import { ArrowRightIcon, ImageIcon, PlayIcon } from '@shopify/polaris-icons';
import type { GenerationView } from '../shared/contract.ts';
import styles from './BeforeAfter.module.css';
import { PixelSizes } from './PixelSizes.tsx';
import { t } from '../i18n/index.ts';
import { cdnImageAt, resultImageAt } from '../lib/cdn-image.ts';
import { linkHref } from '../lib/link-href.ts';
import { isTerminalState } from '../shared/generation-states.ts';

interface Props {
  generation: GenerationView;
  size?: 'small' | 'medium' | 'large';
  /** Opens the app's large viewer instead of the raw result in a new tab. */
  onOpen?: () => void;
}

/**
 * Polaris' Thumbnail sides in CSS pixels: the copy asked of Shopify's CDN. Activity's 25 rows
 * showed the 2,048 px original and result in each of them.
 */
const THUMBNAIL_PX = { small: 40, medium: 60, large: 80 } as const;

/**
 * The source image beside the result (when there is one yet): the before/after of a generation.
 * An upscale's two thumbnails look the same, so its pixel sizes are written under them.
 */
export function BeforeAfter(props: Props) {
  const { generation } = props;
  const before = generation.sourceImageUrls[0] ?? generation.product.imageUrl;
  const result = generation.result;
  if (generation.kind !== 'upscale' || !result) return <Thumbnails {...props} />;
  return (
    <BlockStack gap="100">
      <Thumbnails {...props} />
      <Text as="p" variant="bodySm" tone="subdued">
        <PixelSizes before={before} after={result.previewUrl} />
      </Text>
    </BlockStack>
  );
}

function Thumbnails({ generation, size = 'small', onOpen }: Props) {
  const before = generation.sourceImageUrls[0] ?? generation.product.imageUrl;
  const result = generation.result;
  const title = generation.product.title;
  if (onOpen) {
    return (
      <button
        type="button"
        className={styles.open}
        onClick={onOpen}
        aria-label={t('common.viewLarger', { title })}
      >
        <InlineStack gap="100" blockAlign="center" wrap={false}>
          <Thumbnail
            source={before ? cdnImageAt(before, THUMBNAIL_PX[size]) : ImageIcon}
            alt=""
            size={size}
          />
          <span aria-hidden="true">
            <Icon source={ArrowRightIcon} tone="subdued" />
          </span>
          <Thumbnail
            source={
              result
                ? result.mediaType === 'video'
                  ? PlayIcon
                  : resultImageAt(result, THUMBNAIL_PX[size])
                : ImageIcon
            }
            alt=""
            size={size}
          />
        </InlineStack>
      </button>
    );
  }
  return (
    <InlineStack gap="100" blockAlign="center" wrap={false}>
      <Thumbnail
        source={before ? cdnImageAt(before, THUMBNAIL_PX[size]) : ImageIcon}
        alt={t('common.sourceImageOf', { title })}
        size={size}
      />
      <span aria-hidden="true">
        <Icon source={ArrowRightIcon} tone="subdued" />
      </span>
      {result ? (
        <ResultThumbnail result={result} title={title} size={size} />
      ) : (
        // A finished generation without a result will never have one: "yet" would promise it.
        <Thumbnail
          source={ImageIcon}
          alt={t(isTerminalState(generation.state) ? 'common.noResult' : 'common.noResultYet')}
          size={size}
        />
      )}
    </InlineStack>
  );
}

/** The result, linked to itself in a new tab when its URL may be a link (https only). */
function ResultThumbnail({
  result,
  title,
  size,
}: {
  result: NonNullable<GenerationView['result']>;
  title: string;
  size: NonNullable<Props['size']>;
}) {
  const video = result.mediaType === 'video';
  const href = linkHref(result.previewUrl);
  const source = video ? PlayIcon : resultImageAt(result, THUMBNAIL_PX[size]);
  if (href === null)
    return (
      <Thumbnail
        source={source}
        alt={t(video ? 'common.generatedVideoOf' : 'common.generatedImageOf', { title })}
        size={size}
      />
    );
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      <Thumbnail
        source={source}
        alt={t(video ? 'common.generatedVideoNewTab' : 'common.generatedImageNewTab', { title })}
        size={size}
      />
    </a>
  );
}
