import { Button, InlineStack, Text } from '@shopify/polaris';
import { t } from '../../i18n/index.ts';

interface Props {
  /** Why the run cannot start yet; undefined when it can. */
  blocker: string | undefined;
  pending: boolean;
  onStart: () => void;
}

/**
 * The start button with the reason it is disabled right beside it (wrapping under it on a phone),
 * where the merchant is looking, instead of in a list that can be off-screen.
 */
export function StartRow({ blocker, pending, onStart }: Props) {
  return (
    <InlineStack gap="300" blockAlign="center" wrap>
      <Button
        variant="primary"
        disabled={blocker !== undefined}
        loading={pending}
        onClick={onStart}
      >
        {t('bulk.start')}
      </Button>
      {blocker ? (
        <span id="start-blocker">
          <Text as="span" tone="subdued">
            {blocker}
          </Text>
        </span>
      ) : null}
    </InlineStack>
  );
}
