import { BlockStack, Card, Checkbox, Divider, Text, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { api } from '../../api/client.ts';
import { useAction } from '../../api/useAction.ts';
import { useDebouncedPost } from '../../api/useDebouncedPost.ts';
import { ActionErrorBanner } from '../../components/ActionErrorBanner.tsx';
import { useConfirm } from '../../components/ConfirmModal.tsx';
import { ProblemList } from '../../components/ProblemList.tsx';
import { ResultsSelect } from '../../components/ResultsSelect.tsx';
import { initialDraft, type Draft } from '../../components/generation-options/draft.ts';
import { WithoutShopStyle } from '../../components/generation-options/WithoutShopStyle.tsx';
import { t } from '../../i18n/index.ts';
import { problemTexts } from '../../i18n/coded-text.ts';
import { formatCredits } from '../../lib/format.ts';
import { reviewSentence } from '../../lib/review-mode.ts';
import { acceptedOptions } from '../../shared/models.ts';
import { PROMPT_MAX_LENGTH } from '../../shared/prompt-limits.ts';
import { formatDuration, queueSentence } from '../../lib/schedule.ts';
import { budgetHelp, parseBudget } from './budget.ts';
import type {
  BulkEstimate,
  BulkRunView,
  CreateBulkRunRequest,
  SettingsView,
} from '../../shared/contract.ts';
import { EstimateSummary } from './EstimateSummary.tsx';
import { StartRow } from './StartRow.tsx';
import { TargetAndOptions } from './TargetAndOptions.tsx';
import type { ChosenTarget } from './TargetPicker.tsx';

interface Props {
  settings: SettingsView;
  /** The merchant confirmed: the run is being started (true) or its answer came (false). */
  onStarting: (starting: boolean) => void;
  onStarted: (run: BulkRunView) => void;
}

export function NewBulkRunCard({ settings, onStarting, onStarted }: Props) {
  const [chosen, setChosen] = useState<ChosenTarget | null>(null);
  const [draft, setDraft] = useState<Draft>(() => initialDraft(settings.defaults));
  const [imagesText, setImagesText] = useState('1');
  const [budgetText, setBudgetText] = useState('');
  const [includeDone, setIncludeDone] = useState(false);
  const [askedCandidates, setCandidates] = useState(1);
  const [eachVariant, setEachVariant] = useState(false);
  // Sent as written, without the shop style (this run only).
  const [withoutStyle, setWithoutStyle] = useState(false);
  const confirm = useConfirm();
  const start = useAction((request: CreateBulkRunRequest) =>
    api.post<BulkRunView>('/bulk-runs', request),
  );

  const limits = acceptedOptions(draft.kind, draft.params.model).images;
  const imagesPerProduct = Math.min(Math.max(Number(imagesText) || 0, limits.min), limits.max);
  const accepted = acceptedOptions(draft.kind, draft.params.model);
  // One per colour is offered for photos (a variant shows an image), one result per colour.
  const perColour = eachVariant && draft.kind === 'photo';
  // An upscale has one result per product (no choice offered): what was asked for stays.
  const options = accepted.resultsToChoose && !perColour ? askedCandidates : 1;
  const prompt = draft.params.prompt ?? '';
  const reasons = [
    ...(settings.apiKey.state === 'valid' ? [] : [t('generate.blockers.key')]),
    ...(chosen ? [] : [t('bulk.blockers.target')]),
    ...(accepted.usesPrompt && !prompt.trim() ? [t('generate.blockers.prompt')] : []),
    ...(accepted.usesPrompt && prompt.length > PROMPT_MAX_LENGTH
      ? [t('generate.blockers.promptLength', { max: PROMPT_MAX_LENGTH })]
      : []),
  ];
  const request: CreateBulkRunRequest | null = chosen
    ? {
        target: chosen.target,
        kind: draft.kind,
        ...draft.params,
        ...(withoutStyle ? { style: 'none' as const } : {}),
        imagesPerProduct,
        includeDone,
        options,
        ...(perColour ? { eachVariant: {} } : {}),
      }
    : null;
  // The budget's floor is one product's cost, which the estimate says (whatever the budget).
  const [perProduct, setPerProduct] = useState<number | undefined>(undefined);
  const budget = parseBudget(budgetText, perProduct);
  // The estimate is made with the budget: what it makes, skips and costs is what the run will.
  const estimate = useDebouncedPost<BulkEstimate>(
    '/bulk-runs/estimate',
    reasons.length === 0 && request && !budget.error
      ? { ...request, creditBudget: budget.credits }
      : null,
  );
  const creditsPerProduct = estimate.data?.creditsPerProduct;
  if (creditsPerProduct !== undefined && creditsPerProduct !== perProduct) {
    setPerProduct(creditsPerProduct);
  }
  const problems = [
    ...reasons,
    ...(estimate.data ? problemTexts(estimate.data) : []),
    ...(budget.error ? [t('bulk.blockers.budget')] : []),
  ];
  const startBlocker =
    problems[0] ?? (estimate.pending || !estimate.data ? t('bulk.waitingEstimate') : undefined);

  // Starting spends credits: the confirmation says on what, where the results go and when it is
  // done. Every figure is the estimate's, asked with this very budget and these options (the
  // start waits while a newer one is on its way), so none lags behind another.
  const askToStart = () => {
    const planned = estimate.data;
    if (!planned) return;
    const products = planned.toProcess;
    const credits =
      budget.credits === undefined
        ? formatCredits(planned.estimatedCredits)
        : t('bulk.atMost', {
            credits: formatCredits(Math.min(budget.credits, planned.estimatedCredits)),
          });
    confirm.ask({
      title: t('bulk.startTitle', { count: products }),
      consequences: [
        t('bulk.startSent', { count: products, credits }),
        ...(planned.schedule
          ? [
              t('bulk.estimate.doneIn', {
                duration: formatDuration(planned.schedule.finishInMs),
                queue: queueSentence(planned.schedule),
              }),
            ]
          : []),
        reviewSentence(settings.reviewMode, options),
      ],
      confirm: t('bulk.start'),
      destructive: false,
      run: () => void onStart(),
    });
  };

  const onStart = async () => {
    if (!request || budget.error) return;
    onStarting(true);
    const run = await start.run({ ...request, creditBudget: budget.credits });
    onStarting(false);
    if (run) {
      shopify.toast.show(t('bulk.started'));
      setChosen(null);
      onStarted(run);
    }
  };

  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingMd">
          {t('bulk.new')}
        </Text>
        <TargetAndOptions
          chosen={chosen}
          onChoose={setChosen}
          draft={draft}
          onDraft={setDraft}
          settings={settings}
        />
        {limits.max > 1 ? (
          <TextField
            label={t('bulk.imagesPerProduct')}
            type="number"
            min={limits.min}
            max={limits.max}
            value={imagesText}
            onChange={setImagesText}
            autoComplete="off"
            helpText={t('bulk.imagesHelp', { count: imagesPerProduct, max: limits.max })}
          />
        ) : null}
        {draft.kind === 'photo' ? (
          <Checkbox
            label={t('bulk.eachVariant')}
            checked={eachVariant}
            onChange={setEachVariant}
            helpText={t('bulk.eachVariantHelp')}
          />
        ) : null}
        <WithoutShopStyle
          style={settings.style}
          kind={draft.kind}
          checked={withoutStyle}
          onChange={setWithoutStyle}
        />
        {accepted.resultsToChoose && !perColour ? (
          <ResultsSelect
            label={t('rules.resultsPerProduct')}
            value={options}
            onChange={setCandidates}
            helpText={
              options > 1 ? t('bulk.resultsHelpMany', { count: options }) : t('bulk.resultsHelp')
            }
          />
        ) : null}
        <Checkbox
          label={t('bulk.includeDone')}
          checked={includeDone}
          onChange={setIncludeDone}
          helpText={t('bulk.includeDoneHelp')}
        />
        {/* A text field: a number field drops "abc" before parseBudget could say why it refuses it. */}
        <TextField
          label={t('bulk.budget')}
          type="text"
          inputMode="numeric"
          value={budgetText}
          onChange={setBudgetText}
          autoComplete="off"
          error={budget.error}
          helpText={budgetHelp(perProduct)}
        />
        <Divider />
        <EstimateSummary estimate={estimate} budget={budget.credits} />
        {/* A lone problem is already beside the start button. */}
        <ProblemList problems={problems.length > 1 ? problems : []} />
        <StartRow blocker={startBlocker} pending={start.pending} onStart={askToStart} />
        {confirm.modal}
        <ActionErrorBanner title={t('bulk.notStarted')} action={start} />
      </BlockStack>
    </Card>
  );
}
