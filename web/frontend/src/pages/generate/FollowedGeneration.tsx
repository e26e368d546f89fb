import { memo } from 'react';
import { BlockStack, Button, Card, SkeletonBodyText, SkeletonDisplayText } from '@shopify/polaris';
import { useResource } from '../../api/useResource.ts';
import { ErrorBanner } from '../../components/ErrorBanner.tsx';
import type { GenerationView } from '../../shared/contract.ts';
import { GenerationProgress } from './GenerationProgress.tsx';
import { CandidatesPicker } from './CandidatesPicker.tsx';
import { t } from '../../i18n/index.ts';

interface Props {
  /** The generation named in the page's URL. */
  id: string;
  /** Its view when this page just created it (no need to load it first). */
  created: GenerationView | null;
  onDone: () => void;
  onReplaced: (view: GenerationView) => void;
}

/**
 * The progress card of the generation the page follows. After a reload (or coming back to the
 * page) only its id is known: a skeleton of the card stands in until it has loaded.
 */
export const FollowedGeneration = memo(function FollowedGeneration({
  id,
  created,
  onDone,
  onReplaced,
}: Props) {
  const loaded = useResource<GenerationView>(
    created ? null : `/generations/${encodeURIComponent(id)}`,
  );
  const initial = created ?? loaded.data;
  // Several options of one request are followed together, side by side.
  if (initial?.optionGroup)
    return <CandidatesPicker groupId={initial.optionGroup} onDone={onDone} />;
  if (initial)
    return <GenerationProgress initial={initial} onDone={onDone} onReplaced={onReplaced} />;
  return (
    <Card>
      {loaded.error ? (
        <BlockStack gap="300">
          <ErrorBanner title={t('generate.notShown')} error={loaded.error} />
          <Button onClick={onDone}>{t('common.close')}</Button>
        </BlockStack>
      ) : (
        <BlockStack gap="400">
          <SkeletonDisplayText size="small" />
          <SkeletonBodyText lines={3} />
        </BlockStack>
      )}
    </Card>
  );
});
