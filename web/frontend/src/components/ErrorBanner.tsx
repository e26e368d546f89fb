import { Banner, List } from '@shopify/polaris';
import type { ApiError } from '../api/client.ts';
import { t } from '../i18n/index.ts';

interface Props {
  error: ApiError;
  title?: string;
  onRetry?: () => void;
  onDismiss?: () => void;
}

/** A failed call, shown in place and in red until the merchant acts (never a fleeting toast). */
export function ErrorBanner({ error, title, onRetry, onDismiss }: Props) {
  // Both in the merchant's language already (ApiError translates the answer's codes).
  const fieldMessages = Object.values(error.fields);
  const { message } = error;
  return (
    <Banner
      tone="critical"
      title={title ?? message}
      action={onRetry ? { content: t('common.tryAgain'), onAction: onRetry } : undefined}
      onDismiss={onDismiss}
    >
      {/* Field problems are the message in detail: show them instead of repeating it. */}
      {title && fieldMessages.length === 0 ? <p>{message}</p> : null}
      {fieldMessages.length > 0 ? (
        <List type="bullet">
          {fieldMessages.map((message) => (
            <List.Item key={message}>{message}</List.Item>
          ))}
        </List>
      ) : null}
    </Banner>
  );
}
