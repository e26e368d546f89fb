import { BlockStack, SkeletonBodyText, Text } from '@shopify/polaris';
import type { ApiError } from '../../api/client.ts';
import { formatCredits, formatNumber } from '../../lib/format.ts';
import { formatDuration, queueSentence } from '../../lib/schedule.ts';
import type { BulkEstimate } from '../../shared/contract.ts';

interface Props {
  estimate: { data: BulkEstimate | undefined; error: ApiError | undefined; pending: boolean };
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
  const skipped = [
    data.unprocessable > 0 ? `${products(data.unprocessable)} without an image to work from` : null,
    data.alreadyDone > 0 && !data.includeDone
      ? `${products(data.alreadyDone)} already made with these options`
      : null,
  ].filter((line) => line !== null);
  const affordable =
    budget === undefined
      ? data.toProcess
      : Math.floor(budget / Math.max(1, data.creditsPerProduct));
  return (
    <>
      <Text as="p" variant="headingLg">
        {formatCredits(data.estimatedCredits)}
      </Text>
      <Text as="p" tone="subdued">
        {products(data.toProcess)} to make × {formatCredits(data.creditsPerProduct)}
        {data.toProcess < data.productCount ? ` (of ${products(data.productCount)})` : ''}
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
      {affordable < data.toProcess ? (
        <Text as="p">
          Your budget covers {products(affordable)} of {formatNumber(data.toProcess)}; the others
          are skipped, never charged.
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
