import { BlockStack, Button, ButtonGroup, Text } from '@shopify/polaris';
import type { BulkRunTarget } from '../../shared/contract.ts';
import { t } from '../../i18n/index.ts';

/** The chosen target with what the merchant should see about it. */
export interface ChosenTarget {
  target: BulkRunTarget;
  description: string;
}

const MAX_PRODUCTS = 250;

interface Props {
  chosen: ChosenTarget | null;
  onChange: (chosen: ChosenTarget) => void;
}

/** A collection or a hand-picked set of products, chosen with the admin's resource picker. */
export function TargetPicker({ chosen, onChange }: Props) {
  const pickCollection = async () => {
    const picked = await shopify.resourcePicker({ type: 'collection', action: 'select' });
    const collection = picked?.[0];
    if (!collection) return;
    onChange({
      target: { type: 'collection', collectionId: collection.id },
      description: t('bulk.target.collection', {
        title: collection.title,
        count: collection.productsCount,
      }),
    });
  };
  const pickProducts = async () => {
    const selectionIds =
      chosen?.target.type === 'products' ? chosen.target.productIds.map((id) => ({ id })) : [];
    const picked = await shopify.resourcePicker({
      type: 'product',
      action: 'select',
      multiple: MAX_PRODUCTS,
      filter: { variants: false },
      selectionIds,
    });
    if (!picked || picked.length === 0) return;
    onChange({
      target: { type: 'products', productIds: picked.map((product) => product.id) },
      description:
        picked.length === 1
          ? t('bulk.target.oneProduct', { title: picked[0]?.title ?? '' })
          : t('bulk.target.products', { count: picked.length }),
    });
  };
  return (
    <BlockStack gap="200">
      <Text as="h3" variant="headingSm">
        {t('bulk.target.heading')}
      </Text>
      <Text as="p" tone={chosen ? undefined : 'subdued'}>
        {chosen ? chosen.description : t('bulk.target.choose', { max: MAX_PRODUCTS })}
      </Text>
      <ButtonGroup>
        <Button onClick={pickCollection}>{t('bulk.target.selectCollection')}</Button>
        <Button onClick={pickProducts}>{t('bulk.target.selectProducts')}</Button>
      </ButtonGroup>
    </BlockStack>
  );
}
