import { useEffect, useState } from 'react';
import { api, toApiError, type ApiError } from './client.ts';

const DELAY_MS = 400;

/**
 * POSTs `body` to a side-effect-free endpoint (an estimate) once the merchant pauses typing;
 * answers for an older body are dropped. `body: null` means "nothing to ask yet".
 */
export function useDebouncedPost<T>(
  path: string,
  body: unknown,
): {
  data: T | undefined;
  error: ApiError | undefined;
  pending: boolean;
} {
  const key = body === null ? null : JSON.stringify(body);
  const [answer, setAnswer] = useState<{ key: string; data?: T; error?: ApiError }>();

  useEffect(() => {
    if (key === null) return;
    let cancelled = false;
    const timer = window.setTimeout(async () => {
      try {
        const data = await api.post<T>(path, JSON.parse(key));
        if (!cancelled) setAnswer({ key, data });
      } catch (error) {
        if (!cancelled) setAnswer({ key, error: toApiError(error) });
      }
    }, DELAY_MS);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [path, key]);

  const current = answer !== undefined && answer.key === key;
  return {
    data: current ? answer.data : undefined,
    error: current ? answer.error : undefined,
    pending: key !== null && !current,
  };
}
