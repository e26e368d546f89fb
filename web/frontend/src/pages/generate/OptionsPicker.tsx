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
import { t } from '../../i18n/index.ts';

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
      shopify.toast.show(t('generate.options.publishing', { count: chosen.length }));
    }
  };

  return (
    <Card>
      <BlockStack gap="400">
        <InlineStack align="space-between" blockAlign="center" gap="200">
          <Text as="h2" variant="headingMd">
            {first
              ? t('generate.options.chooseFor', { title: first.product.title })
              : t('generate.options.choose')}
          </Text>
          {making > 0 ? (
            <Text as="span" tone="subdued" aria-live="polite">
              {t('generate.options.making', { making, count: options.length })}
            </Text>
          ) : null}
        </InlineStack>
        {group.error ? (
          <ErrorBanner title={t('generate.progressStale')} error={group.error} />
        ) : null}
        <OptionsGrid
          options={options}
          isChosen={(option) => chosen.includes(option.id)}
          control={(option) =>
            option.state === 'in_review' ? (
              <Checkbox
                label={t('generate.options.publishThis')}
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
            <p>{published ? t('generate.options.published') : t('generate.options.noneKept')}</p>
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
              {t('generate.options.publish', { count: Math.max(1, chosen.length) })}
            </Button>
          ) : null}
          {published && first ? (
            <Link url={adminProductUrl(first.product.id)}>{t('generate.viewProduct')}</Link>
          ) : null}
          {first ? (
            <Link url={`/activity?productId=${encodeURIComponent(first.product.id)}`}>
              {t('generate.seeInActivity')}
            </Link>
          ) : null}
          <Button onClick={onDone}>{t(decided ? 'common.close' : 'common.hide')}</Button>
        </InlineStack>
        {waiting.length > 0 && making > 0 ? (
          <Text as="p" tone="subdued">
            {t('generate.options.chooseWhenReady')}
          </Text>
        ) : null}
      </BlockStack>
    </Card>
  );
}
