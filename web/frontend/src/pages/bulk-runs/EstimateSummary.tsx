import { BlockStack, SkeletonBodyText, Text } from '@shopify/polaris';
import type { ApiError } from '../../api/client.ts';
import { formatCredits, formatNumber } from '../../lib/format.ts';
import type { BulkEstimate } from '../../shared/contract.ts';

interface Props {
  estimate: { data: BulkEstimate | undefined; error: ApiError | undefined; pending: boolean };
  budget: number | undefined;
}

/** The run's total before it starts, and what a budget below it means. */
export function EstimateSummary({ estimate, budget }: Props) {
  const data = estimate.data;
  return (
    <BlockStack gap="100">
      <Text as="h3" variant="headingSm">
        Estimated cost
      </Text>
      {estimate.pending ? <SkeletonBodyText lines={1} /> : null}
      {estimate.error ? (
        <Text as="p" tone="critical">
          The estimate could not be made: {estimate.error.message}
        </Text>
      ) : null}
      {data ? (
        <>
          <Text as="p" variant="headingLg">
            {formatCredits(data.estimatedCredits)}
          </Text>
          <Text as="p" tone="subdued">
            {formatNumber(data.productCount)} products × {formatCredits(data.creditsPerProduct)}
          </Text>
          {budget !== undefined && budget < data.estimatedCredits ? (
            <Text as="p">
              Your budget covers about{' '}
              {formatNumber(Math.floor(budget / Math.max(1, data.creditsPerProduct)))} products; the
              others are skipped.
            </Text>
          ) : null}
        </>
      ) : null}
      {!estimate.pending && !data && !estimate.error ? (
        <Text as="p" tone="subdued">
          Shown once the products and options are chosen.
        </Text>
      ) : null}
    </BlockStack>
  );
}
