/**
 * An experiment that ended asking, on the Experiments page in the real app: its card shows each
 * arm over its complete days (the chart, an image named by its metric, and the table under
 * "Show the figures by day", a row a day; asked apart from the page's list, the chart's box of
 * the same size standing in meanwhile) and the action that keeps its winner, which asks first,
 * then makes the AI photo the product's featured image and says so.
 *
 * The experiment is written through the app's own stores on the stack's Redis, its days in the
 * past (a real one would need a day to pass): opened in the event store three days ago with
 * traffic on each day, and ended by its daily look's decision with nothing kept.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createExperimentEventStore } from '../../src/features/experiments/event-store.ts';
import { createExperimentStore } from '../../src/features/experiments/experiment-store.ts';
import { systemClock } from '../../src/platform/clock.ts';
import { closeRedis, connectRedis, type Redis } from '../../src/platform/redis/connection.ts';
import { axeViolations } from './support/axe.ts';
import { confirm, confirmation } from './support/confirm.ts';
import { eventually } from './support/eventually.ts';
import { productMedia, productsWithImages, type DemoProduct } from './support/merchant.ts';
import { browserSuite } from './support/suite.ts';

const DAY_MS = 86_400_000;
const suite = browserSuite('experiments-ask');
let redis: Redis;
beforeAll(async () => {
  redis = await connectRedis(suite.stack.redis.url, { name: 'browser-test' });
});
afterAll(() => closeRedis(redis));

/** `visitors` new visitors of `arm` on the day of `atMs`, the first `converting` adding to cart. */
async function traffic(
  experiment: { shop: string; id: string },
  arm: string,
  visitors: number,
  converting: number,
  atMs: number,
) {
  const events = createExperimentEventStore(redis);
  for (let n = 0; n < visitors; n += 1) {
    await events.record(
      {
        shop: experiment.shop,
        experiment: experiment.id,
        arm,
        visitor: `v-${randomUUID()}`,
        events: [
          { id: randomUUID(), type: 'exposure' },
          ...(n < converting ? [{ id: randomUUID(), type: 'product_added_to_cart' as const }] : []),
        ],
      },
      atMs,
    );
  }
}

/** The product's first image as the original, its second standing in for the AI photo. */
async function endedAsking(product: DemoProduct) {
  const { shop } = suite.stack;
  const [original, second] = await productMedia(suite.stack, product.numericId);
  const store = createExperimentStore({ redis, clock: systemClock, namespace: 'main' });
  const now = Date.now();
  const created = await store.create(
    {
      shop,
      productId: product.id,
      arms: [
        { arm: 'control', media: original!.id, image: original!.url!, generationId: null },
        { arm: 'ai1', media: second!.id, image: second!.url!, generationId: null },
      ],
      weights: [50, 50],
      goal: 'add_to_cart',
      minDays: 1,
      maxDays: 5,
      endAction: 'ask',
      losers: 'keep_in_product',
    },
    now + 30 * DAY_MS,
  );
  await createExperimentEventStore(redis).open(shop, {
    id: created.id,
    arms: ['control', 'ai1'],
    startsAtMs: now - 3 * DAY_MS,
    days: 6,
  });
  for (const daysAgo of [3, 2, 1]) {
    await traffic(created, 'control', 60, 3, now - daysAgo * DAY_MS);
    await traffic(created, 'ai1', 60, 9, now - daysAgo * DAY_MS);
  }
  const ended = await store.end(shop, created.id, {
    why: 'decided',
    winner: 'ai1',
    keep: null,
    uplift: { estimate: 180, lower: 40, upper: 400 },
  });
  await store.finish(ended);
  return { original: original!.id, ai: second!.id };
}

test('an experiment that ended asking shows its days, and keeps its winner once confirmed', async () => {
  const { admin, stack } = suite;
  const product = (await productsWithImages(stack)).find((each) => each.mediaCount >= 2)!;
  const media = await endedAsking(product);

  // The card's days are held back until the test lets them through: the chart's box meanwhile.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await admin.page.route('**/api/experiments/*/days', async (route) => {
    await released;
    await route.continue();
  });
  await admin.open('/experiments');
  const card = admin.app.getByRole('region', { name: product.title });
  await eventually(() => card.isVisible()).toBe(true);
  const pending = card.getByRole('img', { name: 'Loading the figures by day…' });
  await eventually(() => pending.isVisible()).toBe(true);
  const figure = card.locator('figure');
  const boxWhilePending = await figure.boundingBox();
  release();
  expect(
    await card
      .getByText('The AI photo sells better: make it the featured image when you are ready.')
      .isVisible(),
  ).toBe(true);
  // Its days are asked once the card is in view (not with the page's poll).
  const chart = card.getByRole('img', {
    name: 'Add-to-cart rate of each image by day, with its interval',
  });
  await eventually(() => chart.isVisible()).toBe(true);
  // The days arriving move nothing: the chart's box was already its size.
  const box = await figure.boundingBox();
  expect(box!.height).toBeCloseTo(boxWhilePending!.height, 0);
  expect(box!.y).toBeCloseTo(boxWhilePending!.y, 0);
  await admin.page.unroute('**/api/experiments/*/days');

  // The figures by day: folded at first, then a row a complete day (three), the newest first.
  const show = card.getByRole('button', { name: 'Show the figures by day' });
  expect(await show.getAttribute('aria-expanded')).toBe('false');
  await show.click();
  const table = card.getByRole('table').filter({
    has: admin.app.getByRole('columnheader', { name: 'Day' }),
  });
  await eventually(() => table.isVisible()).toBe(true);
  const rows = table.getByRole('row');
  expect(await rows.count()).toBe(4);
  // The day is the row's header; a cell an arm: its rate to date with its interval.
  const newest = rows.nth(1).getByRole('cell');
  const interval = /^\d+(\.\d)?% \(\d+(\.\d)?% to \d+(\.\d)?%\)$/;
  expect(await newest.count()).toBe(2);
  expect(await newest.first().textContent()).toMatch(interval);
  expect(await newest.last().textContent()).toMatch(interval);
  expect(await axeViolations(admin)).toEqual([]);
  await admin.screenshot('experiments-ask-days');

  await card.getByRole('button', { name: 'Keep the AI photo as featured' }).click();
  const asked = await confirmation(admin, 'Make the AI photo the featured image?');
  expect(await asked.getByText('The other images stay in the product’s media.').isVisible()).toBe(
    true,
  );
  expect(await axeViolations(admin)).toEqual([]);
  await confirm(admin, 'Keep the AI photo as featured');
  await eventually(() =>
    card.getByText('The AI photo sells better: it is now the featured image.').isVisible(),
  ).toBe(true);
  expect(await card.getByRole('button', { name: 'Keep the AI photo as featured' }).count()).toBe(0);
  await eventually(async () => (await productMedia(stack, product.numericId))[0]!.id).toBe(
    media.ai,
  );
});
