/**
 * The demo's image experiment: the demo publishes its own first AI photo on a fresh shop
 * (demo-first-photo.ts), and as soon as an AI photo is published on a product of the demo shop
 * (that one, or the README's first step's), starts an experiment on it through the app's own
 * service (the app built in this process on the stack's Redis, its experiments on the stack's
 * compressed clock), sends simulated shoppers to the app's intake a day at a time
 * (dev/experiment-traffic.ts: the AI photo sells twice as well), and resolves with one line
 * (`say` tells the start) once the daily look has decided and the end is done (the winner
 * featured). On its first day a few of the shoppers are real Chromium ones on the emulator's
 * storefront (dev/browser-shoppers.ts: the real embed and pixel, one refusing consent), unless
 * `browserShoppers` is 0 or there is no Chromium.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { createApp, loadAppConfig, type App } from '../src/app/index.ts';
import { AppError } from '../src/platform/errors.ts';
import type { Generation } from '../src/pipeline/index.ts';
import { browserShoppers, type BrowserShopper } from './browser-shoppers.ts';
import { hasChromium, launchChromium } from './chromium.ts';
import { publishDemoFirstPhoto } from './demo-first-photo.ts';
import { experimentTraffic, type SimulatedArm } from './experiment-traffic.ts';
import type { Stack } from './stack.ts';

const DAY_MS = 86_400_000;
/** Shoppers a day: within the intake's per-experiment budget at a day every few seconds. */
const VISITORS_PER_DAY = 300;
const RATES = { control: 0.05, ai1: 0.1 };
const ARMS: SimulatedArm[] = [
  { arm: 'control', weight: 50, addToCartRate: RATES.control },
  { arm: 'ai1', weight: 50, addToCartRate: RATES.ai1 },
];
/** How often the shop is checked for a new published photo. */
const WATCH_MS = 2_000;

export interface DemoExperimentOptions {
  signal: AbortSignal;
  say: (line: string) => void;
  /** Real Chromium shoppers on the first day (one of them refusing consent); 0: none. */
  browserShoppers: number;
}

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
  { signal, say, browserShoppers: browsers }: DemoExperimentOptions,
): Promise<string> {
  const clock = stack.experimentClock;
  const app = await createApp(loadAppConfig(stack.env), { experiments: { clock } });
  try {
    const first = await publishDemoFirstPhoto(app, stack, signal);
    say(`demo: an AI photo of “${first.productTitle}” is published (Activity)`);
    // Its own photo first: one of a restarted demo's kept in Redis is not on this run's Shopify.
    const tried = new Set<string>([first.id]);
    let photo: Generation | null = first;
    for (; ; photo = null) {
      signal.throwIfAborted();
      photo ??= await nextPhoto(app, stack.shop, tried);
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
      return await decide(
        app,
        stack,
        { id: started.id, productId: photo.productId },
        { signal, say, browserShoppers: browsers },
      );
    }
  } finally {
    await app.close();
  }
}

/** The product's storefront page on the Shopify emulator. */
async function storefrontPage(stack: Stack, productId: string): Promise<string> {
  const numericId = productId.split('/').pop();
  const { products } = (await (
    await fetch(`${stack.shopify.url}/__emulator/shops/${stack.shop}/products`)
  ).json()) as { products: { numericId: number; handle: string }[] };
  const product = products.find((candidate) => String(candidate.numericId) === numericId);
  if (!product) throw new Error(`no product ${productId} on the emulator`);
  return `${stack.shopify.url}/storefront/${stack.shop}/products/${product.handle}`;
}

/** A few Chromium shoppers on the storefront, the browser closed after; what they did. */
async function shopInBrowsers(
  app: App,
  stack: Stack,
  experiment: { id: string; productId: string },
  count: number,
): Promise<string> {
  const browser = await launchChromium();
  try {
    const shoppers: BrowserShopper[] = await browserShoppers(browser, {
      productUrl: await storefrontPage(stack, experiment.productId),
      intakeUrl: new URL('/experiments/events', app.config.shopify.appUrl).href,
      experiment: experiment.id,
      arms: ARMS,
      consenting: count - 1,
      refusing: 1,
      seed: 1,
    });
    const counted = shoppers.filter((shopper) => shopper.consent);
    const added = counted.filter((shopper) => shopper.addedToCart).length;
    return `demo: ${counted.length} Chromium shoppers on the storefront (${counted.map((shopper) => shopper.arm).join(', ')}; ${added} added to cart) and 1 refusing consent (nothing sent)`;
  } finally {
    await browser.close();
  }
}

/** Sends each compressed day's shoppers until the experiment has ended and finished. */
async function decide(
  app: App,
  stack: Stack,
  experiment: { id: string; productId: string },
  { signal, say, browserShoppers: browsers }: DemoExperimentOptions,
): Promise<string> {
  const { shop, experimentClock: clock } = stack;
  const { id } = experiment;
  const traffic = experimentTraffic({
    appUrl: stack.appUrl,
    shop,
    experiment: id,
    arms: ARMS,
    seed: 1,
  });
  const startedMs = Date.now();
  // Beside the first day's plain-HTTP shoppers; a browser that fails costs the demo nothing else.
  const inBrowsers =
    browsers > 0 && hasChromium()
      ? shopInBrowsers(app, stack, experiment, browsers).then(say, (error: unknown) =>
          say(`demo: the Chromium shoppers stopped: ${String(error)}`),
        )
      : Promise.resolve();
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
        await inBrowsers;
        return `demo: image experiment decided on day ${view.day} after ${seconds} s: ${view.winner === 'ai1' ? `the AI photo won${uplift}, featured now` : `the ${view.winner ?? 'original'} stays (${view.why})`}`;
      }
      await delay(200, undefined, { signal });
    }
  } finally {
    traffic.close();
  }
}
