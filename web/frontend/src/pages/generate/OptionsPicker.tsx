import {
  Banner,
  BlockStack,
  Button,
  Card,
  Checkbox,
  InlineStack,
  Link,
  Text,
} from '@shopify/polaris';
import { useState } from 'react';
import { ErrorBanner } from '../../components/ErrorBanner.tsx';
import { OptionsGrid } from '../../components/options/OptionsGrid.tsx';
import { useOptionGroup } from '../../components/options/useOptionGroup.ts';
import { adminProductUrl } from '../../lib/format.ts';

interface Props {
  groupId: string;
  onDone: () => void;
}

/**
 * The options of one request, side by side as they arrive: the merchant ticks the one (or the
 * few) to publish; the others are discarded without touching the product.
 */
export function OptionsPicker({ groupId, onDone }: Props) {
  const { group, choose, options, waiting, making, decided, published } = useOptionGroup(groupId);
  const [chosen, setChosen] = useState<string[]>([]);
  const first = options[0];

  const publish = async () => {
    const answer = await choose.run(chosen);
    if (answer) {
      group.reload(); // the chosen ones are being published: follow them live again
      shopify.toast.show(
        chosen.length === 1 ? 'Publishing your choice' : `Publishing ${chosen.length} results`,
      );
    }
  };

  return (
    <Card>
      <BlockStack gap="400">
        <InlineStack align="space-between" blockAlign="center" gap="200">
          <Text as="h2" variant="headingMd">
            {first ? `Choose a result for ${first.product.title}` : 'Choose a result'}
          </Text>
          {making > 0 ? (
            <Text as="span" tone="subdued" aria-live="polite">
              {making} of {options.length} still being made
            </Text>
          ) : null}
        </InlineStack>
        {group.error ? <ErrorBanner title="Progress is not updating" error={group.error} /> : null}
        <OptionsGrid
          options={options}
          isChosen={(option) => chosen.includes(option.id)}
          control={(option) =>
            option.state === 'in_review' ? (
              <Checkbox
                label="Publish this one"
                checked={chosen.includes(option.id)}
                onChange={(checked) =>
                  setChosen((ids) =>
                    checked ? [...ids, option.id] : ids.filter((id) => id !== option.id),
                  )
                }
              />
            ) : null
          }
        />
        {choose.error ? <ErrorBanner error={choose.error} onDismiss={choose.clearError} /> : null}
        {decided ? (
          <Banner tone={published ? 'success' : 'info'}>
            <p>
              {published
                ? 'Your choice is on the product. The other results were discarded.'
                : 'No result was kept.'}
            </p>
          </Banner>
        ) : null}
        <InlineStack gap="300" blockAlign="center">
          {waiting.length > 0 ? (
            <Button
              variant="primary"
              disabled={chosen.length === 0 || making > 0}
              loading={choose.pending}
              onClick={publish}
            >
              {chosen.length > 1
                ? `Publish ${chosen.length} chosen, discard the others`
                : 'Publish the chosen one, discard the others'}
            </Button>
          ) : null}
          {published && first ? (
            <Link url={adminProductUrl(first.product.id)}>View the product in Shopify</Link>
          ) : null}
          {first ? (
            <Link url={`/activity?productId=${encodeURIComponent(first.product.id)}`}>
              See in Activity
            </Link>
          ) : null}
          <Button onClick={onDone}>{decided ? 'Close' : 'Hide'}</Button>
        </InlineStack>
        {waiting.length > 0 && making > 0 ? (
          <Text as="p" tone="subdued">
            You can choose once every result is ready.
          </Text>
        ) : null}
      </BlockStack>
    </Card>
  );
}
