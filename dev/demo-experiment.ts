/**
 * The demo's image experiment: once an AI photo is published on a product of the demo shop (the
 * README's first step), starts an experiment on it through the app's own service (the app built
 * in this process on the stack's Redis, its experiments on the stack's compressed clock), sends
 * simulated shoppers to the app's intake a day at a time (dev/experiment-traffic.ts: the AI
 * photo sells twice as well), and resolves with one line (`say` tells the start) once the daily look has decided and
 * the end is done (the winner featured).
 */
import { setTimeout as delay } from 'node:timers/promises';
import { createApp, loadAppConfig, type App } from '../src/app/index.ts';
import { AppError } from '../src/platform/errors.ts';
import type { Generation } from '../src/pipeline/index.ts';
import { experimentTraffic } from './experiment-traffic.ts';
import type { Stack } from './stack.ts';

const DAY_MS = 86_400_000;
/** Shoppers a day: within the intake's per-experiment budget at a day every few seconds. */
const VISITORS_PER_DAY = 300;
const RATES = { control: 0.05, ai1: 0.1 };
/** How often the shop is checked for a new published photo. */
const WATCH_MS = 2_000;

const dayOf = (ms: number) => Math.floor(ms / DAY_MS);

/** A published AI photo of a product free for an experiment, not tried before; or null. */
async function nextPhoto(app: App, shop: string, tried: Set<string>): Promise<Generation | null> {
  const { generations } = await app.pipeline.generations.list(shop, { state: 'published' });
  for (const generation of generations) {
    if (generation.kind !== 'photo' || tried.has(generation.id)) continue;
    tried.add(generation.id);
    if (!(await app.engines.experiments.store.ofProduct(shop, generation.productId)))
      return generation;
  }
  return null;
}

export async function runDemoExperiment(
  stack: Stack,
  dayMs: number,
  { signal, say }: { signal: AbortSignal; say: (line: string) => void },
): Promise<string> {
  const clock = stack.experimentClock;
  const app = await createApp(loadAppConfig(stack.env), { experiments: { clock } });
  try {
    const tried = new Set<string>();
    for (;;) {
      signal.throwIfAborted();
      const photo = await nextPhoto(app, stack.shop, tried);
      if (!photo) {
        await delay(WATCH_MS, undefined, { signal });
        continue;
      }
      const started = await app.features.experiments
        .start(stack.shop, {
          productId: photo.productId,
          generationIds: [photo.id],
          goal: 'add_to_cart',
          endAction: 'keep_winner',
          minDays: 7,
          maxDays: 21,
        })
        .catch((error: unknown) => {
          // Held by a campaign, or its image not on Shopify yet: the next photo, or later.
          if (error instanceof AppError) return null;
          throw error;
        });
      if (!started) continue;
      say(
        `demo: image experiment started on “${photo.productTitle}” (Experiments page), a day every ${(dayMs / 1000).toFixed(0)} s`,
      );
      return await decide(app, stack, started.id, signal);
    }
  } finally {
    await app.close();
  }
}

/** Sends each compressed day's shoppers until the experiment has ended and finished. */
async function decide(app: App, stack: Stack, id: string, signal: AbortSignal): Promise<string> {
  const { shop, experimentClock: clock } = stack;
  const traffic = experimentTraffic({
    appUrl: stack.appUrl,
    shop,
    experiment: id,
    arms: [
      { arm: 'control', weight: 50, addToCartRate: RATES.control },
      { arm: 'ai1', weight: 50, addToCartRate: RATES.ai1 },
    ],
    seed: 1,
  });
  const startedMs = Date.now();
  try {
    for (
      let day = 1;
      (await app.engines.experiments.store.get(shop, id))?.state === 'running';
      day += 1
    ) {
      const today = dayOf(clock.now());
      await traffic.day(day, VISITORS_PER_DAY);
      while (dayOf(clock.now()) === today) await delay(100, undefined, { signal });
    }
    for (;;) {
      const view = await app.features.experiments.get(shop, id);
      if (!view.settling) {
        const ai = view.arms.find((arm) => arm.arm === 'ai1');
        const seconds = ((Date.now() - startedMs) / 1000).toFixed(0);
        const uplift = ai?.uplift ? `, ${ai.uplift.estimate.toFixed(0)} % more add-to-carts` : '';
        return `demo: image experiment decided on day ${view.day} after ${seconds} s: ${view.winner === 'ai1' ? `the AI photo won${uplift}, featured now` : `the ${view.winner ?? 'original'} stays (${view.why})`}`;
      }
      await delay(200, undefined, { signal });
    }
  } finally {
    traffic.close();
  }
}
