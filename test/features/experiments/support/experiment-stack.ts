/**
 * The set-up every experiments' end-to-end test shares, built and torn down here: the app on the
 * Shopify emulator and the suite's Redis with the experiments' worker in this process (on `clock`
 * when the test moves it, reconciling every 100 ms), or the app of a crash stack whose workers are
 * processes the test starts and kills; the image host the AI photos are served from; a new shop
 * with a product of the seed that has images; and a first day on which the AI photo sells far
 * better. `stack.app` and the rest are there from `beforeAll` on.
 *
 *   const stack = experimentStack({ clock });                            // in this process
 *   const stack = experimentStack({ crash: crashStack('experiment-crash') }); // worker processes
 */
import { afterAll, beforeAll } from 'vitest';
import type { ExperimentWorker } from '../../../../src/features/experiments/experiment-runner.ts';
import type { OffsetClock } from '../../../../src/platform/clock.ts';
import type { CrashStack } from '../../../pipeline/support/crash-stack.ts';
import type {
  ExperimentView,
  StartExperimentRequest,
} from '../../../../src/app-api/experiments.ts';
import type { Generation } from '../../../../src/pipeline/index.ts';
import { startTestApp, type TestApp } from '../../../support/app.ts';
import { startImageHost, type HostedImages } from '../../../support/product-images.ts';
import { seededProducts } from '../../../support/seeded-shop.ts';
import { productMedia } from '../../../support/shop-media.ts';
import { until } from '../../../support/until.ts';
import { publishedPhoto, traffic } from './published-photos.ts';

export interface ExperimentStack {
  readonly app: TestApp;
  readonly images: HostedImages;
  /** The experiments' worker in this process (a crash stack has none: its workers are processes). */
  readonly worker: ExperimentWorker;
  /** A new shop with the app installed; its seeded products that have images, in the seed's order. */
  newShop(): Promise<{ shop: string; products: string[] }>;
  /**
   * An experiment started on a new shop's product (the seed's `product`th that has images, the
   * first by default) on its AI photo, published first (`featured`: as the featured image, the
   * start waiting until it is): by default to add to cart, keeping the winner. `mediaBefore`: the
   * product's media before the photo was published.
   */
  startedOnNewShop(options?: {
    product?: number;
    featured?: boolean;
    start?: Partial<Omit<StartExperimentRequest, 'productId' | 'generationIds'>>;
  }): Promise<{
    shop: string;
    productId: string;
    mediaBefore: string[];
    photo: Generation;
    started: ExperimentView;
  }>;
  /**
   * The experiment's first day (from its start): 150 visitors on each arm, 6 adding the original
   * to cart and 60 the AI photo, so the next day's look decides for the AI photo.
   */
  aiPhotoSellsBetter(shop: string, experiment: { id: string; startedAt: string }): Promise<void>;
}

export function experimentStack(
  options: { clock?: OffsetClock; crash?: CrashStack } = {},
): ExperimentStack {
  let app: TestApp | undefined;
  let images: HostedImages | undefined;
  let worker: ExperimentWorker | undefined;
  const { crash } = options;

  beforeAll(async () => {
    app = crash
      ? crash.app
      : await startTestApp({
          emulator: { mediaProcessingMs: 100 },
          overrides: {
            experiments: { ...(options.clock ? { clock: options.clock } : {}), reconcileMs: 100 },
          },
          webhookWorker: false,
        });
    images = await startImageHost();
    if (!crash) worker = app.deps.engines.experiments.startWorker();
  });
  // The app closes itself after the file (startTestApp), a crash stack's with the stack.
  afterAll(async () => {
    await worker?.close();
    await images?.close();
  });

  const started = <T>(part: T | undefined, what: string): T => {
    if (part === undefined) throw new Error(`the experiments' ${what} is not started yet`);
    return part;
  };
  const stack: ExperimentStack = {
    get app() {
      return started(app, 'app');
    },
    get images() {
      return started(images, 'image host');
    },
    get worker() {
      return started(worker, 'worker (none in this process on a crash stack)');
    },
    async newShop() {
      const testApp = stack.app;
      let shop: string;
      if (crash) {
        ({ shop } = await crash.newShop());
      } else {
        shop = testApp.newShop();
        await testApp.deps.offlineTokens.ensure(shop, testApp.sessionToken(shop));
      }
      const products = (await seededProducts(testApp, shop)).filter(
        (product) => product.mediaCount > 0,
      );
      return { shop, products: products.map((product) => product.id) };
    },
    async startedOnNewShop({ product = 0, featured = false, start = {} } = {}) {
      const { app, images } = stack;
      const { shop, products } = await stack.newShop();
      const productId = products[product]!;
      const mediaBefore = (await productMedia(app, shop, productId)).map((media) => media.id);
      const photo = await publishedPhoto(app, images, shop, productId, { featured });
      if (featured) {
        await until(
          'the AI photo to be featured',
          async () => (await productMedia(app, shop, productId))[0]!.id === photo.fileId,
        );
      }
      const started = await app.deps.features.experiments.start(shop, {
        productId,
        generationIds: [photo.id],
        goal: 'add_to_cart',
        endAction: 'keep_winner',
        ...start,
      });
      return { shop, productId, mediaBefore, photo, started };
    },
    async aiPhotoSellsBetter(shop, { id, startedAt }) {
      const at = Date.parse(startedAt);
      await traffic(stack.app.deps, { shop, id }, 'control', 150, 6, at);
      await traffic(stack.app.deps, { shop, id }, 'ai1', 150, 60, at);
    },
  };
  return stack;
}
