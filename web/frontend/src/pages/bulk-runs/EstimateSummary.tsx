import { BlockStack, SkeletonBodyText, Text } from '@shopify/polaris';
import type { ApiError } from '../../api/client.ts';
import { t } from '../../i18n/index.ts';
import { formatCredits } from '../../lib/format.ts';
import { formatDuration, queueSentence } from '../../lib/schedule.ts';
import type { BulkEstimate } from '../../shared/contract.ts';

interface Props {
  estimate: { data: BulkEstimate | undefined; error: ApiError | undefined; pending: boolean };
  /** The budget the estimate was made with (it caps the products to make). */
  budget: number | undefined;
}

function products(count: number): string {
  return t('bulk.products', { count });
}

/** What the run will make, skip and cost, and when it should be done, before it starts. */
export function EstimateSummary({ estimate, budget }: Props) {
  const data = estimate.data;
  return (
    <BlockStack gap="100">
      <Text as="h3" variant="headingSm">
        {t('bulk.estimate.heading')}
      </Text>
      {estimate.pending ? <SkeletonBodyText lines={2} /> : null}
      {estimate.error ? (
        <Text as="p" tone="critical">
          {t('bulk.estimate.failed', { message: estimate.error.message })}
        </Text>
      ) : null}
      {data ? <EstimateDetails data={data} budget={budget} /> : null}
      {!estimate.pending && !data && !estimate.error ? (
        <Text as="p" tone="subdued">
          {t('bulk.estimate.pending')}
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
      ? t('bulk.estimate.noImage', { products: products(outcome.skipped.noImage) })
      : null,
    outcome.skipped.alreadyDone > 0
      ? t('bulk.estimate.alreadyDone', { products: products(outcome.skipped.alreadyDone) })
      : null,
    outcome.skipped.overBudget > 0
      ? budget === undefined
        ? t('bulk.estimate.overBudget', { products: products(outcome.skipped.overBudget) })
        : t('bulk.estimate.overBudgetOf', {
            products: products(outcome.skipped.overBudget),
            budget: formatCredits(budget),
          })
      : null,
  ].filter((line) => line !== null);
  return (
    <>
      <Text as="p" variant="headingLg">
        {formatCredits(outcome.credits)}
      </Text>
      {data.variantSets ? <PerColour data={data} /> : null}
      <Text as="p" tone="subdued">
        {/* A run of sets prices its photos above; products differ in how many they make. */}
        {data.variantSets
          ? t('bulk.estimate.toMakeProducts', { products: products(outcome.toMake) })
          : t('bulk.estimate.toMake', {
              products: products(outcome.toMake),
              credits: formatCredits(data.creditsPerProduct),
            })}
        {outcome.toMake < outcome.productCount
          ? ` ${t('bulk.estimate.ofAll', { products: products(outcome.productCount) })}`
          : ''}
      </Text>
      {skipped.length > 0 ? (
        <Text as="p">{t('bulk.skippedList', { list: skipped.join('; ') })}</Text>
      ) : null}
      {data.alreadyDone > 0 && data.includeDone ? (
        <Text as="p">{t('bulk.estimate.again', { products: products(data.alreadyDone) })}</Text>
      ) : null}
      {data.checkedCount < data.productCount ? (
        <Text as="p" tone="subdued">
          {t('bulk.estimate.checked', { count: data.checkedCount })}
        </Text>
      ) : null}
      {data.schedule ? (
        <Text as="p" tone="subdued">
          {t('bulk.estimate.doneIn', {
            duration: formatDuration(data.schedule.finishInMs),
            queue: queueSentence(data.schedule),
          })}
        </Text>
      ) : null}
    </>
  );
}

/** A run of one photo per colour: "3 colors × 5 credits", and the products made singly. */
function PerColour({ data }: { data: BulkEstimate }) {
  const sets = data.variantSets!;
  const credits = formatCredits(data.creditsPerProduct);
  return (
    <>
      {sets.products > 0 ? (
        <Text as="p">
          {t('bulk.estimate.perColour', {
            count: sets.results,
            credits,
            products: products(sets.products),
          })}
        </Text>
      ) : null}
      {sets.single > 0 ? (
        <Text as="p">
          {t('bulk.estimate.single', { products: products(sets.single), credits })}
        </Text>
      ) : null}
    </>
  );
}
