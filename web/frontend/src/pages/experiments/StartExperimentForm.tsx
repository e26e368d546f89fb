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
import { MAX_EXPERIMENT_DAYS } from '../../shared/experiment-limits.ts';
import { StartRefusedBanner } from './StartRefusedBanner.tsx';
import { useStartExperiment, type StartOptions } from './useStartExperiment.ts';

interface Props {
  /** The published AI photo to test against the product's original. */
  generation: GenerationView;
  onCancel: () => void;
}

const SHARES = [10, 20, 30, 40, 50, 60, 70, 80, 90];
const GOALS = ['add_to_cart', 'orders', 'revenue'] as const;

function daysProblem(value: string): string | undefined {
  const days = Number(value);
  return Number.isInteger(days) && days >= 1 && days <= MAX_EXPERIMENT_DAYS
    ? undefined
    : t('experiments.form.daysRange', { max: MAX_EXPERIMENT_DAYS });
}

/**
 * The experiment's options before it starts (Activity's viewer, "Test against the original"),
 * the server's defaults filled in: the share of visitors shown the AI photo, the goal, the
 * minimum and maximum durations, what the end does, and where the losing image goes. Checked
 * here as the server checks them (its zod schema); a refusal says why, in place.
 */
export function StartExperimentForm({ generation, onCancel }: Props) {
  const experiment = useStartExperiment();
  const [aiShare, setAiShare] = useState(50);
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
  const submit = () => {
    setChecked(true);
    if (minProblem || maxProblem) return;
    void experiment.start(generation, {
      weights: [100 - aiShare, aiShare],
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
        {t('experiments.form.title')}
      </Text>
      {experiment.error ? (
        <StartRefusedBanner error={experiment.error} onDismiss={experiment.clearError} />
      ) : null}
      <Select
        label={t('experiments.form.split')}
        options={SHARES.map((share) => ({
          value: String(share),
          label: t('experiments.form.splitOption', { ai: share, original: 100 - share }),
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
