import { BlockStack, Card, Checkbox, InlineStack, Text, Thumbnail } from '@shopify/polaris';
import { ImageIcon } from '@shopify/polaris-icons';
import { useDebouncedPost } from '../../api/useDebouncedPost.ts';
import type { Draft } from '../../components/generation-options/draft.ts';
import { t } from '../../i18n/index.ts';
import { storedText } from '../../i18n/coded-text.ts';
import type { Estimate } from '../../shared/contract.ts';

interface Props {
  productId: string;
  draft: Draft;
  chosen: boolean;
  onChange: (chosen: boolean) => void;
}

/**
 * "One photo for each colour": offered for a photo when the product has a Color option, with
 * its colours listed beside the image each would be made from (or why it is skipped). What the
 * product offers comes from the server's estimate of the set, asked for as soon as a product
 * and the options are known (the same estimate the cost then shows).
 */
export function VariantSetCard({ productId, draft, chosen, onChange }: Props) {
  const probe =
    draft.kind === 'photo'
      ? { productId, kind: draft.kind, sourceMediaIds: [], eachVariant: {}, ...draft.params }
      : null;
  const set = useDebouncedPost<Estimate>('/generations/estimate', probe).data?.variants;
  if (!probe || !set) return null;
  const option = set.option.toLowerCase();
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t('generate.variants.heading', { option })}
        </Text>
        <Checkbox
          label={t('generate.variants.choice', { option })}
          helpText={t('generate.variants.help', { option })}
          checked={chosen}
          onChange={onChange}
        />
        <BlockStack gap="200" as="ul">
          {set.values.map((value) => (
            <InlineStack key={value.value} gap="300" blockAlign="center" wrap={false} as="li">
              <Thumbnail source={value.thumbnailUrl ?? ImageIcon} alt={value.value} size="small" />
              <BlockStack gap="050">
                <Text as="span" fontWeight="semibold">
                  {value.value}
                </Text>
                {value.skipped ? (
                  <Text as="span" tone="subdued">
                    {storedText(value.skippedText, value.skipped)}
                  </Text>
                ) : null}
              </BlockStack>
            </InlineStack>
          ))}
        </BlockStack>
      </BlockStack>
    </Card>
  );
}
