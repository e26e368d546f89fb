import { BlockStack, SkeletonBodyText, Text } from '@shopify/polaris';
import type { ApiError } from '../../api/client.ts';
import { formatCredits, formatNumber } from '../../lib/format.ts';
import { formatDuration, queueSentence } from '../../lib/schedule.ts';
import type { BulkEstimate } from '../../shared/contract.ts';

interface Props {
  estimate: { data: BulkEstimate | undefined; error: ApiError | undefined; pending: boolean };
  /** The budget the estimate was made with (it caps the products to make). */
  budget: number | undefined;
}

function products(count: number): string {
  return `${formatNumber(count)} product${count === 1 ? '' : 's'}`;
}

/** What the run will make, skip and cost, and when it should be done, before it starts. */
export function EstimateSummary({ estimate, budget }: Props) {
  const data = estimate.data;
  return (
    <BlockStack gap="100">
      <Text as="h3" variant="headingSm">
        Estimated cost
      </Text>
      {estimate.pending ? <SkeletonBodyText lines={2} /> : null}
      {estimate.error ? (
        <Text as="p" tone="critical">
          The estimate could not be made: {estimate.error.message}
        </Text>
      ) : null}
      {data ? <EstimateDetails data={data} budget={budget} /> : null}
      {!estimate.pending && !data && !estimate.error ? (
        <Text as="p" tone="subdued">
          Shown once the products and options are chosen.
        </Text>
      ) : null}
    </BlockStack>
  );
}

function EstimateDetails({ data, budget }: { data: BulkEstimate; budget: number | undefined }) {
  // The run card shows the same outcome (src/app-api/run-outcome.ts) once the run starts.
  const { outcome } = data;
  const skipped = [
    outcome.skipped.noImage > 0
      ? `${products(outcome.skipped.noImage)} without an image to work from`
      : null,
    outcome.skipped.alreadyDone > 0
      ? `${products(outcome.skipped.alreadyDone)} already made with these options`
      : null,
    outcome.skipped.overBudget > 0
      ? `${products(outcome.skipped.overBudget)} beyond your budget${budget === undefined ? '' : ` of ${formatCredits(budget)}`}`
      : null,
  ].filter((line) => line !== null);
  return (
    <>
      <Text as="p" variant="headingLg">
        {formatCredits(outcome.credits)}
      </Text>
      <Text as="p" tone="subdued">
        {products(outcome.toMake)} to make × {formatCredits(data.creditsPerProduct)}
        {outcome.toMake < outcome.productCount ? ` (of ${products(outcome.productCount)})` : ''}
      </Text>
      {skipped.length > 0 ? (
        <Text as="p">Skipped, and never charged: {skipped.join('; ')}.</Text>
      ) : null}
      {data.alreadyDone > 0 && data.includeDone ? (
        <Text as="p">
          {products(data.alreadyDone)} already made with these options will get another result.
        </Text>
      ) : null}
      {data.checkedCount < data.productCount ? (
        <Text as="p" tone="subdued">
          The first {formatNumber(data.checkedCount)} products were checked; the others are counted
          as to make.
        </Text>
      ) : null}
      {data.schedule ? (
        <Text as="p" tone="subdued">
          {`Done in ${formatDuration(data.schedule.finishInMs)}. ${queueSentence(data.schedule)}`}
        </Text>
      ) : null}
    </>
  );
}
