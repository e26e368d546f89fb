import {
  BlockStack,
  Button,
  Card,
  InlineGrid,
  InlineStack,
  Text,
  Thumbnail,
} from '@shopify/polaris';
import { useCallback } from 'react';
import { api } from '../../api/client.ts';
import { useAction } from '../../api/useAction.ts';
import { useResource } from '../../api/useResource.ts';
import { ErrorBanner } from '../../components/ErrorBanner.tsx';
import { formatDateTime } from '../../lib/format.ts';
import type {
  UnclaimedResultList,
  UnclaimedResultView,
} from '../../../../../src/app-api/unclaimed-results.ts';
import type { GenerationView } from '../../shared/contract.ts';
import { t } from '../../i18n/index.ts';

const POLL_MS = 15_000;

/**
 * Paid ProductAI results no generation could claim (a job made outside the app, or one the app
 * could not tell apart), with their picture and a way to add each to the right product without
 * paying again. Renders nothing while there are none.
 */
export function UnclaimedResults({ onAttached }: { onAttached?: () => void }) {
  const list = useResource<UnclaimedResultList>('/unclaimed-results', POLL_MS);
  const results = list.data?.results ?? [];
  if (results.length === 0) return null;
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t('activity.unclaimed.heading')}
        </Text>
        <Text as="p" tone="subdued">
          {t('activity.unclaimed.body')}
        </Text>
        <InlineGrid columns={{ xs: 1, md: 2 }} gap="300">
          {results.map((result) => (
            <UnclaimedResultCard
              key={result.jobId}
              result={result}
              onAttached={() => {
                list.reload();
                onAttached?.();
              }}
            />
          ))}
        </InlineGrid>
      </BlockStack>
    </Card>
  );
}

function UnclaimedResultCard({
  result,
  onAttached,
}: {
  result: UnclaimedResultView;
  onAttached: () => void;
}) {
  const attach = useAction(
    useCallback(
      (productId: string) =>
        api.post<GenerationView>(`/unclaimed-results/${result.jobId}/attach`, { productId }),
      [result.jobId],
    ),
  );
  const choose = async () => {
    const picked = await shopify.resourcePicker({
      type: 'product',
      action: 'select',
      filter: { variants: false },
    });
    const productId = picked?.[0]?.id;
    if (productId && (await attach.run(productId))) onAttached();
  };
  return (
    <InlineStack gap="300" blockAlign="center" wrap={false}>
      {result.mediaType === 'image' ? (
        <Thumbnail
          size="large"
          source={result.url}
          alt={t('activity.unclaimed.alt', { job: String(result.jobId) })}
        />
      ) : (
        <video src={result.url} width={80} muted controls preload="metadata" />
      )}
      <BlockStack gap="100">
        <Text as="p" variant="bodySm" tone="subdued">
          {t('activity.unclaimed.job', { job: String(result.jobId) })} ·{' '}
          {formatDateTime(result.receivedAt)}
        </Text>
        <Button onClick={() => void choose()} loading={attach.pending}>
          {t('activity.unclaimed.add')}
        </Button>
        {attach.error ? <ErrorBanner error={attach.error} /> : null}
      </BlockStack>
    </InlineStack>
  );
}
