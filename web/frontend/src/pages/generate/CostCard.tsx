import { BlockStack, Button, Card, List, Text } from '@shopify/polaris';
import { useDebouncedPost } from '../../api/useDebouncedPost.ts';
import type { Draft } from '../../components/generation-options/draft.ts';
import { ResultsSelect } from '../../components/ResultsSelect.tsx';
import { t, type MessageKey } from '../../i18n/index.ts';
import { problemTexts } from '../../i18n/coded-text.ts';
import { formatCredits } from '../../lib/format.ts';
import { acceptedOptions, creditsFor } from '../../shared/models.ts';
import type {
  CreateGenerationRequest,
  Estimate,
  GenerationKind,
  ProductImage,
} from '../../shared/contract.ts';
import { LeftOutImages } from './LeftOutImages.tsx';

const SUBMIT_LABELS: Readonly<Record<GenerationKind, MessageKey>> = {
  photo: 'generate.cost.submitPhoto',
  video: 'generate.cost.submitVideo',
  upscale: 'generate.cost.submitUpscale',
};

interface Props {
  draft: Draft;
  /** Results to choose among: each is its own ProductAI request and charge. */
  options: number;
  onCandidatesChange: (options: number) => void;
  request: CreateGenerationRequest | null;
  /** Form-level reasons the request cannot be sent yet. */
  reasons: string[];
  submitting: boolean;
  onSubmit: () => void;
  /** The product's images (to show the ones the model leaves out). */
  images: readonly ProductImage[];
}

/**
 * The price before anything is sent: computed at once from the catalogue, then confirmed by the
 * server's estimate, which also names anything ProductAI would refuse.
 */
export function CostCard({
  draft,
  options,
  onCandidatesChange,
  request,
  reasons,
  submitting,
  onSubmit,
  images,
}: Props) {
  const estimate = useDebouncedPost<Estimate>(
    '/generations/estimate',
    reasons.length === 0 ? request : null,
  );
  const each = estimate.data?.creditsPerOption ?? creditsFor(draft.kind, draft.params);
  // One photo per colour (undefined otherwise; null until estimated): priced per colour made, a
  // skipped one costs nothing, times the options each colour gets to choose among.
  const set = request?.eachVariant ? (estimate.data?.variants ?? null) : undefined;
  const made = set?.values.filter((value) => value.skipped === null).length;
  const credits = each === null ? null : each * (made ?? 1) * options;
  const problems = [...reasons, ...(estimate.data ? problemTexts(estimate.data) : [])];
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t('generate.cost.heading')}
        </Text>
        {acceptedOptions(draft.kind, draft.params.model).resultsToChoose ? (
          <ResultsSelect
            label={t('generate.cost.results')}
            value={options}
            onChange={onCandidatesChange}
            helpText={
              options > 1 ? t('generate.cost.resultsHelpMany') : t('generate.cost.resultsHelp')
            }
          />
        ) : null}
        <Text as="p" variant="headingXl">
          {credits === null ? t('generate.cost.chooseModel') : formatCredits(credits)}
        </Text>
        {/* With options per colour, the requests line counts colours × options. */}
        {set && made !== undefined && each !== null && options === 1 ? (
          <Text as="p" tone="subdued">
            {t('generate.cost.perValue', {
              count: made,
              each: formatCredits(each),
              option: set.option.toLowerCase(),
            })}
          </Text>
        ) : null}
        {options > 1 && each !== null ? (
          <Text as="p" tone="subdued">
            {t(estimate.data ? 'generate.cost.requestsRate' : 'generate.cost.requests', {
              count: options * (made ?? 1),
              each: formatCredits(each),
              perMinute: estimate.data?.requestsPerMinute ?? 0,
            })}
          </Text>
        ) : null}
        <Text as="p" tone="subdued">
          {t('generate.cost.charging')}
        </Text>
        {problems.length > 0 ? (
          <BlockStack gap="100">
            <Text as="p" fontWeight="semibold">
              {t('generate.cost.beforeStart')}
            </Text>
            <List type="bullet">
              {problems.map((problem) => (
                <List.Item key={problem}>{problem}</List.Item>
              ))}
            </List>
          </BlockStack>
        ) : null}
        <LeftOutImages leftOutMediaIds={estimate.data?.leftOutMediaIds ?? []} images={images} />
        {estimate.error ? (
          <Text as="p" tone="critical">
            {t('generate.cost.priceFailed', { message: estimate.error.message })}
          </Text>
        ) : null}
        <Button
          variant="primary"
          size="large"
          fullWidth
          disabled={problems.length > 0}
          loading={submitting}
          onClick={onSubmit}
        >
          {credits === null
            ? t(SUBMIT_LABELS[draft.kind])
            : t('generate.cost.submitFor', {
                action: t(SUBMIT_LABELS[draft.kind]),
                credits: formatCredits(credits),
              })}
        </Button>
      </BlockStack>
    </Card>
  );
}
