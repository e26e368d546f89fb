/**
 * Work waiting on the merchant does not wait for ever (config `expiry`, README "Quotas per
 * shop"): a result in review is discarded once it has waited `inReviewMs`, work paused (the
 * shop's pause, the rules' daily cap) is cancelled once paused `pausedMs`. Each is one
 * `transition`, so it is exact under any crash (a repeat finds it moved on), it leaves the
 * shop's expiry set in the same step, and the reason it stores is what Activity shows. Ended, it
 * frees its place under the shop's cap of generations not yet final.
 *
 *  - In review: discarded, the result kept in Files (attach saved it there before review, so
 *    nothing paid for is lost, and no Shopify call is needed). A result a campaign holds waits
 *    for its campaign instead: its end discards what it held (`keepInReviewUntil`).
 *  - Paused by its bulk run: the run expires as a whole, with its other waiting generations
 *    and their reserved credits (`expireWithRun`, the bulk runs'): a run is paused as one.
 *  - Any other pause: cancelled, nothing was charged.
 */
import {
  StaleTransitionError,
  type Generation,
  type GenerationPatch,
} from '../generations/generation.ts';
import type { GenerationStore } from '../generations/generation-store.ts';
import { toldWhy } from '../generations/reason.ts';
import { englishText, type CodedText } from '../../app-api/error-codes.ts';
import type { PipelineConfig } from '../config.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** "30 days": a ceiling as the messages say it (ceilings are whole days). */
export function expiryPeriod(ms: number): CodedText {
  return { code: 'period_days', params: { count: Math.max(1, Math.round(ms / DAY_MS)) } };
}

export function expiredInReviewReason(period: CodedText): CodedText {
  return { code: 'expired_in_review', params: { period } };
}

export function expiredPausedReason(period: CodedText): CodedText {
  return { code: 'expired_paused', params: { period } };
}

/** What the bulk runs and the campaigns decide for the work they own (composition root). */
export interface ExpiryPorts {
  /**
   * Until when (ms) a result in review must not expire: a campaign's, until its end, while the
   * campaign has not ended; null: no reason to keep it.
   */
  keepInReviewUntil?(generation: Generation): Promise<number | null>;
  /**
   * Expires the paused run of a generation it paused, or this generation alone when the run
   * is not paused; answers when to look again instead (ms) when the run is not due at `now`.
   */
  expireWithRun?(generation: Generation, now: number): Promise<{ notBefore: number } | null>;
}

export type ExpiryOutcome = 'expired' | 'postponed' | 'gone';

export interface WaitingExpiry {
  /**
   * Ends one generation due to expire at `now` (ms), or postpones it, or forgets a stale
   * entry.
   */
  expire(shop: string, id: string, now: number): Promise<ExpiryOutcome>;
}

export function createWaitingExpiry(deps: {
  generations: GenerationStore;
  config: PipelineConfig['expiry'];
  ports: ExpiryPorts;
}): WaitingExpiry {
  const { generations, config, ports } = deps;

  async function end(
    generation: Generation,
    move: { from: 'in_review' | 'paused'; to: 'discarded' | 'cancelled' },
    patch: GenerationPatch,
    note: string,
  ): Promise<ExpiryOutcome> {
    try {
      await generations.transition(generation.shop, generation.id, {
        from: [move.from],
        to: move.to,
        patch,
        note,
      });
      return 'expired';
    } catch (error) {
      // Moved meanwhile (approved, resumed, cancelled): that move took it off the set.
      if (error instanceof StaleTransitionError) return 'gone';
      throw error;
    }
  }

  return {
    async expire(shop, id, now) {
      const generation = await generations.get(shop, id);
      if (!generation || (generation.state !== 'in_review' && generation.state !== 'paused')) {
        await generations.forgetExpiry(shop, id);
        return 'gone';
      }
      if (generation.state === 'in_review') {
        const keepUntil = (await ports.keepInReviewUntil?.(generation)) ?? null;
        if (keepUntil !== null) {
          // Past its campaign's end while the campaign has not ended yet (its end runs late):
          // the end will discard it; looked at again a day later in case it does not.
          await generations.postponeExpiry(shop, id, Math.max(keepUntil, now + DAY_MS));
          return 'postponed';
        }
        const period = expiryPeriod(config.inReviewMs);
        return end(
          generation,
          { from: 'in_review', to: 'discarded' },
          toldWhy(expiredInReviewReason(period)),
          `Expired after ${englishText(period)} in review; kept in Files`,
        );
      }
      if (generation.pausedBy === 'bulk-run' && generation.bulkRunId && ports.expireWithRun) {
        const later = await ports.expireWithRun(generation, now);
        if (!later) return 'expired';
        await generations.postponeExpiry(shop, id, later.notBefore);
        return 'postponed';
      }
      const period = expiryPeriod(config.pausedMs);
      return end(
        generation,
        { from: 'paused', to: 'cancelled' },
        { ...toldWhy(expiredPausedReason(period)), pausedBy: null },
        `Expired after ${englishText(period)} paused`,
      );
    },
  };
}
