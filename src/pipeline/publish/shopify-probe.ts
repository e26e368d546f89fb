/**
 * While results wait out a Shopify outage (shopify-outage.ts), a worker asks Shopify every
 * `config.saving.probeEveryMs` whether it answers again: one cheap query (the app's
 * installation id, 1 cost point) for a shop with a waiting result (the one due first). The first
 * answer ends the outage for every waiting result of every shop, as a save's success does
 * (context.ts `shopifyBack`),
 * so they are saved within a probe's interval of Shopify's return, in their shops' turns, not
 * each at its own next try, which backs off to a minute apart (`outageMaxDelayMs`).
 *
 * The results' own tries go on meanwhile (a shop's outage may end for it alone); the probe only
 * brings the end forward. Several workers may probe at once: each is one query every interval
 * while something waits, and nothing when nothing does.
 */
import type { Clock } from '../../platform/clock.ts';
import type { Logger } from '../../platform/logger.ts';
import { AppInstallationQuery } from '../../shopify/operations/shop.ts';
import type { PipelineContext } from '../context.ts';
import type { StageTurns } from '../limits/stage-turns.ts';
import { classifyShopifyError } from './shopify-outage.ts';

export interface ShopifyProbe {
  stop(): Promise<void>;
}

export function startShopifyProbe(deps: {
  turns: Pick<StageTurns, 'outageWaitingShop'>;
  context: Pick<PipelineContext, 'admin' | 'shopifyDown' | 'shopifyBack'>;
  everyMs: number;
  clock: Clock;
  logger: Logger;
}): ShopifyProbe {
  const { turns, context, clock, logger } = deps;
  const stopping = new AbortController();

  async function probe(): Promise<void> {
    const shop = await turns.outageWaitingShop();
    if (shop === null) return;
    try {
      await (await context.admin(shop)).request(AppInstallationQuery);
    } catch (error) {
      // Still down (or refusing this shop): the waits go on. Anything else is logged and left
      // to the results' own tries, which classify it for themselves.
      if (classifyShopifyError(error)?.kind !== 'transient')
        logger.warn({ shop, err: error }, 'Shopify probe failed');
      return;
    }
    await context.shopifyDown.answered(shop);
    await context.shopifyBack();
    logger.info({ shop }, 'Shopify answers again; the results waiting for it are saved now');
  }

  const loop = (async () => {
    while (!stopping.signal.aborted) {
      await clock.sleep(deps.everyMs, stopping.signal).catch(() => {});
      if (stopping.signal.aborted) break;
      await probe().catch((error: unknown) =>
        logger.warn({ err: error }, 'Shopify probe could not run; trying again next time'),
      );
    }
  })();
  return {
    async stop() {
      stopping.abort();
      await loop;
    },
  };
}
