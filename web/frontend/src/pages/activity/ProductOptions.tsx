import { Banner, BlockStack, Button, Text } from '@shopify/polaris';
import { ErrorBanner } from '../../components/ErrorBanner.tsx';
import { OptionsGrid } from '../../components/options/OptionsGrid.tsx';
import { useOptionGroup } from '../../components/options/useOptionGroup.ts';
import type { GenerationView } from '../../shared/contract.ts';

interface Props {
  groupId: string;
  /** The choice was made: every option's new state. */
  onChosen: (options: GenerationView[]) => void;
}

/**
 * One product's options in the review viewer (a bulk run asked for several per product), side
 * by side: "Choose this one" publishes it and discards the product's other options.
 */
export function ProductOptions({ groupId, onChosen }: Props) {
  const { group, choose, options, making, decided, published } = useOptionGroup(groupId);

  const pick = async (id: string) => {
    const answer = await choose.run([id]);
    if (!answer) return;
    group.reload(); // the chosen one is being published: follow it live again
    shopify.toast.show('Publishing your choice; the other options are discarded');
    onChosen(answer.generations);
  };

  return (
    <BlockStack gap="300">
      {group.error ? (
        <ErrorBanner title="The options are not updating" error={group.error} />
      ) : null}
      {choose.error ? <ErrorBanner error={choose.error} onDismiss={choose.clearError} /> : null}
      <OptionsGrid
        options={options}
        isChosen={(option) => option.state === 'published' || option.state === 'saving'}
        control={(option, index) =>
          option.state === 'in_review' ? (
            <Button
              variant="primary"
              disabled={making > 0}
              loading={choose.pending}
              accessibilityLabel={`Choose option ${index + 1}`}
              onClick={() => void pick(option.id)}
            >
              Choose this one
            </Button>
          ) : null
        }
      />
      {making > 0 ? (
        <Text as="p" tone="subdued">
          You can choose once every option is ready ({making} still being made).
        </Text>
      ) : null}
      {decided ? (
        <Banner tone={published ? 'success' : 'info'}>
          <p>
            {published
              ? 'Your choice is on the product. The other options were discarded.'
              : 'No option was kept.'}
          </p>
        </Banner>
      ) : null}
    </BlockStack>
  );
}
