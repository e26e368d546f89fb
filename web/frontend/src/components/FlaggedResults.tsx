import { Text } from '@shopify/polaris';
import type { ReactNode } from 'react';
import { t } from '../i18n/index.ts';
import type { GenerationView } from '../shared/contract.ts';
import { fidelityLabel, fidelityReasons, isFlagged } from './Fidelity.tsx';

/**
 * Approving several results at once publishes the ones the product check flagged (changed, check
 * it) as they are: the confirmation names them, each by its product with the check's reason,
 * before it runs, and the request then says so (`approveFlagged`: the server refuses a batch
 * with flagged results it does not confirm). Approving only unflagged results asks nothing more.
 */

/** Named one by one up to this many; the rest counted (a modal is not a list of a whole run). */
const NAMED_AT_MOST = 10;

export function flaggedAmong(generations: readonly GenerationView[]): GenerationView[] {
  return generations.filter((generation) => isFlagged(generation.fidelity));
}

/**
 * The confirmation's paragraphs about them: how many, then each named ("Mug (Changed): the
 * white part has another colour"). `total`: how many there are when only some were loaded.
 */
export function flaggedConsequences(
  flagged: readonly GenerationView[],
  total = flagged.length,
): ReactNode[] {
  if (total === 0) return [];
  const named = flagged.slice(0, NAMED_AT_MOST);
  const more = total - named.length;
  return [
    t('fidelity.flaggedIntro', { count: total }),
    ...named.map((generation) => <FlaggedResult key={generation.id} generation={generation} />),
    ...(more > 0 ? [t('fidelity.flaggedMore', { count: more })] : []),
  ];
}

function FlaggedResult({ generation }: { generation: GenerationView }) {
  const fidelity = generation.fidelity!;
  const reasons = fidelityReasons(fidelity).join(' · ');
  return (
    <>
      <Text as="span" fontWeight="semibold">
        {generation.product.title}
      </Text>{' '}
      ({fidelityLabel(fidelity.verdict)}){reasons ? `: ${reasons}` : ''}
    </>
  );
}
