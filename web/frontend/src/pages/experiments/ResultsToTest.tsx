import { BlockStack, Checkbox, Text } from '@shopify/polaris';
import { CandidatesGrid } from '../../components/candidates/CandidatesGrid.tsx';
import { useCandidateGroup } from '../../components/candidates/useCandidateGroup.ts';
import { t } from '../../i18n/index.ts';
import type { GenerationView } from '../../shared/contract.ts';
import { MAX_AI_ARMS, resultsOfOneClick } from '../../shared/experiment-arms.ts';

/**
 * The published results of the photo's click (its request's options), read when it made several:
 * what the start form offers as arms beside the photo it was opened for.
 */
export function useResultsOfOneClick(generation: GenerationView): GenerationView[] {
  const { candidates } = useCandidateGroup(generation.optionGroup);
  return resultsOfOneClick(generation, candidates);
}

interface Props {
  results: readonly GenerationView[];
  chosen: readonly string[];
  onChange: (chosen: string[]) => void;
}

/**
 * The results of one click side by side, each with a tick: the AI photos the original is tested
 * against, up to MAX_AI_ARMS (the others can be ticked once one is cleared), at least one.
 */
export function ResultsToTest({ results, chosen, onChange }: Props) {
  const full = chosen.length >= MAX_AI_ARMS;
  return (
    <BlockStack gap="200">
      <Text as="p">{t('experiments.form.results', { max: MAX_AI_ARMS })}</Text>
      <CandidatesGrid
        candidates={results}
        isChosen={(candidate) => chosen.includes(candidate.id)}
        control={(candidate, index) => {
          const ticked = chosen.includes(candidate.id);
          return (
            <Checkbox
              label={t('experiments.form.testOption', { number: index + 1 })}
              checked={ticked}
              disabled={ticked ? chosen.length === 1 : full}
              onChange={(checked) =>
                onChange(
                  results
                    .map((result) => result.id)
                    .filter((id) => (id === candidate.id ? checked : chosen.includes(id))),
                )
              }
            />
          );
        }}
      />
    </BlockStack>
  );
}
