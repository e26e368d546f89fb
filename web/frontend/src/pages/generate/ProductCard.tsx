import { memo } from 'react';
import {
  BlockStack,
  Button,
  Card,
  InlineStack,
  SkeletonBodyText,
  Text,
  Thumbnail,
} from '@shopify/polaris';
import { ImageIcon } from '@shopify/polaris-icons';
import type { Resource } from '../../api/useResource.ts';
import { ErrorBanner } from '../../components/ErrorBanner.tsx';
import type { ProductDetail } from '../../shared/contract.ts';
import styles from './ProductCard.module.css';
import { t } from '../../i18n/index.ts';

interface Props {
  product: Resource<ProductDetail>;
  onChoose: (productId: string) => void;
}

/** The product to work on, chosen with the admin's own product picker. */
export const ProductCard = memo(function ProductCard({ product, onChoose }: Props) {
  const choose = async () => {
    const picked = await shopify.resourcePicker({
      type: 'product',
      action: 'select',
      filter: { variants: false },
    });
    const first = picked?.[0];
    if (first) onChoose(first.id);
  };
  const detail = product.data;
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t('generate.product.heading')}
        </Text>
        {product.error ? <ErrorBanner error={product.error} onRetry={product.reload} /> : null}
        {/* One row, a thumbnail high, before, while and after the product loads: the skeleton
            and the prompt were shorter than the product, which moved the form (CLS 0.11). */}
        <InlineStack gap="300" blockAlign="center" wrap={false}>
          <Thumbnail
            source={detail?.images[0]?.thumbnailUrl ?? ImageIcon}
            alt={detail ? (detail.images[0]?.altText ?? detail.title) : ''}
          />
          <div className={styles.text}>
            {detail ? (
              <BlockStack gap="100">
                <Text as="p" fontWeight="semibold">
                  {detail.title}
                </Text>
                <Text as="p" tone="subdued">
                  {t('generate.product.images', { count: detail.images.length })}
                </Text>
              </BlockStack>
            ) : product.loading ? (
              <SkeletonBodyText lines={2} />
            ) : (
              <Text as="p" tone="subdued">
                {t('generate.product.choose')}
              </Text>
            )}
          </div>
        </InlineStack>
        <InlineStack>
          <Button onClick={choose} variant={detail ? undefined : 'primary'}>
            {t(detail ? 'generate.product.change' : 'generate.product.select')}
          </Button>
        </InlineStack>
      </BlockStack>
    </Card>
  );
});
