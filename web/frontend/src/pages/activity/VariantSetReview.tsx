import {
  BlockStack,
  Box,
  Button,
  ButtonGroup,
  Card,
  InlineGrid,
  InlineStack,
  Text,
  Thumbnail,
} from '@shopify/polaris';
import { ImageIcon } from '@shopify/polaris-icons';
import { useId } from 'react';
import { api } from '../../api/client.ts';
import { useAction } from '../../api/useAction.ts';
import { useConfirm } from '../../components/ConfirmModal.tsx';
import { ErrorBanner } from '../../components/ErrorBanner.tsx';
import { FidelitySummary, isFlagged } from '../../components/Fidelity.tsx';
import { flaggedAmong, flaggedConsequences } from '../../components/FlaggedResults.tsx';
import { StateBadge } from '../../components/StateBadge.tsx';
import { t } from '../../i18n/index.ts';
import type {
  DecideVariantSetRequest,
  GenerationView,
  VariantSetView,
} from '../../shared/contract.ts';

/** One set of the page: a product's results made one per variant. */
export interface VariantSet {
  id: string;
  productId: string;
  productTitle: string;
  option: string;
  /** Each value with its results (several: its options to choose among), in the set's order. */
  values: { value: string; originalUrl: string | null; results: GenerationView[] }[];
}

/** The page's sets with a result waiting in review, each value's results together. */
export function variantSetsOf(generations: readonly GenerationView[]): VariantSet[] {
  const sets = new Map<string, VariantSet>();
  // The list is newest first; a set reads in the order its values were made.
  for (const generation of [...generations].reverse()) {
    const variant = generation.variant;
    if (!variant) continue;
    const set = sets.get(variant.setId) ?? {
      id: variant.setId,
      productId: generation.product.id,
      productTitle: generation.product.title.replace(new RegExp(` – ${variant.value}$`), ''),
      option: variant.option,
      values: [],
    };
    const entry = set.values.find((value) => value.value === variant.value);
    if (entry) entry.results.push(generation);
    else {
      set.values.push({
        value: variant.value,
        originalUrl: generation.product.imageUrl,
        results: [generation],
      });
    }
    sets.set(variant.setId, set);
  }
  return [...sets.values()].filter((set) =>
    set.values.some((value) => value.results.some((result) => result.state === 'in_review')),
  );
}

interface Props {
  set: VariantSet;
  /** A decision was made: the list reloads. */
  onDecided: () => void;
}

/**
 * A product's set of results, one per colour, reviewed together: each colour's name, the
 * variant's original image beside its result, approve or reject it alone, or the whole set at
 * once (POST /api/variant-sets/:id/decision). A colour asked with several options shows them
 * side by side: "Choose this one" publishes it on the colour's variants, the others discarded.
 */
