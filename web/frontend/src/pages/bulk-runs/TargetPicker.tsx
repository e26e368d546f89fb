import { BlockStack, Button, ButtonGroup, Text } from '@shopify/polaris';
import type { BulkRunTarget } from '../../shared/contract.ts';
import { formatNumber } from '../../lib/format.ts';

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
      description: `Collection “${collection.title}” (${formatNumber(collection.productsCount)} products)`,
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
          ? `1 product: ${picked[0]?.title ?? ''}`
          : `${formatNumber(picked.length)} selected products`,
    });
  };
  return (
    <BlockStack gap="200">
      <Text as="h3" variant="headingSm">
        Products
      </Text>
      <Text as="p" tone={chosen ? undefined : 'subdued'}>
        {chosen ? chosen.description : 'Choose a collection, or up to 250 products.'}
      </Text>
      <ButtonGroup>
        <Button onClick={pickCollection}>Select collection</Button>
        <Button onClick={pickProducts}>Select products</Button>
      </ButtonGroup>
    </BlockStack>
  );
}
