import { Banner, BlockStack, Button, Text } from '@shopify/polaris';
import { ErrorBanner } from '../../components/ErrorBanner.tsx';
import { OptionsGrid } from '../../components/options/OptionsGrid.tsx';
import { useOptionGroup } from '../../components/options/useOptionGroup.ts';
import type { GenerationView } from '../../shared/contract.ts';
import { t } from '../../i18n/index.ts';

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
    shopify.toast.show(t('activity.options.publishing'));
    onChosen(answer.generations);
  };

  return (
    <BlockStack gap="300">
      {group.error ? <ErrorBanner title={t('activity.options.stale')} error={group.error} /> : null}
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
              accessibilityLabel={t('activity.options.chooseLabel', { number: index + 1 })}
              onClick={() => void pick(option.id)}
            >
              {t('activity.options.choose')}
            </Button>
          ) : null
        }
      />
      {making > 0 ? (
        <Text as="p" tone="subdued">
          {t('activity.options.wait', { count: making })}
        </Text>
      ) : null}
      {decided ? (
        <Banner tone={published ? 'success' : 'info'}>
          <p>{published ? t('activity.options.published') : t('activity.options.noneKept')}</p>
        </Banner>
      ) : null}
    </BlockStack>
  );
}
