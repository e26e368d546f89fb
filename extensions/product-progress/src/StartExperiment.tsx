/**
 * "Start an experiment" on the product page block: the app home's start form (Activity's viewer)
 * in the block's own components, for the latest published photo and the other results of its
 * click: which of them to test (up to three), the share of visitors shown them, the goal, the
 * minimum and maximum durations, what the end does and where the losing images go. The durations
 * are checked here as the server checks them; a refusal (a campaign holds the featured image, an
 * experiment already runs…) is said in place, in the merchant's language by its code.
 *
 * Why a form in the block and not a link into the app: the block target offers the fields the
 * form needs (s-select, s-number-field, s-checkbox), and the admin lets a block run past its first
 * 300 px behind "Show more"; two fields a row keep the form within about that height.
 */
import { useState } from 'preact/hooks';
import type { ExperimentView, GenerationView } from '../../../src/app-api/contract.ts';
import {
  aiShares,
  armWeights,
  defaultAiShare,
  MAX_AI_ARMS,
} from '../../../src/app-api/experiment-arms.ts';
import { MAX_EXPERIMENT_DAYS } from '../../../src/app-api/experiment-limits.ts';
import { appApi } from '../../shared/app-api.ts';
import { appLinks } from '../../shared/app-links.ts';
import { errorMessage, fieldError } from '../../shared/errors.tsx';
import { t } from '../../shared/i18n.ts';

const GOALS = ['add_to_cart', 'orders', 'revenue'] as const;
const END_ACTIONS = ['keep_winner', 'ask'] as const;
const LOSERS = ['keep_in_product', 'remove_from_product'] as const;

function daysProblem(value: string): string | undefined {
  const days = Number(value);
  return Number.isInteger(days) && days >= 1 && days <= MAX_EXPERIMENT_DAYS
    ? undefined
    : t('block.experiment.daysRange', { max: MAX_EXPERIMENT_DAYS });
}

interface Props {
  productId: string;
  /** The results of one click the form offers, the one it was opened on (ticked) among them. */
  results: readonly GenerationView[];
  latestId: string;
  onClose: () => void;
}

