import { BlockStack, Button, Card, Divider, List, Text, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { api } from '../../api/client.ts';
import { useAction } from '../../api/useAction.ts';
import { useDebouncedPost } from '../../api/useDebouncedPost.ts';
import { ErrorBanner } from '../../components/ErrorBanner.tsx';
import { GenerationOptions } from '../../components/generation-options/GenerationOptions.tsx';
import { initialDraft, type Draft } from '../../components/generation-options/draft.ts';
import { acceptedOptions } from '../../lib/models.ts';
import type {
  BulkEstimate,
  BulkRunView,
  CreateBulkRunRequest,
  SettingsView,
} from '../../shared/contract.ts';
import { EstimateSummary } from './EstimateSummary.tsx';
import { TargetPicker, type ChosenTarget } from './TargetPicker.tsx';

interface Props {
  settings: SettingsView;
  onStarted: (run: BulkRunView) => void;
}

function parseBudget(text: string): number | undefined {
  const value = Number(text);
  return text.trim() !== '' && Number.isInteger(value) && value > 0 ? value : undefined;
}

export function NewBulkRunCard({ settings, onStarted }: Props) {
  const [chosen, setChosen] = useState<ChosenTarget | null>(null);
  const [draft, setDraft] = useState<Draft>(() => initialDraft(settings.defaults));
  const [imagesText, setImagesText] = useState('1');
  const [budgetText, setBudgetText] = useState('');
  const start = useAction((request: CreateBulkRunRequest) =>
    api.post<BulkRunView>('/bulk-runs', request),
  );

  const limits = acceptedOptions(draft.kind, draft.params.model).images;
  const imagesPerProduct = Math.min(Math.max(Number(imagesText) || 0, limits.min), limits.max);
  const creditBudget = parseBudget(budgetText);
  const budgetError =
    budgetText.trim() !== '' && creditBudget === undefined
      ? 'Enter a whole number of credits, or leave it empty for no budget.'
      : undefined;
  const reasons = [
    ...(settings.apiKey.state === 'valid' ? [] : ['Add a valid ProductAI API key in Settings.']),
    ...(chosen ? [] : ['Choose a collection or products.']),
    ...(acceptedOptions(draft.kind, draft.params.model).usesPrompt && !draft.params.prompt?.trim()
      ? ['Write a prompt or choose a preset.']
      : []),
    ...(budgetError ? [budgetError] : []),
  ];
  const request: CreateBulkRunRequest | null = chosen
    ? { target: chosen.target, kind: draft.kind, ...draft.params, imagesPerProduct, creditBudget }
    : null;
  // The estimate is the run without its budget: the budget only caps what the run may spend.
  const estimateBody = request ? { ...request, creditBudget: undefined } : null;
  const estimate = useDebouncedPost<BulkEstimate>(
    '/bulk-runs/estimate',
    reasons.length === 0 ? estimateBody : null,
  );
  const problems = [...reasons, ...(estimate.data?.problems ?? [])];

  const onStart = async () => {
    if (!request) return;
    const run = await start.run(request);
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
        <TargetPicker chosen={chosen} onChange={setChosen} />
        <Divider />
        <GenerationOptions
          draft={draft}
          onChange={setDraft}
          defaults={settings.defaults}
          presets={settings.presets}
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
        <TextField
          label="Credit budget (optional)"
          type="number"
          min={1}
          value={budgetText}
          onChange={setBudgetText}
          autoComplete="off"
          error={budgetError}
          helpText="The run never spends more. Products beyond it are skipped, never charged."
        />
        <Divider />
        <EstimateSummary estimate={estimate} budget={creditBudget} />
        {problems.length > 0 ? (
          <List type="bullet">
            {problems.map((problem) => (
              <List.Item key={problem}>{problem}</List.Item>
            ))}
          </List>
        ) : null}
        <Button
          variant="primary"
          fullWidth
          disabled={problems.length > 0 || !estimate.data}
          loading={start.pending}
          onClick={onStart}
        >
          Start bulk run
        </Button>
        {start.error ? (
          <ErrorBanner
            title="The bulk run was not started"
            error={start.error}
            onDismiss={start.clearError}
          />
        ) : null}
      </BlockStack>
    </Card>
  );
}
