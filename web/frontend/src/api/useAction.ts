import { useCallback, useState } from 'react';
import { toApiError, type ApiError } from './client.ts';

export interface Action<A extends unknown[], R> {
  /** Runs the call; resolves to its result, or to undefined when it failed (see `error`). */
  run: (...args: A) => Promise<R | undefined>;
  pending: boolean;
  error: ApiError | undefined;
  clearError: () => void;
}

/** A mutation with its pending flag and its last error, for buttons and inline banners. */
export function useAction<A extends unknown[], R>(call: (...args: A) => Promise<R>): Action<A, R> {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ApiError>();

  const run = useCallback(
    async (...args: A) => {
      setPending(true);
      setError(undefined);
      try {
        return await call(...args);
      } catch (caught) {
        setError(toApiError(caught));
        return undefined;
      } finally {
        setPending(false);
      }
    },
    [call],
  );
  const clearError = useCallback(() => setError(undefined), []);
  return { run, pending, error, clearError };
}
