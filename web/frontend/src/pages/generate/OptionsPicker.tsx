import {
  Banner,
  BlockStack,
  Button,
  Card,
  Checkbox,
  InlineStack,
  Link,
  Spinner,
  Text,
} from '@shopify/polaris';
import { useState } from 'react';
import { api } from '../../api/client.ts';
import { useAction } from '../../api/useAction.ts';
import { useResource } from '../../api/useResource.ts';
import { ErrorBanner } from '../../components/ErrorBanner.tsx';
import { StateBadge } from '../../components/StateBadge.tsx';
import { adminProductUrl } from '../../lib/format.ts';
import { isInFlight } from '../../lib/generation-states.ts';
import type { GenerationView, OptionGroupView } from '../../shared/contract.ts';
import styles from './OptionsPicker.module.css';

const LIVE_POLL_MS = 2000;
const WAITING_POLL_MS = 5000;

/** Live while an option is being made or published; slower while it waits; stops at the end. */
function nextPoll(group: OptionGroupView): number | null {
  const states = group.generations.map((option) => option.state);
  if (states.some(isInFlight)) return LIVE_POLL_MS;
  return states.includes('in_review') ? WAITING_POLL_MS : null;
}

function OptionMedia({ option, index }: { option: GenerationView; index: number }) {
  const label = `Option ${index + 1} for ${option.product.title}`;
  if (!option.result) {
    return (
      <div className={styles.placeholder} aria-label={`${label}: not ready yet`}>
        {isInFlight(option.state) ? <Spinner size="small" accessibilityLabel="Being made" /> : null}
      </div>
    );
  }
  return option.result.mediaType === 'video' ? (
    <video
      src={option.result.previewUrl}
      controls
      muted
      className={styles.media}
      aria-label={label}
    />
  ) : (
    <img src={option.result.previewUrl} alt={label} className={styles.media} />
  );
}

interface Props {
  groupId: string;
  onDone: () => void;
}

/**
 * The options of one request, side by side as they arrive: the merchant ticks the one (or the
 * few) to publish; the others are discarded without touching the product.
 */
export function OptionsPicker({ groupId, onDone }: Props) {
  const group = useResource<OptionGroupView>(
    `/option-groups/${encodeURIComponent(groupId)}`,
    nextPoll,
  );
  const [chosen, setChosen] = useState<string[]>([]);
  const choose = useAction((ids: string[]) =>
    api.post<OptionGroupView>(`/option-groups/${encodeURIComponent(groupId)}/choose`, {
      generationIds: ids,
    }),
  );
  const options = group.data?.generations ?? [];
  const first = options[0];
  const waiting = options.filter((option) => option.state === 'in_review');
  const making = options.filter((option) => isInFlight(option.state)).length;
  const decided = options.length > 0 && waiting.length === 0 && making === 0;
  const published = options.some((option) => option.state === 'published');

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
        <div className={styles.grid}>
          {first?.sourceImageUrls[0] ? (
            <figure className={styles.option}>
              <img
                src={first.sourceImageUrls[0]}
                alt={`${first.product.title}: source image`}
                className={styles.media}
              />
              <Text as="span" tone="subdued">
                Your image
              </Text>
            </figure>
          ) : null}
          {options.map((option, index) => {
            const isChosen = chosen.includes(option.id);
            return (
              <figure
                key={option.id}
                className={`${styles.option} ${isChosen ? styles.chosen : ''}`}
              >
                <OptionMedia option={option} index={index} />
                <InlineStack align="space-between" blockAlign="center" gap="100">
                  <Text as="span" fontWeight="semibold">
                    Option {index + 1}
                  </Text>
                  <StateBadge state={option.state} />
                </InlineStack>
                {option.state === 'in_review' ? (
                  <Checkbox
                    label="Publish this one"
                    checked={isChosen}
                    onChange={(checked) =>
                      setChosen((ids) =>
                        checked ? [...ids, option.id] : ids.filter((id) => id !== option.id),
                      )
                    }
                  />
                ) : option.state === 'failed' && option.reason ? (
                  <Text as="p" tone="critical">
                    {option.reason}
                  </Text>
                ) : null}
              </figure>
            );
          })}
        </div>
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
