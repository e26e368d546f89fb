import { Button, InlineStack, Text } from '@shopify/polaris';
import { ChevronLeftIcon, ChevronRightIcon } from '@shopify/polaris-icons';
import { t } from '../../i18n/index.ts';

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
  const range = count === 0 ? t('activity.pages.none') : `${offset + 1}–${offset + count}`;
  return (
    <nav aria-label={t('activity.pages.label')}>
      <InlineStack align="center" blockAlign="center" gap="300">
        <Button icon={ChevronLeftIcon} disabled={!onPrevious} onClick={onPrevious ?? undefined}>
          {t('activity.pages.previous')}
        </Button>
        <Text as="span" aria-live="polite">
          {total === null
            ? t('activity.pages.page', { page, range })
            : t('activity.pages.of', { range, total })}
        </Text>
        <Button icon={ChevronRightIcon} disabled={!onNext} onClick={onNext ?? undefined}>
          {t('activity.pages.next')}
        </Button>
      </InlineStack>
    </nav>
  );
}
