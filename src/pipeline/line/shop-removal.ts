/**
 * The pipeline's part when a shop goes: on uninstall its waiting work is cancelled (nothing more
 * is sent for a shop that left), on erasure (shop/redact) what the pipeline keeps about the shop
 * outside its generations is forgotten: its job-id index entries, its place in the line and in
 * the turns after ProductAI (limits/stage-turns.ts), its waits on a ProductAI outage, and its jobs in the pipeline's queues
 * (stage, review-batch and Flow trigger jobs, whose ids carry its generation ids or its opaque
 * id) with the queue events naming them. Registered with the shop eraser
 * (stores/shop-eraser.ts).
 */
import { shopTrace, type ShopTrace } from '../../platform/queues/erase-shop-jobs.ts';
import type { Redis } from '../../platform/redis/connection.ts';
import type { ShopEraser } from '../../stores/shop-eraser.ts';
import { StaleTransitionError } from '../generations/generation.ts';
import type { GenerationStore } from '../generations/generation-store.ts';
import type { FairScheduler } from '../limits/fair-scheduler.ts';
import type { StageTurns } from '../limits/stage-turns.ts';

/** A queue that holds jobs of shops (pipeline stages, review batches, Flow triggers). */
export interface ShopJobQueue {
  eraseShop(shop: string, trace: ShopTrace): Promise<void>;
}

export interface ShopRemovalDeps {
  redis: Redis;
  generations: GenerationStore;
  scheduler: FairScheduler;
  turns: Pick<StageTurns, 'removeShop'>;
  /**
   * The job-id index (receive/job-results.ts), by what a removal uses of it: receive/ puts
   * generations back in line, so line/ naming its type would make the two folders a cycle.
   */
  jobResults: { forget(shop: string, jobIds: readonly number[]): Promise<void> };
  jobQueues: readonly ShopJobQueue[];
  /** The waits on a ProductAI outage (receive/productai-waits.ts), by what a removal uses. */
  productAiWaits: { removeShop(shop: string): Promise<void> };
}

export function registerShopRemoval(
  eraser: Pick<ShopEraser, 'onUninstall' | 'onErase'>,
  deps: ShopRemovalDeps,
): void {
  eraser.onUninstall('pipeline: cancel waiting work', (shop) => cancelShopWork(deps, shop));
  eraser.onErase('pipeline: job-id index', (shop) => eraseShopJobs(deps, shop));
  eraser.onErase('pipeline: app-wide generation counts', (shop) =>
    deps.generations.forgetShop(shop),
  );
}

/** Cancels the shop's work not sent yet or not settled (queued, paused, uncertain). */
export async function cancelShopWork(deps: ShopRemovalDeps, shop: string): Promise<void> {
  const { generations, scheduler } = deps;
  for (const state of ['queued', 'paused', 'uncertain'] as const) {
    for (const id of await generations.idsInState(shop, state, 10_000)) {
      try {
        await generations.transition(shop, id, {
          from: [state],
          to: 'cancelled',
          note: 'app uninstalled',
        });
      } catch (error) {
        if (!(error instanceof StaleTransitionError)) throw error;
      }
    }
  }
  await scheduler.removeShop(shop);
}

/**
 * Forgets the shop's ProductAI job ids (the job-id index), its place in the line and in the
 * turns, its waits on a ProductAI outage, and its jobs in the pipeline's queues.
 */
export async function eraseShopJobs(deps: ShopRemovalDeps, shop: string): Promise<void> {
  const { generations, jobResults, scheduler, turns } = deps;
  const jobIds: number[] = [];
  const generationIds: string[] = [];
  for (let cursor: string | null = null; ;) {
    const page = await generations.list(shop, {}, { cursor, limit: 200 });
    for (const generation of page.generations) {
      generationIds.push(generation.id);
      if (generation.productAiJobId !== null) jobIds.push(generation.productAiJobId);
    }
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  await jobResults.forget(shop, jobIds);
  await scheduler.removeShop(shop);
  await turns.removeShop(shop);
  await deps.productAiWaits.removeShop(shop);
  const trace = await shopTrace(deps.redis, shop, generationIds);
  for (const queue of deps.jobQueues) await queue.eraseShop(shop, trace);
}
