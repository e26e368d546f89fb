import { useEffect, useState } from 'preact/hooks';
import type { GenerationView } from '../../../src/app-api/contract.ts';
import { appApi } from '../../shared/app-api.ts';
import { isMoving } from '../../shared/generation-progress.ts';
import type { Loaded } from '../../shared/use-load.ts';

/**
 * While something is being made: every 2 s, as the product action's started screen and the
 * app's Generate page follow a generation (a photo takes 5-10 s in all; a step lasts 1-5 s).
 */
const LIVE_POLL_MS = 2_000;
/**
 * Otherwise every 5 s, as the app's pages do for work waiting on the merchant: the block cannot
 * tell when the page's action, a bulk run or a rule starts work on this product, nor when a
 * review happens in the app. 12 reads a minute, 2% of a shop's /api budget (600 a minute).
 */
const IDLE_POLL_MS = 5_000;
/**
 * The product's newest generations, enough for what is current: a request makes at most 4
 * results, and the block shows 3 entries.
 */
const NEWEST = 20;

/**
 * The product's newest generations, read again every LIVE_POLL_MS while any moves and every
 * IDLE_POLL_MS otherwise. A failed read (network, a restart) keeps what is shown, or shows the
 * failure when nothing was read yet, and asks again at the same pace.
 */
export function useProductGenerations(productId: string): Loaded<GenerationView[]> {
  const [loaded, setLoaded] = useState<Loaded<GenerationView[]>>({ state: 'loading' });
  useEffect(() => {
    let current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let moving = false;
    const next = () => {
      if (current) timer = setTimeout(read, moving ? LIVE_POLL_MS : IDLE_POLL_MS);
    };
    const read = () => {
      appApi.productGenerations(productId, NEWEST).then(
        ({ generations }) => {
          if (!current) return;
          setLoaded({ state: 'ready', value: generations });
          moving = generations.some(({ state }) => isMoving(state));
          next();
        },
        (error: unknown) => {
          if (!current) return;
          setLoaded((shown) => (shown.state === 'ready' ? shown : { state: 'failed', error }));
          next();
        },
      );
    };
    read();
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [productId]);
  return loaded;
}