export function StartExperiment({ productId, results, latestId, onClose }: Props) {
  const [chosen, setChosen] = useState<string[]>([latestId]);
  const tested = results.filter((result) => chosen.includes(result.id));
  const aiArms = Math.max(tested.length, 1);
  const [aiShare, setAiShare] = useState(defaultAiShare(1));
  const [goal, setGoal] = useState<(typeof GOALS)[number]>('add_to_cart');
  const [minDays, setMinDays] = useState('14');
  const [maxDays, setMaxDays] = useState('28');
  const [endAction, setEndAction] = useState<(typeof END_ACTIONS)[number]>('keep_winner');
  const [losers, setLosers] = useState<(typeof LOSERS)[number]>('keep_in_product');
  const [checked, setChecked] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [started, setStarted] = useState<ExperimentView | null>(null);

  const maxProblem = daysProblem(maxDays);
  const minProblem =
    daysProblem(minDays) ??
    (!maxProblem && Number(minDays) > Number(maxDays)
      ? t('block.experiment.minAboveMax')
      : undefined);

  if (started) {
    return (
      <s-stack direction="block" gap="base">
        <s-banner tone="success" heading={t('block.experiment.started')} />
        <s-stack direction="inline" gap="base" alignItems="center">
          <s-link href={appLinks.experiment(started.id)}>{t('block.experiment.open')}</s-link>
          <s-button onClick={onClose}>{t('block.experiment.done')}</s-button>
        </s-stack>
      </s-stack>
    );
  }

  const tick = (id: string, on: boolean) => {
    const next = results.map((r) => r.id).filter((r) => (r === id ? on : chosen.includes(r)));
    setChosen(next);
    // Each count of photos has its own splits: the even one again.
    setAiShare(defaultAiShare(Math.max(next.length, 1)));
  };

  const submit = async () => {
    setChecked(true);
    if (minProblem || maxProblem || sending) return;
    setSending(true);
    setError(null);
    try {
      setStarted(
        await appApi.startExperiment({
          productId,
          generationIds: tested.map((result) => result.id),
          weights: armWeights(aiShare, aiArms),
          goal,
          minDays: Number(minDays),
          maxDays: Number(maxDays),
          endAction,
          losers,
        }),
      );
    } catch (caught) {
      setError(caught);
    } finally {
      setSending(false);
    }
  };

  const full = chosen.length >= MAX_AI_ARMS;
  return (
    <s-stack direction="block" gap="base">
      <s-text type="strong">
        {aiArms > 1
          ? t('block.experiment.titleMany', { number: aiArms })
          : t('block.experiment.title')}
      </s-text>
      {error !== null && (
        <s-banner tone="critical" heading={t('block.experiment.notStarted')}>
          {errorMessage(error)}
        </s-banner>
      )}
      {results.length > 1 && (
        <s-stack direction="block" gap="small-200">
          <s-paragraph color="subdued">
            {t('block.experiment.results', { max: MAX_AI_ARMS })}
          </s-paragraph>
          <s-stack direction="inline" gap="base">
            {results.map((result, index) => {
              const ticked = chosen.includes(result.id);
              const image = result.result?.mediaType === 'image' ? result.result.previewUrl : null;
              return (
                <s-stack key={result.id} direction="inline" gap="small-200" alignItems="center">
                  {image !== null && (
                    <s-thumbnail
                      src={image}
                      alt={t('block.experiment.optionAlt', { number: index + 1 })}
                      size="small"
                    />
                  )}
                  <s-checkbox
                    name={`result-${result.id}`}
                    label={t('block.experiment.testOption', { number: index + 1 })}
                    checked={ticked}
                    disabled={ticked ? chosen.length === 1 : full}
                    onChange={(event) => tick(result.id, event.currentTarget.checked)}
                  />
                </s-stack>
              );
            })}
          </s-stack>
          {fieldError(error, 'generationIds') !== undefined && (
            <s-text tone="critical">{fieldError(error, 'generationIds')}</s-text>
          )}
        </s-stack>
      )}
      <s-grid gridTemplateColumns="1fr 1fr" gap="base">
        <s-select
          label={t('block.experiment.split')}
          name="split"
          value={String(aiShare)}
          onChange={(event) => setAiShare(Number(event.currentTarget.value))}
        >
          {aiShares(aiArms).map((share) => (
            <s-option key={share} value={String(share)}>
              {aiArms > 1
                ? t('block.experiment.splitOptionMany', {
                    each: share / aiArms,
                    original: 100 - share,
                  })
                : t('block.experiment.splitOption', { ai: share, original: 100 - share })}
            </s-option>
          ))}
        </s-select>
        <ChoiceSelect
          name="goal"
          label={t('block.experiment.goal')}
          choices={GOALS}
          value={goal}
          text={(value) => t(`block.experiment.goals.${value}`)}
          onChange={setGoal}
        />
        <s-number-field
          label={t('block.experiment.minDays')}
          name="minDays"
          value={minDays}
          min={1}
          max={MAX_EXPERIMENT_DAYS}
          step={1}
          inputMode="numeric"
          error={(checked ? minProblem : undefined) ?? fieldError(error, 'minDays')}
          onInput={(event) => setMinDays(event.currentTarget.value)}
        />
        <s-number-field
          label={t('block.experiment.maxDays')}
          name="maxDays"
          value={maxDays}
          min={1}
          max={MAX_EXPERIMENT_DAYS}
          step={1}
          inputMode="numeric"
          error={(checked ? maxProblem : undefined) ?? fieldError(error, 'maxDays')}
          onInput={(event) => setMaxDays(event.currentTarget.value)}
        />
        <ChoiceSelect
          name="endAction"
          label={t('block.experiment.endAction')}
          choices={END_ACTIONS}
          value={endAction}
          text={(value) => t(`block.experiment.endActions.${value}`)}
          onChange={setEndAction}
        />
        <ChoiceSelect
          name="losers"
          label={t('block.experiment.losers')}
          choices={LOSERS}
          value={losers}
          text={(value) => t(`block.experiment.losersChoices.${value}`)}
          onChange={setLosers}
        />
      </s-grid>
      <s-stack direction="inline" gap="base">
        <s-button variant="primary" loading={sending} onClick={() => void submit()}>
          {t('block.experiment.submit')}
        </s-button>
        <s-button onClick={onClose}>{t('block.experiment.cancel')}</s-button>
      </s-stack>
    </s-stack>
  );
}

/** A select of fixed choices, each written by `text`, its value one of `choices`. */
function ChoiceSelect<T extends string>(props: {
  name: string;
  label: string;
  choices: readonly T[];
  value: T;
  text: (value: T) => string;
  onChange: (value: T) => void;
}) {
  return (
    <s-select
      label={props.label}
      name={props.name}
      value={props.value}
      onChange={(event) => props.onChange(event.currentTarget.value as T)}
    >
      {props.choices.map((value) => (
        <s-option key={value} value={value}>
          {props.text(value)}
        </s-option>
      ))}
    </s-select>
  );
}
