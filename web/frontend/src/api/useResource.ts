import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { api, toApiError, type ApiError } from './client.ts';
import { shopReady } from '../lib/shop.ts';

export interface Resource<T> {
  /** The last good answer for this path (kept while a later poll fails). */
  data: T | undefined;
  error: ApiError | undefined;
  /** True until the first answer (or error) for this path arrives: show a skeleton. */
  loading: boolean;
  reload: () => void;
  /** Replace the data with a fresher copy, e.g. the view a mutation returned. */
  replace: (data: T) => void;
}

/** Milliseconds to the next poll, chosen from the latest answer; null stops polling. */
export type Poll<T> = number | ((data: T) => number | null);

interface State<T> {
  path: string | null;
  data?: T;
  error?: ApiError;
}

const RETRY_AFTER_ERROR_MS = 5000;

/**
 * GETs `/api${path}` and, with `poll`, polls it: the next request starts after the previous one
 * ended, so a slow server never gets overlapping requests. Live updates are polling by design
 * (no extra server machinery, works behind any proxy). The data is handed over once the shop's
 * clock is known too (asked in parallel, once per page load: lib/shop.ts), so a page shows its
 * dates on the shop's clock from its first render.
 */
export function useResource<T>(path: string | null, poll: Poll<T> | null = null): Resource<T> {
  const [state, setState] = useState<State<T>>({ path });
  const [version, setVersion] = useState(0);
  const pollRef = useRef(poll);
  const polling = poll !== null;

  useEffect(() => {
    pollRef.current = poll;
  }, [poll]);

  useEffect(() => {
    if (path === null) return;
    let cancelled = false;
    let timer: number | undefined;
    const schedule = (delay: number | null) => {
      if (!cancelled && delay !== null) timer = window.setTimeout(load, delay);
    };
    const load = async () => {
      const next = pollRef.current;
      try {
        const [data] = await Promise.all([api.get<T>(path), shopReady()]);
        if (cancelled) return;
        // A transition: React renders what the answer changes in slices, and a click or key
        // arriving meanwhile is handled first (a list's first answer rendered 13 rows in one
        // 240-420 ms task at load 25, the click opening the viewer waiting behind it).
        startTransition(() => setState({ path, data }));
        schedule(typeof next === 'function' ? next(data) : next);
      } catch (error) {
        if (cancelled) return;
        startTransition(() =>
          setState((previous) => ({
            path,
            data: previous.path === path ? previous.data : undefined,
            error: toApiError(error),
          })),
        );
        schedule(next === null ? null : typeof next === 'number' ? next : RETRY_AFTER_ERROR_MS);
      }
    };
    void load();
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [path, version, polling]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const replace = useCallback((data: T) => setState({ path, data }), [path]);
  const current = state.path === path;
  const data = current ? state.data : undefined;
  const error = current ? state.error : undefined;
  const loading = path !== null && (!current || (state.data === undefined && !state.error));
  // The same object until something in it changes: a memoized card given the resource is not
  // rendered again with its page.
  return useMemo(
    () => ({ data, error, loading, reload, replace }),
    [data, error, loading, reload, replace],
  );
}
