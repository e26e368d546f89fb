import { AppApiError } from './app-api.ts';
import { t } from './i18n.ts';

/** The merchant-facing words for a failed request: the server's message, or ours. */
export function errorMessage(error: unknown): string {
  if (error instanceof AppApiError) {
    if (error.message) return error.message;
    return t(error.status === 0 ? 'errors.network' : 'errors.unexpected');
  }
  return t('errors.unexpected');
}

/** The server's complaint about one form field, if it named that field. */
export function fieldError(error: unknown, field: string): string | undefined {
  return error instanceof AppApiError ? error.fields[field] : undefined;
}

/** A failed request, in red and in place (never a toast that disappears). */
export function ErrorBanner({ error }: { error: unknown }) {
  return (
    <s-banner tone="critical" heading={t('errors.heading')}>
      {errorMessage(error)}
    </s-banner>
  );
}
