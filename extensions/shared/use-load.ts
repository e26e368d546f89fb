import { useEffect, useState } from 'preact/hooks';

export type Loaded<T> =
  { state: 'loading' } | { state: 'ready'; value: T } | { state: 'failed'; error: unknown };

/**
 * Runs `load` when the component mounts and again whenever `deps` change, and tracks its result.
 * An answer that arrives after newer deps started loading is dropped, so a slow estimate for
 * the previous model never overwrites the current one.
 */
export function useLoad<T>(load: () => Promise<T>, deps: readonly unknown[]): Loaded<T> {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  useEffect(() => {
    let current = true;
    setLoaded({ state: 'loading' });
    load().then(
      (value) => current && setLoaded({ state: 'ready', value }),
      (error: unknown) => current && setLoaded({ state: 'failed', error }),
    );
    return () => {
      current = false;
    };
  }, deps);
  return loaded;
}
