import {
  Button,
  ChoiceList,
  FormLayout,
  InlineStack,
  Select,
  Text,
  TextField,
} from '@shopify/polaris';
import { useState } from 'react';
import { t } from '../../i18n/index.ts';
import type { GenerationView } from '../../shared/contract.ts';
import { aiShares, armWeights, defaultAiShare } from '../../shared/experiment-arms.ts';
import { MAX_EXPERIMENT_DAYS } from '../../shared/experiment-limits.ts';
import { ResultsToTest, useResultsOfOneClick } from './ResultsToTest.tsx';
import { StartRefusedBanner } from './StartRefusedBanner.tsx';
import { useStartExperiment, type StartOptions } from './useStartExperiment.ts';

interface Props {
  /** The published AI photo to test against the product's original (others of its click too). */
  generation: GenerationView;
  onCancel: () => void;
}

const GOALS = ['add_to_cart', 'orders', 'revenue'] as const;

function daysProblem(value: string): string | undefined {
  const days = Number(value);
  return Number.isInteger(days) && days >= 1 && days <= MAX_EXPERIMENT_DAYS
    ? undefined
    : t('experiments.form.daysRange', { max: MAX_EXPERIMENT_DAYS });
}

/**
 * The experiment's options before it starts (Activity's viewer, "Test against the original"),
 * the server's defaults filled in: the AI photos tested (the one it was opened for, and up to
 * three results of its click when it made several), the share of visitors shown them, the goal,
 * the minimum and maximum durations, what the end does, and where the losing image goes. Checked
 * here as the server checks them (its zod schema); a refusal says why, in place.
 */
export function StartExperimentForm({ generation, onCancel }: Props) {
  const experiment = useStartExperiment();
  const results = useResultsOfOneClick(generation);
  const [chosen, setChosen] = useState<string[]>([generation.id]);
  const tested = results.filter((result) => chosen.includes(result.id));
  const aiArms = Math.max(tested.length, 1);
  const [aiShare, setAiShare] = useState(defaultAiShare(1));
  const [goal, setGoal] = useState<StartOptions['goal']>('add_to_cart');
  const [minDays, setMinDays] = useState('14');
  const [maxDays, setMaxDays] = useState('28');
  const [endAction, setEndAction] = useState<StartOptions['endAction']>('keep_winner');
  const [losers, setLosers] = useState<NonNullable<StartOptions['losers']>>('keep_in_product');
  const [checked, setChecked] = useState(false);
  const maxProblem = daysProblem(maxDays);
  const minProblem =
    daysProblem(minDays) ??
    (!maxProblem && Number(minDays) > Number(maxDays)
      ? t('experiments.form.minAboveMax')
      : undefined);
  const choose = (ids: string[]) => {
    setChosen(ids);
    // Each count of photos has its own splits: the even one again.
    setAiShare(defaultAiShare(Math.max(ids.length, 1)));
  };
  const submit = () => {
    setChecked(true);
    if (minProblem || maxProblem) return;
    void experiment.start(tested.length > 0 ? tested : [generation], {
      weights: armWeights(aiShare, aiArms),
      goal,
      minDays: Number(minDays),
      maxDays: Number(maxDays),
      endAction,
      losers,
    });
  };
  return (
    <FormLayout>
      <Text as="h3" variant="headingSm">
        {aiArms > 1
          ? t('experiments.form.titleMany', { number: aiArms })
          : t('experiments.form.title')}
      </Text>
      {experiment.error ? (
        <StartRefusedBanner error={experiment.error} onDismiss={experiment.clearError} />
      ) : null}
      {results.length > 1 ? (
        <ResultsToTest results={results} chosen={chosen} onChange={choose} />
      ) : null}
      <Select
        label={t('experiments.form.split')}
        options={aiShares(aiArms).map((share) => ({
          value: String(share),
          label:
            aiArms > 1
              ? t('experiments.form.splitOptionMany', {
                  each: share / aiArms,
                  original: 100 - share,
                })
              : t('experiments.form.splitOption', { ai: share, original: 100 - share }),
        }))}
        value={String(aiShare)}
        onChange={(value) => setAiShare(Number(value))}
      />
      <Select
        label={t('experiments.form.goal')}
        options={GOALS.map((value) => ({ value, label: t(`experiments.form.goals.${value}`) }))}
        value={goal}
        onChange={(value) => setGoal(value as StartOptions['goal'])}
      />
      <FormLayout.Group>
        <TextField
          label={t('experiments.form.minDays')}
          type="number"
          min={1}
          max={MAX_EXPERIMENT_DAYS}
          value={minDays}
          onChange={setMinDays}
          autoComplete="off"
          helpText={t('experiments.form.minDaysHelp')}
          error={checked ? minProblem : undefined}
        />
        <TextField
          label={t('experiments.form.maxDays')}
          type="number"
          min={1}
          max={MAX_EXPERIMENT_DAYS}
          value={maxDays}
          onChange={setMaxDays}
          autoComplete="off"
          helpText={t('experiments.form.maxDaysHelp')}
          error={checked ? maxProblem : undefined}
        />
      </FormLayout.Group>
      <ChoiceList
        title={t('experiments.form.endAction')}
        choices={(['keep_winner', 'ask'] as const).map((value) => ({
          value,
          label: t(`experiments.form.endActions.${value}`),
        }))}
        selected={[endAction]}
        onChange={([value]) => setEndAction(value as StartOptions['endAction'])}
      />
      <ChoiceList
        title={t('experiments.form.losers')}
        choices={(['keep_in_product', 'remove_from_product'] as const).map((value) => ({
          value,
          label: t(`experiments.form.losersChoices.${value}`),
        }))}
        selected={[losers]}
        onChange={([value]) => setLosers(value as typeof losers)}
      />
      <InlineStack align="end" gap="200">
        <Button onClick={onCancel}>{t('experiments.form.cancel')}</Button>
        <Button variant="primary" loading={experiment.pending} onClick={submit}>
          {t('experiments.form.start')}
        </Button>
      </InlineStack>
    </FormLayout>
  );
}
