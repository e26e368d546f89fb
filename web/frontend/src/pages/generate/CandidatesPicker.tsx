import {
  Banner,
  BlockStack,
  Button,
  Card,
  InlineStack,
  Link,
  RadioButton,
  Text,
} from '@shopify/polaris';
import { useId, useState } from 'react';
import { ErrorBanner } from '../../components/ErrorBanner.tsx';
import { CandidatesGrid } from '../../components/candidates/CandidatesGrid.tsx';
import { useCandidateGroup } from '../../components/candidates/useCandidateGroup.ts';
import { adminProductUrl } from '../../lib/format.ts';
import { t } from '../../i18n/index.ts';

interface Props {
  groupId: string;
  onDone: () => void;
}

/**
 * The candidates of one request, side by side as they arrive: the merchant chooses the one to
 * publish (radio buttons: one choice, as the product gets one result); the others are discarded
 * without touching the product.
 */
export function CandidatesPicker({ groupId, onDone }: Props) {
  const { group, choose, candidates, waiting, making, decided, published } =
    useCandidateGroup(groupId);
  const [chosen, setChosen] = useState<string | null>(null);
  const radioName = useId();
  const first = candidates[0];

  const publish = async () => {
    if (!chosen) return;
    const answer = await choose.run([chosen]);
    if (answer) {
      group.reload(); // the chosen one is being published: follow it live again
      shopify.toast.show(t('generate.options.publishing'));
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
              {t('generate.options.making', { making, count: candidates.length })}
            </Text>
          ) : null}
        </InlineStack>
        {group.error ? (
          <ErrorBanner title={t('generate.progressStale')} error={group.error} />
        ) : null}
        <CandidatesGrid
          candidates={candidates}
          choiceLabel={t('generate.options.whichOne')}
          isChosen={(candidate) => chosen === candidate.id}
          control={(candidate, index) =>
            candidate.state === 'in_review' ? (
              <RadioButton
                label={t('generate.options.chooseOption', { number: index + 1 })}
                name={radioName}
                id={`${radioName}-${candidate.id}`}
                checked={chosen === candidate.id}
                onChange={() => setChosen(candidate.id)}
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
              disabled={chosen === null || making > 0}
              loading={choose.pending}
              onClick={publish}
            >
              {t('generate.options.publish')}
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
