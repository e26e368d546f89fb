/**
 * Putting generations in line: the fair scheduler's line (limits/fair-scheduler.ts), from which
 * the dispatcher hands them to the submit stage. A generation put in line while its shop is
 * paused (no credits, no key: shop-pause.ts) waits as `paused` instead, with the shop's
 * reason, until the merchant resumes the shop.
 *
 * A new generation is stored and put in line in one atomic step (create-in-line.lua): a crash
 * between the two would leave a `queued` generation nothing ever sends. The same step checks the
 * shop's cap of generations not yet final (limits/shop-quotas.ts): every way in here is within it
 * (clicks, their retries, Save again, an unclaimed result attached, a bulk run's products).
 * Generations created elsewhere (store.createOnce: rules, Flow, a changed result's next try) are
 * checked against the same cap when they are created, and only `admit`ted here.
 */
import type { Generation, GenerationState, NewGeneration } from '../generations/generation.ts';
import type { GenerationStore } from '../generations/generation-store.ts';
import type { FairScheduler } from '../limits/fair-scheduler.ts';
import type { ShopPause } from './shop-pause.ts';
import { pendingCapError } from '../limits/shop-quotas.ts';

export interface GenerationLine {
  /**
   * Creates a generation and puts it in line: interactive first, shops take turns; within the
   * shop's cap of generations not yet final, as `enqueueWithinQuota`.
   */
  enqueueGeneration(input: NewGeneration): Promise<Generation>;
  /**
   * Creates generations of one shop and priority (a click's results, a product's set) and puts
   * them in line together, or none: throws the 429 (`limited`, pending_generations_cap) when
   * they would take the shop past its cap of generations not yet final.
   */
  enqueueWithinQuota(inputs: readonly NewGeneration[]): Promise<Generation[]>;
  /**
   * Throws the same 429 when `adding` more would take the shop past its cap, counted as the
   * cap's script counts (one round trip): the look a click takes before it reads anything from
   * Shopify, so that a shop flooding past its cap costs a Redis read a click, not Admin calls and
   * the web process's time. `enqueueWithinQuota`'s script stays the exact check.
   */
  refuseAtCap(shop: string, adding: number): Promise<void>;
  /**
   * Puts a generation created `queued` but not yet in line (store.createOnce) in line; doing it
   * again for one already in line changes nothing.
   */
  admit(generation: Generation): Promise<Generation>;
  /** Puts a generation back in line from one of `from` (paused by its bulk run, ...). */
  requeue(
    shop: string,
    id: string,
    from: readonly GenerationState[],
    note?: string,
  ): Promise<Generation>;
  /** Resumes a shop paused for credits or its key; returns how many generations went back in line. */
  resumeShop(shop: string): Promise<number>;
}

export function createGenerationLine(deps: {
  generations: GenerationStore;
  scheduler: FairScheduler;
  shopPause: ShopPause;
  /** The shop's most generations not yet final (config quotas.pendingPerShop). */
  pendingCap: number;
}): GenerationLine {
  const { generations, scheduler, shopPause, pendingCap } = deps;

  const itemOf = (generation: Generation) => ({
    shop: generation.shop,
    generationId: generation.id,
    priority: generation.priority,
  });

  /** The generation as it is once in line: `paused` when its shop is. */
  async function heldIfPaused(generation: Generation): Promise<Generation> {
    // Read back only when held: a click's answer needs no second round trip for `queued`.
    if (!(await shopPause.holdIfPaused(generation.shop, generation.id))) return generation;
    return (await generations.get(generation.shop, generation.id)) ?? generation;
  }

  async function enqueueWithinQuota(inputs: readonly NewGeneration[]): Promise<Generation[]> {
    const prepared = inputs.map((input) => generations.prepare(input));
    const { admitted } = await scheduler.pushNewWithin(
      prepared.map(({ generation }) => itemOf(generation)),
      prepared.flatMap(({ writes }) => writes),
      pendingCap,
    );
    if (!admitted) throw pendingCapError(pendingCap);
    const created = [];
    for (const { generation } of prepared) created.push(await heldIfPaused(generation));
    return created;
  }

  return {
    async enqueueGeneration(input) {
      return (await enqueueWithinQuota([input]))[0]!;
    },

    enqueueWithinQuota,

    async refuseAtCap(shop, adding) {
      if (pendingCap <= 0) return;
      const pending = await scheduler.pendingOf(shop);
      if (pending + adding > pendingCap) throw pendingCapError(pendingCap);
    },

    async admit(generation) {
      await scheduler.push(itemOf(generation));
      return heldIfPaused(generation);
    },

    async requeue(shop, id, from, note) {
      const generation = await generations.transition(shop, id, {
        from,
        to: 'queued',
        patch: { reason: null, action: null, pausedBy: null },
        note,
      });
      await scheduler.push(itemOf(generation));
      await shopPause.holdIfPaused(shop, id);
      return generation;
    },

    resumeShop: (shop) => shopPause.resume(shop),
  };
}
