import { Button, InlineStack, Text } from '@shopify/polaris';
import { ChevronLeftIcon, ChevronRightIcon } from '@shopify/polaris-icons';

interface Props {
  /** Items before this page. */
  offset: number;
  count: number;
  /** Items matching the filter, when the server knows it. */
  total: number | null;
  page: number;
  onPrevious: (() => void) | null;
  onNext: (() => void) | null;
}

/** Words on the buttons and where the merchant is: "26–50 of 160". */
export function ActivityPagination({ offset, count, total, page, onPrevious, onNext }: Props) {
  if (!onPrevious && !onNext) return null;
  const range = count === 0 ? 'No results' : `${offset + 1}–${offset + count}`;
  return (
    <nav aria-label="Pages of generations">
      <InlineStack align="center" blockAlign="center" gap="300">
        <Button icon={ChevronLeftIcon} disabled={!onPrevious} onClick={onPrevious ?? undefined}>
          Previous page
        </Button>
        <Text as="span" aria-live="polite">
          {total === null ? `Page ${page}: ${range}` : `${range} of ${total}`}
        </Text>
        <Button icon={ChevronRightIcon} disabled={!onNext} onClick={onNext ?? undefined}>
          Next page
        </Button>
      </InlineStack>
    </nav>
  );
}
