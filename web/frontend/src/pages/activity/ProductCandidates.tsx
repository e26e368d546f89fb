import { Banner, BlockStack, Button, Text } from '@shopify/polaris';
import { ErrorBanner } from '../../components/ErrorBanner.tsx';
import { CandidatesGrid } from '../../components/candidates/CandidatesGrid.tsx';
import { useCandidateGroup } from '../../components/candidates/useCandidateGroup.ts';
import type { GenerationView } from '../../shared/contract.ts';
import { t } from '../../i18n/index.ts';

interface Props {
  groupId: string;
  /** The choice was made: every candidate's new state. */
  onChosen: (candidates: GenerationView[]) => void;
}

/**
 * One product's candidates in the review viewer (a bulk run asked for several per product), side
 * by side: "Choose this one" publishes it and discards the product's other candidates.
 */
export function ProductCandidates({ groupId, onChosen }: Props) {
  const { group, choose, candidates, making, decided, published } = useCandidateGroup(groupId);

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
      <CandidatesGrid
        candidates={candidates}
        isChosen={(candidate) => candidate.state === 'published' || candidate.state === 'saving'}
        control={(candidate, index) =>
          candidate.state === 'in_review' ? (
            <Button
              variant="primary"
              disabled={making > 0}
              loading={choose.pending}
              accessibilityLabel={t('activity.options.chooseLabel', { number: index + 1 })}
              onClick={() => void pick(candidate.id)}
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
