import { BlockStack, Button, Card, List, Text } from '@shopify/polaris';
import { useDebouncedPost } from '../../api/useDebouncedPost.ts';
import type { Draft } from '../../components/generation-options/draft.ts';
import { ResultsSelect } from '../../components/ResultsSelect.tsx';
import { formatCredits } from '../../lib/format.ts';
import { creditsFor } from '../../shared/models.ts';
import type {
  CreateGenerationRequest,
  Estimate,
  GenerationKind,
  ProductImage,
} from '../../shared/contract.ts';
import { LeftOutImages } from './LeftOutImages.tsx';

const SUBMIT_LABELS: Readonly<Record<GenerationKind, string>> = {
  photo: 'Generate photo',
  video: 'Generate video',
  upscale: 'Upscale image',
};

interface Props {
  draft: Draft;
  /** Results to choose among: each is its own ProductAI request and charge. */
  options: number;
  onOptionsChange: (options: number) => void;
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
  onOptionsChange,
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
  const credits = each === null ? null : each * options;
  const problems = [...reasons, ...(estimate.data?.problems ?? [])];
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Cost
        </Text>
        <ResultsSelect
          label="Results"
          value={options}
          onChange={onOptionsChange}
          helpText={
            options > 1
              ? 'Each result is made separately and waits for you: publish the one you like, the others are discarded.'
              : 'Ask for up to 4 to choose from.'
          }
        />
        <Text as="p" variant="headingXl">
          {credits === null ? 'Choose a model' : formatCredits(credits)}
        </Text>
        {options > 1 && each !== null ? (
          <Text as="p" tone="subdued">
            {options} × {formatCredits(each)}.{' '}
            {estimate.data
              ? `${options} requests to ProductAI, which takes ${estimate.data.requestsPerMinute} a minute from this app.`
              : `${options} requests to ProductAI.`}
          </Text>
        ) : null}
        <Text as="p" tone="subdued">
          ProductAI charges your account when the request is sent. Nothing is charged for a request
          that is refused.
        </Text>
        {problems.length > 0 ? (
          <BlockStack gap="100">
            <Text as="p" fontWeight="semibold">
              Before you can start:
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
            The price could not be checked: {estimate.error.message}
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
            ? SUBMIT_LABELS[draft.kind]
            : `${SUBMIT_LABELS[draft.kind]} for ${formatCredits(credits)}`}
        </Button>
      </BlockStack>
    </Card>
  );
}
