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
import { formatCredits, formatNumber } from '../../lib/format.ts';
import { reviewSentence } from '../../lib/review-mode.ts';
import { acceptedOptions } from '../../shared/models.ts';
import { PROMPT_MAX_LENGTH } from '../../shared/prompt-limits.ts';
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
  onStarted: (run: BulkRunView) => void;
}

export function NewBulkRunCard({ settings, onStarted }: Props) {
  const [chosen, setChosen] = useState<ChosenTarget | null>(null);
  const [draft, setDraft] = useState<Draft>(() => initialDraft(settings.defaults));
  const [imagesText, setImagesText] = useState('1');
  const [budgetText, setBudgetText] = useState('');
  const [includeDone, setIncludeDone] = useState(false);
  const [options, setOptions] = useState(1);
  const confirm = useConfirm();
  const start = useAction((request: CreateBulkRunRequest) =>
    api.post<BulkRunView>('/bulk-runs', request),
  );

  const limits = acceptedOptions(draft.kind, draft.params.model).images;
  const imagesPerProduct = Math.min(Math.max(Number(imagesText) || 0, limits.min), limits.max);
  const accepted = acceptedOptions(draft.kind, draft.params.model);
  const prompt = draft.params.prompt ?? '';
  const reasons = [
    ...(settings.apiKey.state === 'valid' ? [] : ['Add a valid ProductAI API key in Settings.']),
    ...(chosen ? [] : ['Choose a collection or products.']),
    ...(accepted.usesPrompt && !prompt.trim() ? ['Write a prompt or choose a preset.'] : []),
    ...(accepted.usesPrompt && prompt.length > PROMPT_MAX_LENGTH
      ? [`Shorten the prompt to ${formatNumber(PROMPT_MAX_LENGTH)} characters.`]
      : []),
  ];
  const request: CreateBulkRunRequest | null = chosen
    ? {
        target: chosen.target,
        kind: draft.kind,
        ...draft.params,
        imagesPerProduct,
        includeDone,
        options,
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
    ...(estimate.data?.problems ?? []),
    ...(budget.error ? ['Fix the credit budget.'] : []),
  ];
  const startBlocker =
    problems[0] ?? (estimate.pending || !estimate.data ? 'Waiting for the estimate.' : undefined);

  // Starting spends credits: the confirmation says on what, and where the results go.
  const askToStart = () => {
    const planned = estimate.data;
    if (!planned) return;
    const products = planned.toProcess;
    const credits =
      budget.credits === undefined
        ? formatCredits(planned.estimatedCredits)
        : `at most ${formatCredits(Math.min(budget.credits, planned.estimatedCredits))}`;
    confirm.ask({
      title: `Start a bulk run on ${formatNumber(products)} ${products === 1 ? 'product' : 'products'}?`,
      consequences: [
        `${formatNumber(products)} ${products === 1 ? 'product is' : 'products are'} sent to ProductAI, for ${credits}.`,
        reviewSentence(settings.reviewMode, options),
      ],
      confirm: 'Start bulk run',
      destructive: false,
      run: () => void onStart(),
    });
  };

  const onStart = async () => {
    if (!request || budget.error) return;
    const run = await start.run({ ...request, creditBudget: budget.credits });
    if (run) {
      shopify.toast.show('Bulk run started');
      setChosen(null);
      onStarted(run);
    }
  };

  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingMd">
          New bulk run
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
            label="Images per product"
            type="number"
            min={limits.min}
            max={limits.max}
            value={imagesText}
            onChange={setImagesText}
            autoComplete="off"
            helpText={`The first ${imagesPerProduct} of each product's images are sent (this model takes up to ${limits.max}).`}
          />
        ) : null}
        <ResultsSelect
          label="Results per product"
          value={options}
          onChange={setOptions}
          helpText={
            options > 1
              ? `${options} requests per product, each charged: each product's results wait for you in Activity, publish one and the others are discarded.`
              : 'Ask for up to 4 per product to choose from in Activity.'
          }
        />
        <Checkbox
          label="Make products already done again"
          checked={includeDone}
          onChange={setIncludeDone}
          helpText="Off: products that already have a result from this app with the same options are skipped, so nothing is added twice."
        />
        <TextField
          label="Credit budget (optional)"
          type="number"
          min={perProduct ?? 1}
          step={1}
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
        <ActionErrorBanner title="The bulk run was not started" action={start} />
      </BlockStack>
    </Card>
  );
}