export function VariantSetReview({ set, onDecided }: Props) {
  const decide = useAction((request: DecideVariantSetRequest) =>
    api.post<VariantSetView>(`/variant-sets/${encodeURIComponent(set.id)}/decision`, request),
  );
  const option = set.option.toLowerCase();
  const confirm = useConfirm();
  const run = async (
    action: DecideVariantSetRequest['action'],
    generationIds?: string[],
    approveFlagged = false,
  ) => {
    const answer = await decide.run({
      productId: set.productId,
      action,
      ...(generationIds ? { generationIds } : {}),
      ...(approveFlagged ? { approveFlagged } : {}),
    });
    if (!answer) return;
    shopify.toast.show(
      t(action === 'approve' ? 'activity.sets.approved' : 'activity.sets.rejected'),
    );
    onDecided();
  };
  // "Approve all" publishes each colour's only result (one with options waits for its choice):
  // the ones the product check flagged are named, with why, and asked about first.
  const approveAll = () => {
    const approving = set.values.flatMap((value) =>
      value.results.filter((result) => result.state === 'in_review' && !result.optionGroup),
    );
    const flagged = flaggedAmong(approving);
    if (flagged.length === 0) return void run('approve');
    confirm.ask({
      title: t('activity.sets.confirmTitle', { product: set.productTitle }),
      consequences: [
        t('activity.sets.confirmBody', { count: approving.length }),
        ...flaggedConsequences(flagged),
      ],
      confirm: t('activity.sets.approveAll'),
      destructive: false,
      run: () => void run('approve', undefined, true),
    });
  };
  const headingId = useId();
  const waiting = set.values.filter((value) =>
    value.results.some((result) => result.state === 'in_review'),
  ).length;

  // A region named by its heading: the set is one thing to find and decide.
  return (
    <section aria-labelledby={headingId}>
      <Card>
        <BlockStack gap="400">
          <InlineStack align="space-between" blockAlign="center" gap="300">
            <BlockStack gap="100">
              <Text as="h2" variant="headingMd" id={headingId}>
                {t('activity.sets.heading', { product: set.productTitle, option })}
              </Text>
              <Text as="p" tone="subdued">
                {t('activity.sets.waiting', { count: waiting, option })}
              </Text>
            </BlockStack>
            <ButtonGroup>
              <Button onClick={() => void run('reject')} loading={decide.pending}>
                {t('activity.sets.rejectAll')}
              </Button>
              <Button variant="primary" onClick={approveAll} loading={decide.pending}>
                {t('activity.sets.approveAll')}
              </Button>
            </ButtonGroup>
          </InlineStack>
          {decide.error ? <ErrorBanner error={decide.error} onDismiss={decide.clearError} /> : null}
          <BlockStack gap="300" as="ul">
            {set.values.map((value) => (
              <Box
                as="li"
                key={value.value}
                borderBlockStartWidth="025"
                borderColor="border"
                paddingBlockStart="300"
              >
                <BlockStack gap="200">
                  <Text as="h3" variant="headingSm">
                    {value.value}
                  </Text>
                  <InlineGrid columns={{ xs: 2, md: 4 }} gap="300">
                    <BlockStack gap="100">
                      <Thumbnail
                        source={value.originalUrl ?? ImageIcon}
                        alt={t('activity.sets.originalAlt', { value: value.value })}
                        size="large"
                      />
                      <Text as="span" tone="subdued">
                        {t('activity.sets.original')}
                      </Text>
                    </BlockStack>
                    {value.results.map((result, index) => (
                      <BlockStack gap="100" key={result.id}>
                        <Thumbnail
                          source={result.result?.previewUrl ?? ImageIcon}
                          alt={t('activity.sets.resultAlt', {
                            value: value.value,
                            number: index + 1,
                          })}
                          size="large"
                        />
                        {/* In a row, the badge keeps its own width rather than the column's. */}
                        <InlineStack>
                          <StateBadge state={result.state} />
                        </InlineStack>
                        {/* The check's verdict and why, where the merchant decides it. */}
                        <FidelitySummary fidelity={result.fidelity} />
                        {result.state === 'in_review' ? (
                          <ResultActions
                            value={value.value}
                            options={value.results.length}
                            number={index + 1}
                            pending={decide.pending}
                            // Its badge and reason are beside the button that approves it.
                            onApprove={() =>
                              void run('approve', [result.id], isFlagged(result.fidelity))
                            }
                            onReject={() =>
                              void run(
                                'reject',
                                value.results.length > 1
                                  ? value.results
                                      .filter((option) => option.state === 'in_review')
                                      .map((option) => option.id)
                                  : [result.id],
                              )
                            }
                          />
                        ) : null}
                      </BlockStack>
                    ))}
                  </InlineGrid>
                </BlockStack>
              </Box>
            ))}
          </BlockStack>
        </BlockStack>
      </Card>
      {confirm.modal}
    </section>
  );
}

function ResultActions(props: {
  value: string;
  options: number;
  number: number;
  pending: boolean;
  onApprove: () => void;
  onReject: () => void;
}) {
  const { value, options, number, pending } = props;
  // With options, approving one is choosing it; rejecting rejects the colour's options.
  return (
    <InlineStack gap="100" wrap>
      <Button
        size="slim"
        variant="primary"
        disabled={pending}
        onClick={props.onApprove}
        accessibilityLabel={
          options > 1
            ? t('activity.sets.chooseLabel', { value, number })
            : t('activity.sets.approveLabel', { value })
        }
      >
        {options > 1 ? t('activity.sets.choose') : t('activity.sets.approve')}
      </Button>
      {options > 1 && number > 1 ? null : (
        <Button
          size="slim"
          disabled={pending}
          onClick={props.onReject}
          accessibilityLabel={t('activity.sets.rejectLabel', { value })}
        >
          {t('activity.sets.reject')}
        </Button>
      )}
    </InlineStack>
  );
}
