import type { Action } from '../api/useAction.ts';
import { ErrorBanner } from './ErrorBanner.tsx';

interface Props {
  action: Pick<Action<never[], unknown>, 'error' | 'clearError'>;
  title?: string;
}

/** The last failure of a button's action, in place until dismissed; nothing while there is none. */
export function ActionErrorBanner({ action, title }: Props) {
  return action.error ? (
    <ErrorBanner title={title} error={action.error} onDismiss={action.clearError} />
  ) : null;
}
