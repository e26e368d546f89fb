import { BlockStack, Button, Card, List, Text } from '@shopify/polaris';
import { useDebouncedPost } from '../../api/useDebouncedPost.ts';
import type { Draft } from '../../components/generation-options/draft.ts';
import { formatCredits } from '../../lib/format.ts';
import { creditsFor } from '../../lib/models.ts';
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
export function CostCard({ draft, request, reasons, submitting, onSubmit, images }: Props) {
  const estimate = useDebouncedPost<Estimate>(
    '/generations/estimate',
    reasons.length === 0 ? request : null,
  );
  const credits = estimate.data?.credits ?? creditsFor(draft.kind, draft.params);
  const problems = [...reasons, ...(estimate.data?.problems ?? [])];
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Cost
        </Text>
        <Text as="p" variant="headingXl">
          {credits === null ? 'Choose a model' : formatCredits(credits)}
        </Text>
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
